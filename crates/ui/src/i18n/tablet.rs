//! The words of table mode's shared screen (the tablet) that follow the play: the step
//! under way as everyone sees it, the board's accessible name, the pairing link's buttons,
//! the seats' roles and the final scores. The Days already played are worded by the game's
//! own narration and Season log ([`super::narration`], [`super::season_log`]).

use super::{narration, piece, square, Lang};
use lauzait_engine::{Phase, PublicView, Status, Step};

/// Fixed texts of the shared screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum W {
    /// The heading of the narration of the Day under way.
    Now,
    /// The heading of the last Day's narration.
    LastDay,
    CopyLink,
    ShareLink,
    LinkCopied,
    LinkText,
    FinalScores,
    /// Who plays a seat, before its button.
    PlayedBy,
    MakeComputer,
    MakePerson,
}

pub fn w(l: Lang, key: W) -> &'static str {
    use W::*;
    match key {
        Now => l.pick("Now", "いま"),
        LastDay => l.pick("Last Day", "前の手番"),
        CopyLink => l.pick("Copy link", "リンクをコピー"),
        ShareLink => l.pick("Share link…", "リンクを共有…"),
        LinkCopied => l.pick("Link copied.", "リンクをコピーしました。"),
        LinkText => l.pick("…or open this link on the phone", "…またはこのリンクをスマホで開く"),
        FinalScores => l.pick("Final scores", "最終得点"),
        PlayedBy => l.pick("played by", "担当："),
        MakeComputer => l.pick("Let the computer play it", "コンピューターに任せる"),
        MakePerson => l.pick("Let a person play it", "人が遊ぶ"),
    }
}

/// The name of a seat's pairing link, for its field and buttons.
pub fn link_of(l: Lang, name: &str) -> String {
    match l {
        Lang::En => format!("{name}'s pairing link"),
        Lang::Ja => format!("{name}の接続リンク"),
    }
}

/// A step of the Day under way, as everyone saw it (a discard onto its square, the piece
/// chosen to move, a Department formed or dissolved).
pub fn step_line(l: Lang, who: &str, view: &PublicView, step: &Step) -> String {
    match *step {
        Step::Discard { piece: p, square: sq } => match l {
            Lang::En => format!("{who} discards {} onto {}.", piece(l, p), square(l, sq)),
            Lang::Ja => format!("{who}が{}を{}に捨てました。", piece(l, p), square(l, sq)),
        },
        Step::Move { from } => {
            let p = view.board().get(from).map(|p| piece(l, p)).unwrap_or_default();
            match l {
                Lang::En => format!("{who} moves {p} from {}.", square(l, from)),
                Lang::Ja => format!("{who}が{}の{p}を動かします。", square(l, from)),
            }
        }
        Step::Form { .. } | Step::Dissolve { .. } => narration::committed_step_text(l, who, step),
    }
}

/// Sentences, each ending in its own full stop, run together as the language writes them.
pub fn sentences(l: Lang, said: &[String]) -> String {
    said.join(l.pick(" ", ""))
}

/// What the player whose Day it is has to choose now, with what the board marks.
pub fn choosing(l: Lang, who: &str, view: &PublicView) -> String {
    match view.phase() {
        Phase::Beginning { .. } => match l {
            Lang::En => {
                format!("{who} may form or dissolve a Department, then discards a piece onto the empty square.")
            }
            Lang::Ja => format!("{who}は配属か温故知新のあと、空いたマスに駒を捨てます。"),
        },
        Phase::Discarded { .. } => {
            let n = view.movers().len();
            match l {
                Lang::En => format!("{who} chooses a piece to move: {n} can move (ringed)."),
                Lang::Ja => format!("{who}が動かす駒を選びます：動かせる駒は{n}個（枠付き）。"),
            }
        }
        Phase::Moving { .. } => {
            let dests = view.destinations();
            let water = dests.iter().filter(|d| d.is_water()).count();
            match l {
                Lang::En => format!(
                    "{who} chooses where it goes: {} squares marked, {water} of them Water (the sticks decide there).",
                    dests.len()
                ),
                Lang::Ja => {
                    format!("{who}が移動先を選びます：{}マス（うち水{water}、投げ棒で決まります）。", dests.len())
                }
            }
        }
    }
}

/// The board's accessible name: the Season, the Day and whose it is, the step under way
/// and the squares it marks.
pub fn board_label(l: Lang, view: &PublicView, who: &dyn Fn(usize) -> String) -> String {
    let sep = l.pick(". ", "。");
    let mut head = vec![
        super::table_mode::t(l, super::table_mode::T::Board).to_string(),
        super::season_of(l, view.season_number(), view.scores().len()),
        super::day_n(l, view.day_number()),
    ];
    if view.status() != Status::Playing {
        return head.join(sep);
    }
    let mover = who(view.to_move());
    head.push(super::whose_day(l, &mover));
    // Sentences that end in their own full stop follow the heading's parts.
    let mut said: Vec<String> = view.day_steps().iter().map(|s| step_line(l, &mover, view, s)).collect();
    said.push(choosing(l, &mover, view));
    let marked = match view.phase() {
        Phase::Discarded { .. } => view.movers(),
        Phase::Moving { .. } => view.destinations().to_vec(),
        Phase::Beginning { .. } => Vec::new(),
    };
    if !marked.is_empty() {
        let names: Vec<String> = marked.iter().map(|&sq| square(l, sq)).collect();
        said.push(match l {
            Lang::En => format!("Marked: {}.", names.join(", ")),
            Lang::Ja => format!("印のマス：{}。", names.join("、")),
        });
    }
    format!("{}{sep}{}", head.join(sep), sentences(l, &said))
}
