//! English and Japanese strings. Pattern and action names follow RULES.md and the
//! Japanese rulebook/summary sheet (国官集来, 専門家委員会, 大行列, 重なり橋, 筆兵無傾,
//! 闇戦之集; 登用 Hiring, 配属 Form, 温故知新 Dissolve, 光駒 luminous piece).
//!
//! Rule explanations: in English the engine's own `RuleError` text is shown verbatim; in
//! Japanese each variant is translated here, keeping the rule id.

use lauzait_bots::{Level, Player};
use lauzait_engine::{Colour, DayMoment, DayStep, Direction, Pattern, Piece, RuleError, Seat, Square};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Ja,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// The language of a BCP 47 tag such as `navigator.language` ("ja-JP" → Japanese).
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("ja") {
            Lang::Ja
        } else {
            Lang::En
        }
    }

    fn pick(self, en: &'static str, ja: &'static str) -> &'static str {
        match self {
            Lang::En => en,
            Lang::Ja => ja,
        }
    }
}

/// Fixed strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum S {
    Title,
    Menu,
    Close,
    Cancel,
    Undo,
    Form,
    Dissolve,
    Declare,
    Stalemate,
    NewGame,
    StartGame,
    Players,
    SeatsAndNames,
    LuminousRule,
    LuminousRuleNote,
    OpenHands,
    OpenHandsNote,
    Language,
    EndGameAgreement,
    EndSeasonAgreement,
    ConfirmEndGame,
    ConfirmEndSeason,
    ConfirmNewGame,
    Yes,
    Season,
    Day,
    Pool,
    Luminous,
    Hand,
    Score,
    Total,
    Points,
    FormTitle,
    FormNote,
    DissolveTitle,
    DeclareTitle,
    DeclareNote,
    DeclareConfirm,
    ScoringTitle,
    Pattern,
    Continue,
    NextSeason,
    SeasonOverTitle,
    FinalTitle,
    History,
    ByAgreement,
    TapWhenReady,
    LoadErrorTitle,
    LoadErrorNote,
    FreshStart,
    PromptDiscard,
    PromptMover,
    PromptDestination,
    PromptMountain,
    PromptStalemate,
    WaterMark,
    HiddenHand,
    Winner,
    Winners,
    SeeResults,
    Shortcuts,
    EmptySquareHint,
    Keys,
    NeedSeats,
    Mountain,
    Water,
    Thrown,
    WhoPlays,
    BotsNote,
    Speed,
    SpeedNote,
    Thinking,
    BotHand,
    Retry,
}

