//! Sentences about the game in both languages: what a step or a Day did (the live region,
//! the status line, the hand-over), the instruction for the moment, the keyboard cursor's
//! square and the board's accessible name.

use super::{pieces, pts, s, Lang, S};
use crate::layout::HandSlot;
use crate::model::{Legal, Session, Target};
use crate::play::prompt::{DayChoice, Prompt};
use lauzait_engine::{Action, Game, HireRecord, Phase, Piece, Reading, Step};

pub fn undone(l: Lang) -> &'static str {
    match l {
        Lang::En => "Undone.",
        Lang::Ja => "取り消しました。",
    }
}

/// What a step of the Day under way did (not yet committed).
pub fn step_text(lang: Lang, who: &str, sess: &Session, action: Action) -> String {
    let g = sess.game();
    match action {
        Action::Discard { piece } => {
            let sq = match g.day().phase() {
                Phase::Discarded { square, .. } => square.to_string(),
                _ => String::new(),
            };
            let n = g.day().movers().len();
            match lang {
                Lang::En => format!("{who} discards {} onto {sq}. {n} pieces can move.", super::piece(lang, piece)),
                Lang::Ja => format!("{who}が{}を{sq}に捨てました。動かせる駒は{n}個。", super::piece(lang, piece)),
            }
        }
        Action::Move { from } => {
            let p = g.day().board.get(from).map(|p| super::piece(lang, p)).unwrap_or_default();
            let dests = g.day().destinations();
            let water = dests.iter().filter(|d| d.is_water()).count();
            match lang {
                Lang::En => format!(
                    "{who} moves {p} from {}. {} destinations, {water} of them Water.",
                    super::square(lang, from),
                    dests.len()
                ),
                Lang::Ja => format!(
                    "{who}が{}の{p}を動かします。移動先{}マス（うち水{water}）。",
                    super::square(lang, from),
                    dests.len()
                ),
            }
        }
        Action::Form { .. } | Action::Dissolve { .. } => match g.day().steps.last() {
            Some(step) => committed_step_text(lang, who, step),
            None => String::new(),
        },
        _ => String::new(),
    }
}

/// How a set with a Joker is read (" read as Green 1, Green 2, Green 3"): the same pieces
/// can make different sets then, told apart only by this. Empty for a set without one.
pub fn joker_reading(lang: Lang, set: &[Piece; 3], reading: &Reading) -> String {
    let Some(read) = reading.joker_stands_for(set) else { return String::new() };
    match lang {
        Lang::En => format!(" read as {}", pieces(lang, &read)),
        Lang::Ja => format!("（{}として）", pieces(lang, &read)),
    }
}

/// What a Form or Dissolve step did.
pub fn committed_step_text(lang: Lang, who: &str, step: &Step) -> String {
    match *step {
        Step::Form { pieces: set, reading, bonus } => {
            let read = joker_reading(lang, &set, &reading);
            match lang {
                Lang::En => format!("{who} forms a Department: {}{read}, bonus +{bonus}.", pieces(lang, &set)),
                Lang::Ja => format!("{who}が配属：{}{read}、ボーナス+{bonus}点。", pieces(lang, &set)),
            }
        }
        Step::Dissolve { refund, .. } => match lang {
            Lang::En => format!("{who} dissolves a Department and pays back {} (R9).", pts(lang, refund as i32)),
            Lang::Ja => format!("{who}が温故知新：{refund}点を返納（R9）。"),
        },
        _ => String::new(),
    }
}

/// What a committed Hiring did, including the throw (R12.5, R12.6).
pub fn hire_text(lang: Lang, sess: &Session, r: &HireRecord) -> String {
    let who = sess.who(lang, r.player);
    // The moving piece: the one taken back if it did not arrive, else the one now on `to`
    // (the committed board; the next Day's steps never change that square before its end).
    let mover = if r.arrived { sess.game().season().board.get(r.hire.to) } else { Some(r.taken) };
    hire_words(lang, &who, r, mover)
}