pub fn s(l: Lang, key: S) -> &'static str {
    use S::*;
    match key {
        Title => l.pick("Lauzait Cep!", "ラウツァイト・セプ！"),
        Menu => l.pick("Menu", "メニュー"),
        Close => l.pick("Close", "閉じる"),
        Cancel => l.pick("Cancel", "やめる"),
        Undo => l.pick("Undo", "取り消し"),
        Form => l.pick("Form a Department", "配属（組合せを公開）"),
        Dissolve => l.pick("Dissolve", "温故知新（組合せを戻す）"),
        Declare => l.pick("Lauzait-Cep!", "国官集来（ラウツァイト・セプ！）"),
        Stalemate => l.pick("Stalemate — end this Day", "闇戦之集 — 手番を終える"),
        NewGame => l.pick("New game", "新しいゲーム"),
        StartGame => l.pick("Start the game", "ゲーム開始"),
        Players => l.pick("Players", "人数"),
        SeatsAndNames => l.pick("Seats and names", "席と名前"),
        LuminousRule => l.pick("Luminous piece (optional rule R30)", "光駒（追加ルール R30）"),
        LuminousRuleNote => l.pick(
            "One pool piece is turned face up each Season; each such piece in the declarer's hand is worth +1.",
            "各ラウンドの準備後に伏せ駒を1つ表にします。宣言時、手駒の同じ駒1つにつき+1点。",
        ),
        OpenHands => l.pick("Open hands (teaching)", "手駒を公開（練習用）"),
        OpenHandsNote => l.pick(
            "Everyone's concealed pieces are shown and there is no hand-over screen.",
            "全員の手駒を表示し、交代画面を省きます。",
        ),
        Language => l.pick("Language", "言語"),
        EndGameAgreement => l.pick("End the game by agreement (R20)", "合意でゲーム終了（R20）"),
        EndSeasonAgreement => l.pick("End this Season by agreement", "合意でこのラウンドを終了"),
        ConfirmEndGame => l.pick(
            "Do all players agree to end the game now? The highest score wins (R20).",
            "全員の合意でゲームを今終えますか？最高得点のプレイヤーが勝ちです（R20）。",
        ),
        ConfirmEndSeason => l.pick(
            "Do all players agree to end this Season now? Nobody declares, so no hand scores; the bonuses already won for revealed Departments stay (R18).",
            "全員の合意でこのラウンドを今終えますか？上がりがないので手の得点はありませんが、公開した組合せですでに得たボーナスは残ります（R18）。",
        ),
        ConfirmNewGame => l.pick(
            "Abandon the current game and start a new one?",
            "今のゲームをやめて新しいゲームを始めますか？",
        ),
        Yes => l.pick("Yes", "はい"),
        Season => l.pick("Season", "ラウンド"),
        Day => l.pick("Day", "手番"),
        Pool => l.pick("Pool", "伏せ駒"),
        Luminous => l.pick("Luminous", "光駒"),
        Hand => l.pick("hand", "手駒"),
        Score => l.pick("Score", "得点"),
        Total => l.pick("Total", "合計"),
        Points => l.pick("pts", "点"),
        FormTitle => l.pick("Form a Department (R10)", "配属：組合せを公開（R10）"),
        FormNote => l.pick(
            "Every set you can reveal now, with every way to read its Jokers and the bonus it earns (R14, R15).",
            "今公開できる組合せと、ワイルドのすべての読み方、そのボーナス点（R14, R15）。",
        ),
        DissolveTitle => l.pick("Dissolve a Department (R9)", "温故知新：組合せを戻す（R9）"),
        DeclareTitle => l.pick("Declare Lauzait-Cep!? (R11)", "国官集来（ラウツァイト・セプ！）を宣言しますか？（R11）"),
        DeclareNote => l.pick(
            "This ends the Season at once. Your hand scores:",
            "宣言するとすぐにラウンドが終わります。あなたの手駒の得点：",
        ),
        DeclareConfirm => l.pick("Declare Lauzait-Cep!", "国官集来！と宣言する"),
        ScoringTitle => l.pick("Lauzait-Cep!", "国官集来！"),
        Pattern => l.pick("Pattern", "役"),
        Continue => l.pick("Continue", "次へ"),
        NextSeason => l.pick("Start the next Season", "次のラウンドを始める"),
        SeasonOverTitle => l.pick("Season over", "ラウンド終了"),
        FinalTitle => l.pick("Final results", "最終結果"),
        History => l.pick("Score history", "得点の履歴"),
        ByAgreement => l.pick("ended by agreement", "合意で終了"),
        TapWhenReady => l.pick("tap when ready", "準備ができたらタップ"),
        LoadErrorTitle => l.pick("The saved game cannot be resumed", "保存されたゲームを再開できません"),
        LoadErrorNote => l.pick(
            "Nothing else stored by this browser was changed. You can start a new game; the unreadable save will be replaced.",
            "このブラウザのほかの保存データは変更していません。新しいゲームを始めると、読めない保存データは置き換えられます。",
        ),
        FreshStart => l.pick("Start fresh", "新しく始める"),
        PromptDiscard => l.pick(
            "Hiring: discard a lit piece from your hand onto the empty square.",
            "登用：光っている手駒を1つ選び、空きマスに捨ててください。",
        ),
        PromptMover => l.pick(
            "Choose a lit piece to move: the same colour and ±1, or a Joker.",
            "動かす駒を選んでください：同じ色で±1、またはワイルド。",
        ),
        PromptDestination => l.pick(
            "Choose where it goes. ≈ marks Water: there the sticks decide.",
            "移動先を選んでください。≈は水：投げ棒で決まります。",
        ),
        PromptMountain => l.pick(
            "From the Mountain (the green centre) it may go to any of 12 squares. ≈ marks Water.",
            "山（中央の緑）からは12マスのどこへでも動けます。≈は水。",
        ),
        PromptStalemate => l.pick(
            "No piece can be discarded, even after a Dissolve: this Day ends with a Stalemate.",
            "温故知新をしても捨てられる駒がありません：闇戦之集でこの手番を終えます。",
        ),
        WaterMark => l.pick("Water", "水"),
        HiddenHand => l.pick("Hidden until the hand-over", "交代まで非表示"),
        Winner => l.pick("Winner", "勝者"),
        Winners => l.pick("Winners", "勝者"),
        SeeResults => l.pick("See the final results", "最終結果を見る"),
        Shortcuts => l.pick(
            "Keyboard: arrows move the cursor, Enter selects, U or Esc undoes, F forms, D dissolves, L declares, H reads your hand, S the scores and revealed sets, G the Season log.",
            "キーボード：矢印でカーソル移動、Enterで選択、UまたはEscで取り消し、Fで配属、Dで温故知新、Lで宣言、Hで手駒、Sで得点と公開役、Gでラウンドの記録を読み上げ。",
        ),
        EmptySquareHint => l.pick(
            "Your discard will go here: choose a lit piece from your hand (R12.1).",
            "捨てた駒はここに置かれます：手駒から光っている駒を選んでください（R12.1）。",
        ),
        Keys => l.pick("Keys", "キー操作"),
        NeedSeats => l.pick("Choose 2 to 4 seats (R3).", "2〜4つの席を選んでください（R3）。"),
        Mountain => l.pick("Mountain", "山"),
        Water => l.pick("Water", "水"),
        Thrown => l.pick("The sticks", "投げ棒"),
        WhoPlays => l.pick("Who plays", "担当"),
        BotsNote => l.pick(
            "Person: someone at this device. Easy, Normal, Strong: the computer plays that seat. With one person there is no hand-over screen; with nobody, the computer players play the whole game.",
            "人：この端末で遊ぶ人。やさしい・ふつう・つよい：その席はコンピューターが遊びます。人が1人なら交代画面はなく、人がいなければコンピューターだけで最後まで遊びます。",
        ),
        Speed => l.pick("Computer players' speed", "コンピューターの速さ"),
        SpeedNote => l.pick(
            "How fast the computer players' Days are shown, step by step.",
            "コンピューターの手番を1手ずつ見せる速さ。",
        ),
        Thinking => l.pick("thinking…", "考え中…"),
        BotHand => l.pick("Hidden (computer player)", "非公開（コンピューター）"),
        Retry => l.pick("Retry", "もう一度"),
    }
}

pub fn seat_name(l: Lang, seat: Seat) -> &'static str {
    match seat {
        Seat::Red => l.pick("Red", "赤"),
        Seat::Blue => l.pick("Blue", "青"),
        Seat::Black => l.pick("Black", "黒"),
        Seat::Yellow => l.pick("Yellow", "黄"),
    }
}

pub fn seat_code(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "red",
        Seat::Blue => "blue",
        Seat::Black => "black",
        Seat::Yellow => "yellow",
    }
}

pub fn direction(l: Lang, d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => l.pick("clockwise", "時計回り"),
        Direction::Counterclockwise => l.pick("counterclockwise", "反時計回り"),
    }
}

/// "Green 3", "White 5", "Joker" / "兵3", "筆5", "ワイルド".
pub fn piece(l: Lang, p: Piece) -> String {
    match (p.colour(), p.number()) {
        (Some(Colour::Green), Some(n)) => format!("{}{}", l.pick("Green ", "兵"), n),
        (Some(Colour::White), Some(n)) => format!("{}{}", l.pick("White ", "筆"), n),
        _ => l.pick("Joker", "ワイルド").to_string(),
    }
}

pub fn pieces(l: Lang, ps: &[Piece]) -> String {
    let sep = l.pick(", ", "・");
    ps.iter().map(|&p| piece(l, p)).collect::<Vec<_>>().join(sep)
}

/// "c2 (Water)", "c3 (Mountain)", "b4".
pub fn square(l: Lang, sq: Square) -> String {
    if sq.is_mountain() {
        format!("{sq}{}", l.pick(" (Mountain)", "（山）"))
    } else if sq.is_water() {
        format!("{sq}{}", l.pick(" (Water)", "（水）"))
    } else {
        sq.to_string()
    }
}