/// What a Hiring did, its throw included, with the piece that moved (the Season log knows
/// it for every Day; `None` leaves it unnamed).
pub fn hire_words(lang: Lang, who: &str, r: &HireRecord, mover: Option<lauzait_engine::Piece>) -> String {
    let h = r.hire;
    let taken = super::piece(lang, r.taken);
    let mover = mover.map(|p| super::piece(lang, p)).unwrap_or_default();
    let (discard, from, to) = (super::piece(lang, h.discard), super::square(lang, h.from), super::square(lang, h.to));
    let base = match lang {
        Lang::En => format!("{who} discarded {discard} and moved {mover} from {from} to {to}."),
        Lang::Ja => format!("{who}は{discard}を捨て、{from}の{mover}を{to}へ動かしました。"),
    };
    let result = match (r.sticks, r.arrived) {
        (None, _) => match lang {
            Lang::En => format!(" {who} takes {taken}."),
            Lang::Ja => format!("{taken}を取りました。"),
        },
        (Some(st), true) => match lang {
            Lang::En => format!(
                " Sticks: {} (3–5): the piece arrives and {who} takes {taken} (R12.6).",
                dark_faces(st.dark_faces())
            ),
            Lang::Ja => format!("投げ棒：濃い面{}本（3〜5）：駒は到着し、{taken}を取りました（R12.6）。", st.dark_faces()),
        },
        (Some(st), false) => match lang {
            Lang::En => format!(
                " Sticks: {} (0–2): the piece does not arrive; {who} takes the moving piece, {taken}, into the hand (R12.6).",
                dark_faces(st.dark_faces())
            ),
            Lang::Ja => format!(
                "投げ棒：濃い面{}本（0〜2）：駒は届かず、動かした{taken}を手駒に取りました（R12.6）。",
                st.dark_faces()
            ),
        },
    };
    base + &result
}

fn dark_faces(n: u8) -> String {
    if n == 1 {
        "1 dark face".into()
    } else {
        format!("{n} dark faces")
    }
}

/// A declaration of Lauzait-Cep! or a Stalemate, with its points.
pub fn declared(lang: Lang, who: &str, stalemate: bool, points: u32) -> String {
    let id = if stalemate { lauzait_engine::Pattern::Stalemate } else { lauzait_engine::Pattern::LauzaitCep };
    let name = super::pattern_name(lang, id);
    match lang {
        Lang::En => format!("{who} declares {name}: {}.", pts(lang, points as i32)),
        Lang::Ja => format!("{who}が{name}を宣言：{points}点。"),
    }
}

/// A new Season: who starts and which way play goes (R7).
pub fn season_began(lang: Lang, sess: &Session) -> String {
    let g = sess.game();
    let starter = sess.who(lang, g.to_move());
    let dir = super::direction(lang, g.season().direction);
    match lang {
        Lang::En => format!("Season {} begins: {starter} starts, play goes {dir} (R7).", g.season().number),
        Lang::Ja => format!("ラウンド{}開始：{starter}から{dir}に進みます（R7）。", g.season().number),
    }
}

/// A new game: how many play, who starts and which way play goes (R7).
pub fn game_began(lang: Lang, sess: &Session) -> String {
    let g = sess.game();
    let (n, starter) = (g.scores().len(), sess.who(lang, g.to_move()));
    let dir = super::direction(lang, g.season().direction);
    match lang {
        Lang::En => format!("A new game: {n} players. {starter} starts, play goes {dir} (R7)."),
        Lang::Ja => format!("新しいゲーム：{n}人。{starter}から{dir}に進みます（R7）。"),
    }
}