/// True when a player kept the seat's name as their name ("Red").
pub fn is_seat_name(name: &str, seat: Seat) -> bool {
    name == seat_name(Lang::En, seat) || name == seat_name(Lang::Ja, seat)
}

/// "Alice (Red)", or just "Red" for a player named after the seat.
pub fn player(l: Lang, name: &str, seat: Seat) -> String {
    if is_seat_name(name, seat) {
        return seat_name(l, seat).to_string();
    }
    match l {
        Lang::En => format!("{name} ({})", seat_name(l, seat)),
        Lang::Ja => format!("{name}（{}）", seat_name(l, seat)),
    }
}

pub fn pts(l: Lang, n: i32) -> String {
    match l {
        Lang::En if n.abs() == 1 => format!("{n} pt"),
        Lang::En => format!("{n} pts"),
        Lang::Ja => format!("{n}点"),
    }
}

pub fn signed_pts(l: Lang, n: i32) -> String {
    let sign = if n > 0 { "+" } else { "" };
    match l {
        Lang::En if n.abs() == 1 => format!("{sign}{n} pt"),
        Lang::En => format!("{sign}{n} pts"),
        Lang::Ja => format!("{sign}{n}点"),
    }
}

/// A score as it stands during a Day: the committed points and, while the Day's Form or
/// Dissolve has changed them, the change it will commit ("3 pts (+1 pt)").
pub fn score_now(l: Lang, score: i32, pending: i32) -> String {
    if pending == 0 {
        pts(l, score)
    } else {
        format!("{} ({})", pts(l, score), signed_pts(l, pending))
    }
}

/// The points the summary sheet prints for a pattern (the luminous bonus: per piece).
pub fn pattern_value(p: Pattern) -> String {
    match p {
        Pattern::Luminous => format!("+{}", p.points()),
        _ => p.points().to_string(),
    }
}

pub fn pattern_name(l: Lang, p: Pattern) -> &'static str {
    match p {
        Pattern::LauzaitCep => l.pick("Lauzait-Cep! (国官集来)", "国官集来（ラウツァイト・セプ！）"),
        Pattern::SpecializedExperts => l.pick("Specialized Experts (専門家委員会)", "専門家委員会"),
        Pattern::GreatSequence => l.pick("Great Sequence (大行列)", "大行列"),
        Pattern::LayeredBridges => l.pick("Layered Bridges (重なり橋)", "重なり橋"),
        Pattern::WellBalanced => l.pick("Well-Balanced (筆兵無傾)", "筆兵無傾"),
        Pattern::Stalemate => l.pick("Stalemate (闇戦之集)", "闇戦之集"),
        Pattern::Luminous => l.pick("Luminous pieces (光駒, R30)", "光駒（R30）"),
    }
}

pub fn pattern_condition(l: Lang, p: Pattern) -> &'static str {
    match p {
        Pattern::LauzaitCep => l.pick("always, on declaring", "宣言すると必ず"),
        Pattern::SpecializedExperts => {
            l.pick("all nine pieces one colour (Jokers as any colour)", "全ての駒が同じ色（ワイルドは任意の色）")
        }
        Pattern::GreatSequence => l.pick("nine consecutive numbers, colours free", "9個の連続する数（色は問わない）"),
        Pattern::LayeredBridges => l.pick(
            "two sets with exactly the same numbers (colour and kind free)",
            "同じ数からなる組合せが2個（色・種類は問わない）",
        ),
        Pattern::WellBalanced => l.pick(
            "sum on White pieces = sum on Green pieces, Jokers ignored",
            "筆（白）と兵（緑）の数の合計が等しい（ワイルドは数えない）",
        ),
        Pattern::Stalemate => l.pick(
            "no piece to discard at Hiring, even after a Dissolve (R19)",
            "温故知新をしても登用で捨てられる駒がない（R19）",
        ),
        Pattern::Luminous => l.pick("+1 for each luminous piece in the hand", "手駒の光駒1個につき+1"),
    }
}

fn phase_ja(moment: DayMoment) -> &'static str {
    match moment {
        DayMoment::ChooseMoveFirst => "先に動かす駒を選んでください",
        DayMoment::HiringBegun => "登用がすでに始まっています",
        DayMoment::AlreadyDiscarded => "すでに駒を捨てています",
        DayMoment::DiscardFirst => "先に手駒を1つ捨ててください",
    }
}

fn action_ja(step: DayStep) -> &'static str {
    match step {
        DayStep::Capturing => "駒を取ること",
        DayStep::Dissolving => "温故知新",
        DayStep::Forming => "配属",
        DayStep::Discarding => "駒を捨てること",
        DayStep::ChoosingAMove => "動かす駒を選ぶこと",
    }
}

/// Why the engine refused an action, with the rule id. English: the engine's own text.
pub fn rule_error(l: Lang, e: &RuleError) -> String {
    if l == Lang::En {
        return case::capitalised(e.to_string()) + ".";
    }
    use RuleError::*;
    match e {
        WrongPhase { action, phase } => format!("{}は今できません：{}（手番の流れ、R9–R12）。", action_ja(*action), phase_ja(*phase)),
        AlreadyDissolved => "温故知新は1手番に1回までです（R9）。".into(),
        DissolveAfterForm => "温故知新は配属より前に行います（R9）。".into(),
        NoSuchDepartment(d) => format!("{}番目の公開された組合せはありません（R9）。", d + 1),
        AlreadyFormed => "配属は1手番に1回までです（R10）。".into(),
        NotConcealed(p) => format!("{}は非公開の手駒にありません（R10, R12.1）。", piece(l, *p)),
        NotASet { pieces: ps, reading } => format!(
            "{}は{}として読めません（R14）。",
            pieces(l, ps),
            pieces(l, &reading.pieces())
        ),
        ReadingNotInPlay(_) => "2〜3人戦ではワイルドを0として使えません（R3, R14）。".into(),
        WouldStrandTheDay => "そうすると、この手番で登用も国官集来もできなくなります（手番の流れ、R12.3, R19）。".into(),
        MayNotDeclare => "国官集来は、公開済みの組合せがちょうど3つか、公開なしで非公開の9個が3組に分かれるときだけ宣言できます（R11）。".into(),
        NotAStalemate => "闇戦之集は、温故知新をしても捨てられる駒がないときだけです（R19）。".into(),
        NothingToMove(p) => format!("{}を捨てると動かせる駒がありません（R12.3）。", piece(l, *p)),
        CannotMove { discard, from } => format!(
            "{}を捨てた後、{}の駒は動かせません：同じ色で±1か、ワイルドで、捨てた駒自身ではないこと（R12.2）。",
            piece(l, *discard),
            from
        ),
        NotADestination { from, to } => format!("{from}の駒は{to}へ動けません（R12.4）。"),
        NothingToUndo => "この手番に取り消せる操作はありません。".into(),
        SeasonOver => "ラウンドは終了しています：次のラウンドを始めるか、ゲームを終えてください（R20）。".into(),
        GameOver => "ゲームは終了しています（R20）。".into(),
        SeasonNotOver => "次のラウンドは今のラウンドが終わってから始まります（R18）。".into(),
        DayUnderWay => "合意で終える前に、この手番の操作を取り消してください。".into(),
        NotADayStep => "その操作は手番の一部ではありません。".into(),
        Chance(lauzait_engine::ChanceError::Missing { .. }) => {
            "記録にはここでの偶然の結果（棒の投げ・配り）がありません：まだ投げていない棒は予測できません（R5, R6）。".into()
        }
        Chance(lauzait_engine::ChanceError::HandsHidden) => "この記録は対局中のもので、手駒を伏せています。".into(),
        Chance(_) => "記録の偶然の結果（配り・棒の投げ）が、ここで起こり得るものではありません（R5–R7）。".into(),
    }
}

/// The short label under the numbers of a set reading: "as G3 G3 G3 (three-of-a-kind)".
pub fn reading_kind(l: Lang, kind: lauzait_engine::SetKind) -> &'static str {
    match kind {
        lauzait_engine::SetKind::Triple => l.pick("three-of-a-kind", "3個セット"),
        lauzait_engine::SetKind::Sequence => l.pick("sequence-of-three", "3個連番"),
    }
}