/// The instruction for the current moment, worded (the status bar and narration).
pub fn prompt(lang: Lang, prompt: &Prompt) -> String {
    let (name, choice) = match prompt {
        Prompt::NoGame => return s(lang, S::Title).into(),
        // A second line would not fit a phone on its side.
        Prompt::Replay => return String::new(),
        Prompt::SeasonOver => return s(lang, S::SeasonOverTitle).into(),
        Prompt::GameOver => return s(lang, S::FinalTitle).into(),
        Prompt::Throwing { mover } => {
            return match lang {
                Lang::En => format!("{mover} moves into Water: the sticks decide (R12.6)…"),
                Lang::Ja => format!("{mover}が水へ移動：投げ棒で決まります（R12.6）…"),
            }
        }
        Prompt::BotFailed { who, error } => {
            return super::bot_error(lang, who, &super::computer::day_failure(lang, error))
        }
        Prompt::BotThinking { who, level } => return super::bot_thinking(lang, who, *level),
        Prompt::BotDay { who, level } => return super::bot_day(lang, who, *level),
        Prompt::WhoseDay { who } => return super::whose_day(lang, who),
        Prompt::Choose { name, choice } => (name, choice),
    };
    let body = match choice {
        DayChoice::Stalemate => s(lang, S::PromptStalemate).to_string(),
        &DayChoice::Discard { any, declare, form, dissolve } => {
            let mut t = if any { super::hiring::discard_any(lang) } else { s(lang, S::PromptDiscard) }.to_string();
            let mut extra = Vec::new();
            if declare {
                extra.push(s(lang, S::Declare));
            }
            if form {
                extra.push(s(lang, S::Form));
            }
            if dissolve {
                extra.push(s(lang, S::Dissolve));
            }
            if !extra.is_empty() {
                let (or, comma) = match lang {
                    Lang::En => (" Or: ", ", "),
                    Lang::Ja => (" または：", "、"),
                };
                t.push_str(or);
                t.push_str(&extra.join(comma));
            }
            t
        }
        DayChoice::Mover => s(lang, S::PromptMover).to_string(),
        DayChoice::Confirm { preview } => format!("{preview} {}", super::hiring::confirm_prompt(lang)),
        DayChoice::FromMountain => s(lang, S::PromptMountain).to_string(),
        DayChoice::Destination => s(lang, S::PromptDestination).to_string(),
        DayChoice::Nothing => String::new(),
    };
    format!("{} — {body}", super::whose_day(lang, name))
}

/// A sentence for the keyboard cursor's square or piece.
pub fn describe_focus(lang: Lang, g: &Game, t: Target, legal: &Legal, hand: &[HandSlot]) -> String {
    let yes = |b: bool| match (b, lang) {
        (false, _) => "",
        (true, Lang::En) => ", can be chosen",
        (true, Lang::Ja) => "、選べます",
    };
    match t {
        Target::Square(sq) => {
            let what = match g.day().board.get(sq) {
                Some(p) => super::piece(lang, p),
                None => match lang {
                    Lang::En => "empty".into(),
                    Lang::Ja => "空き".into(),
                },
            };
            let ok = legal.movers.contains(&sq) || legal.destinations.contains(&sq);
            format!("{}: {what}{}", super::square(lang, sq), yes(ok))
        }
        Target::Hand(i) => match hand.get(i).and_then(|h| h.piece) {
            Some(p) => format!("{} {}{}", s(lang, S::Hand), super::piece(lang, p), yes(legal.discards.contains(&p))),
            None => String::new(),
        },
        Target::Dept(d) => {
            let departments = g.view(g.to_move()).map(|v| v.departments(g.to_move()));
            match departments.and_then(|ds| ds.get(d as usize)) {
                Some(dep) => format!("{}{}", pieces(lang, &dep.pieces), yes(legal.dissolvable.contains(&d))),
                None => String::new(),
            }
        }
    }
}

/// The board canvas's accessible name: what it is, the instruction, the shortcuts.
pub fn board_label(lang: Lang, prompt: &str) -> String {
    let mut label = match lang {
        Lang::En => "Lauzait Cep! board. ".to_string(),
        Lang::Ja => "ラウツァイト・セプの盤。".to_string(),
    };
    label.push_str(prompt);
    label.push(' ');
    label.push_str(s(lang, S::Shortcuts));
    label
}