pub fn season_of(l: Lang, n: u8, total: usize) -> String {
    match l {
        Lang::En => format!("Season {n}/{total}"),
        Lang::Ja => format!("ラウンド {n}/{total}"),
    }
}

pub fn day_n(l: Lang, n: u32) -> String {
    match l {
        Lang::En => format!("Day {n}"),
        Lang::Ja => format!("{n}手目"),
    }
}

pub fn pool_n(l: Lang, n: usize) -> String {
    match l {
        Lang::En => format!("Pool {n}"),
        Lang::Ja => format!("伏せ駒 {n}"),
    }
}

pub fn whose_day(l: Lang, who: &str) -> String {
    match l {
        Lang::En => format!("{who}'s Day"),
        Lang::Ja => format!("{who}の手番"),
    }
}

pub fn pass_to(l: Lang, who: &str) -> String {
    match l {
        Lang::En => format!("Pass to {who}"),
        Lang::Ja => format!("{who}に渡してください"),
    }
}

/// Who plays a seat: a person, or the computer at a level.
pub fn kind_label(l: Lang, kind: Player) -> &'static str {
    match kind {
        Player::Person => l.pick("Person", "人"),
        Player::Computer(Level::Easy) => l.pick("Easy", "やさしい"),
        Player::Computer(Level::Normal) => l.pick("Normal", "ふつう"),
        Player::Computer(Level::Strong) => l.pick("Strong", "つよい"),
    }
}

/// "computer, Strong" / "コンピューター・つよい".
pub fn computer(l: Lang, level: Level) -> String {
    match l {
        Lang::En => format!("computer, {}", kind_label(l, Player::Computer(level))),
        Lang::Ja => format!("コンピューター・{}", kind_label(l, Player::Computer(level))),
    }
}

/// The short tag of a computer player in its panel: "CPU Strong" / "CPU つよい".
pub fn computer_tag(l: Lang, level: Level) -> String {
    format!("CPU {}", kind_label(l, Player::Computer(level)))
}

pub fn speed_label(l: Lang, speed: crate::play::pace::Speed) -> &'static str {
    use crate::play::pace::Speed;
    match speed {
        Speed::Normal => l.pick("Normal", "ふつう"),
        Speed::Fast => l.pick("Fast", "速い"),
        Speed::Instant => l.pick("Instant", "一瞬"),
    }
}

pub fn bot_thinking(l: Lang, who: &str, level: Level) -> String {
    match l {
        Lang::En => format!("{who} ({}) is thinking…", computer(l, level)),
        Lang::Ja => format!("{who}（{}）が考えています…", computer(l, level)),
    }
}

pub fn bot_day(l: Lang, who: &str, level: Level) -> String {
    match l {
        Lang::En => format!("{who}'s Day ({})", computer(l, level)),
        Lang::Ja => format!("{who}の手番（{}）", computer(l, level)),
    }
}

pub fn bot_error(l: Lang, who: &str, error: &str) -> String {
    let who = if who.is_empty() { String::new() } else { format!("{who}: ") };
    match l {
        Lang::En => format!("{who}the computer player could not think ({error}). Retry, or reload the page."),
        Lang::Ja => format!(
            "{who}コンピューターが考えられませんでした（{error}）。もう一度試すか、ページを再読み込みしてください。"
        ),
    }
}

pub fn ready_button(l: Lang, name: &str) -> String {
    match l {
        Lang::En => format!("{name}: tap when ready"),
        Lang::Ja => format!("{name}：準備ができたらタップ"),
    }
}
mod case;
pub mod computer;
pub mod drill;
pub mod embed;
pub mod faults;
pub mod feel;
pub mod forward;
pub mod glossary;
pub mod hiring;
pub mod ice;
pub mod joint;
pub mod learn;
pub mod narration;
pub mod no_path;
pub mod puzzles;
pub mod rating;
pub mod readout;
pub mod records;
pub mod relayed;
pub mod remote;
pub mod review;
pub mod screens;
pub mod season_log;
pub mod spectator;
pub mod stats;
pub mod stats_figures;
pub mod table;
pub mod table_faults;
pub mod table_mode;
pub mod tablet;
