//! The words of table mode (table.html, src/web/table/): the host's setup and pairing
//! screens, the shared board, each phone's hand and buttons, and the faults.

use super::{piece, pieces, square, Lang};
use lauzait_engine::Action;
use lauzait_table_mode::choices::ChoiceGroup;
use lauzait_table_mode::host::HostError;
use lauzait_table_mode::protocol::Refusal;
use lauzait_table_mode::verify::Difference;

/// Fixed texts of table mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum T {
    Title,
    Intro,
    Players,
    Person,
    Computer,
    Luminous,
    CreateTable,
    Pairing,
    PairingNote,
    ScanAnswer,
    StopCamera,
    ScanImage,
    PasteAnswer,
    Connect,
    Waiting,
    Connected,
    Disconnected,
    NewLink,
    GiveSeat,
    GiveSeatLabel,
    DealAgain,
    NoEntropy,
    Framed,
    SpentCode,
    Preparing,
    ShowHost,
    AnswerNote,
    AnswerCode,
    CopyCode,
    AnswerLink,
    CopyAnswerLink,
    ShareAnswerLink,
    Joined,
    DealMaking,
    YourHand,
    YourDay,
    NotYourDay,
    Departments,
    Discard,
    Form,
    Dissolve,
    Declare,
    Stalemate,
    Move,
    To,
    NextSeason,
    EndSeason,
    EndGame,
    SeasonOver,
    GameOver,
    RecordOk,
    NoPath,
    Hotspot,
    PassAndPlay,
    Resume,
    NewTable,
    CameraFailed,
    BadCode,
    Board,
    Pool,
    BackToGame,
    ComputerFailed,
    NotSaved,
    ConnectionFailed,
}

pub fn t(l: Lang, key: T) -> &'static str {
    use T::*;
    match key {
        Title => l.pick("Table mode", "テーブルモード"),
        ComputerFailed => l.pick(
            "The computer player could not think; trying again in a moment.",
            "コンピューターが考えられませんでした。少しして、もう一度試します。",
        ),
        Intro => l.pick(
            "This screen is the board; each player holds their hand on their own phone. The devices talk directly over this Wi-Fi — no server, nothing leaves the room.",
            "この画面が盤になり、各自の手駒は自分のスマホに表示されます。端末どうしはこのWi-Fiで直接つながります（サーバーなし、部屋の外には何も出ません）。",
        ),
        Players => l.pick("Seats", "席"),
        Person => l.pick("Person (phone)", "人（スマホ）"),
        Computer => l.pick("Computer", "コンピューター"),
        Luminous => l.pick("Luminous piece (R30)", "光駒あり（R30）"),
        CreateTable => l.pick("Set the table", "テーブルを用意"),
        Pairing => l.pick("Pair the phones", "スマホをつなぐ"),
        PairingNote => l.pick(
            "Each player scans their seat's code with the phone's camera, then shows this screen the code that appears on the phone.",
            "各自、自分の席のコードをスマホのカメラで読み取り、スマホに出たコードをこの画面に見せてください。",
        ),
        ScanAnswer => l.pick("Scan the phone's code", "スマホのコードを読む"),
        StopCamera => l.pick("Stop the camera", "カメラを止める"),
        ScanImage => l.pick("Read a picture of the code", "コードの画像を読む"),
        PasteAnswer => l.pick("…or paste the phone's text code", "…またはスマホの文字コードを貼り付け"),
        Connect => l.pick("Connect", "接続"),
        Waiting => l.pick("Waiting for the phone", "スマホを待っています"),
        Connected => l.pick("Connected", "接続済み"),
        Disconnected => l.pick("Lost — scan the new code to come back", "切断 — 新しいコードを読めば戻れます"),
        NewLink => l.pick("New code for this seat", "この席の新しいコード"),
        GiveSeat => l.pick(
            "Give this seat to another phone (the old phone can no longer come back)",
            "この席を別のスマホに渡す（前のスマホはもう戻れません）",
        ),
        GiveSeatLabel => l.pick("Give to another phone", "別のスマホに渡す"),
        DealAgain => l.pick(
            "Give the waiting seats to new phones and deal again",
            "待っている席を新しいスマホに渡して配り直す",
        ),
        NoEntropy => l.pick(
            "Table mode cannot start: this browser gives no secure randomness, and without it the seats' keys could be guessed by anyone nearby. Try another browser, or play pass-and-play on one device.",
            "テーブルモードを開始できません。このブラウザーは安全な乱数を出せず、それなしでは席の鍵を近くの誰でも推測できてしまいます。別のブラウザーを使うか、1台で回して遊んでください。",
        ),
        Framed => l.pick(
            "Table mode does not run inside another page's frame, where that page could cover its buttons: open table.html in its own tab.",
            "テーブルモードは他のページの枠の中では動きません（そのページがボタンを覆えるため）。table.html を単独のタブで開いてください。",
        ),
        SpentCode => l.pick(
            "This phone already connected with this code, and a code connects only once. The board shows this seat a new code: scan that one.",
            "このスマホはこのコードですでに接続しました。コードは1回しか接続できません。盤の画面に出ているこの席の新しいコードを読み取ってください。",
        ),
        Preparing => l.pick("Preparing…", "準備中…"),
        ShowHost => l.pick("Show this code to the board", "このコードを盤の端末に見せてください"),
        AnswerCode => l.pick("This phone's code, as text", "このスマホのコード（文字）"),
        AnswerNote => l.pick(
            "Or copy the text code and paste it on the board's screen.",
            "または文字コードをコピーして盤の画面に貼り付けてください。",
        ),
        CopyCode => l.pick("Copy the text code", "文字コードをコピー"),
        AnswerLink => l.pick(
            "…or send this link to the host, to open on the board's device",
            "…またはこのリンクをホストに送り、盤の端末で開いてもらう",
        ),
        CopyAnswerLink => l.pick("Copy the link", "リンクをコピー"),
        ShareAnswerLink => l.pick("Share the link…", "リンクを共有…"),
        Joined => l.pick("You have your seat. Waiting for the others…", "席につきました。他の人を待っています…"),
        DealMaking => l.pick(
            "Making the deal: every device adds its own randomness…",
            "配牌中：全端末がそれぞれ乱数を出し合っています…",
        ),
        YourHand => l.pick("Your hand", "あなたの手駒"),
        YourDay => l.pick("Your Day", "あなたの番です"),
        NotYourDay => l.pick("Watch the board: it is not your Day.", "盤を見てください：あなたの番ではありません。"),
        Departments => l.pick("Your Departments", "あなたの配属"),
        Discard => l.pick("Discard", "捨てる"),
        Form => l.pick("Form", "配属"),
        Dissolve => l.pick("Dissolve", "温故知新"),
        Declare => l.pick("Lauzait-Cep!", "ラウツァイト・セプ！"),
        Stalemate => l.pick("Stalemate", "手詰まり"),
        Move => l.pick("Move", "動かす"),
        To => l.pick("To", "行き先"),
        NextSeason => l.pick("Next Season", "次のラウンドへ"),
        EndSeason => l.pick("End this Season", "このラウンドを終える"),
        EndGame => l.pick("End the game", "ゲームを終える"),
        SeasonOver => l.pick("The Season is over.", "このラウンドは終わりました。"),
        GameOver => l.pick("The game is over.", "ゲーム終了。"),
        RecordOk => l.pick(
            "Checked: the deal used this phone's randomness, every move replays, and the recorded game shows everything this phone was shown.",
            "検証済み：配牌にこのスマホの乱数が使われ、全手順が再現でき、このスマホに表示された局面はすべて記録のゲームにあります。",
        ),
        NoPath => l.pick(
            "The phones cannot reach this device: this Wi-Fi keeps its devices apart (common on guest and office networks).",
            "スマホからこの端末に届きません。このWi-Fiは端末どうしの通信を遮断しています（ゲスト用・会社のネットワークによくあります）。",
        ),
        Hotspot => l.pick(
            "Turn on one phone's hotspot (tethering), join it with every device, and scan again.",
            "スマホ1台のテザリング（ホットスポット）をオンにし、全端末をそれにつないでから、もう一度読み取ってください。",
        ),
        PassAndPlay => l.pick("Play pass-and-play instead", "代わりに1台を回して遊ぶ"),
        Resume => l.pick("Resume the table game", "テーブルのゲームを再開"),
        NewTable => l.pick("New table", "新しいテーブル"),
        CameraFailed => l.pick(
            "The camera is not available: read a picture of the code or paste its text.",
            "カメラが使えません。コードの画像を読むか、文字を貼り付けてください。",
        ),
        BadCode => l.pick("That is not this seat's phone code", "この席のスマホのコードではありません"),
        Board => l.pick("Board", "盤"),
        Pool => l.pick("face down", "伏せ駒"),
        BackToGame => l.pick("Back to the game", "ゲームへ戻る"),
        ConnectionFailed => l.pick(
            "This device could not set up a direct connection (WebRTC).",
            "この端末は直接の接続（WebRTC）を準備できませんでした。",
        ),
        NotSaved => l.pick(
            "This device could not save the table game, so reloading this page would lose it. Play goes on.",
            "この端末はテーブルのゲームを保存できませんでした。このページを再読み込みすると失われます。続けて遊べます。",
        ),
    }
}

/// A connection that could not be set up, and why (the browser's words, or what is wrong
/// with the connection's description).
pub fn connection_failed(l: Lang, why: &str) -> String {
    format!("{} ({why})", t(l, T::ConnectionFailed))
}

/// The game's menu entry that opens table mode (its own function, so the game's page
/// links only this text and none of table mode's others).
pub fn menu_entry(l: Lang) -> &'static str {
    l.pick("Table mode: phones as hands", "テーブルモード：スマホが手駒")
}

/// "Seat 2: scan with the phone" on a pairing card.
pub fn seat_code_title(l: Lang, name: &str) -> String {
    match l {
        Lang::En => format!("{name}: scan with your phone"),
        Lang::Ja => format!("{name}：スマホで読み取り"),
    }
}

/// The group of a computer seat's level buttons, for screen readers.
pub fn computer_level_of(l: Lang, seat: &str) -> String {
    match l {
        Lang::En => format!("{seat}: the computer's level"),
        Lang::Ja => format!("{seat}：コンピューターの強さ"),
    }
}

/// The host's line while the next Season's deal round is under way.
pub fn dealing_season(l: Lang, season: u32) -> String {
    match l {
        Lang::En => format!("Dealing Season {season}: every phone adds its own randomness…"),
        Lang::Ja => format!("第{season}ラウンドの配牌中：各スマホが乱数を出し合っています…"),
    }
}

/// A phone the deal round waits for: here (a moment), or away (the round waits until it
/// scans its seat's new code).
pub fn deal_waits_for(l: Lang, name: &str, connected: bool) -> String {
    match (l, connected) {
        (Lang::En, true) => format!("Waiting for {name}'s phone…"),
        (Lang::Ja, true) => format!("{name}のスマホを待っています…"),
        (Lang::En, false) => {
            format!("{name}'s phone is not connected: the deal waits until it scans its seat's new code.")
        }
        (Lang::Ja, false) => {
            format!("{name}のスマホが接続されていません。席の新しいコードを読み取るまで配牌は待ちます。")
        }
    }
}

/// A phone the deal round waits for after the list of commitments was shown: it has not
/// revealed, and the table may give its seat to a new phone and deal again.
pub fn deal_withheld_by(l: Lang, name: &str, connected: bool) -> String {
    match (l, connected) {
        (Lang::En, true) => format!("Waiting for {name}'s phone to reveal its secret…"),
        (Lang::Ja, true) => format!("{name}のスマホが秘密を明かすのを待っています…"),
        (Lang::En, false) => format!(
            "{name}'s phone is not connected and has not revealed its secret: the deal waits for it, or give its seat to a new phone and deal again."
        ),
        (Lang::Ja, false) => format!(
            "{name}のスマホは接続されておらず、秘密を明かしていません。戻るのを待つか、席を新しいスマホに渡して配り直してください。"
        ),
    }
}

/// A rule's refusal as a clause in brackets: without its closing full stop.
fn clause(l: Lang, e: &lauzait_engine::RuleError) -> String {
    super::rule_error(l, e).trim_end_matches(['。', '.']).to_string()
}

/// What the host refused (its page's own request), in the page's language.
pub fn host_error(l: Lang, e: &HostError) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        HostError::NoEntropy { needed, got } => format!(
            "このブラウザーの乱数は{got}バイトで、テーブルには{needed}バイト必要です。別のブラウザーで開いてください"
        ),
        HostError::SeatCount { described, players } => {
            format!("{players}人のゲームに{described}席が指定されました。テーブルを用意し直してください")
        }
        HostError::NotBegun => "ゲームはまだ始まっていません。全スマホの接続と配牌を待ってください".into(),
        HostError::OnPlayersPhone => "各プレイヤーの手番はそのプレイヤーのスマホで行います".into(),
        HostError::DealUnderWay => "次のラウンドの配牌中です。全スマホを待ってください".into(),
        HostError::Rule(e) => format!("今はルール上できません（{}）", clause(l, e)),
        HostError::DealIncomplete => "このラウンドの配牌がまだ終わっていません。全スマホを待ってください".into(),
        HostError::NoComputerDay => "コンピューターの手番ではありません".into(),
        HostError::NotComputersDay(seat) => {
            format!("もうコンピューター（席{seat}）の手番ではありません。その手は捨てました")
        }
        HostError::NotOneDay => "コンピューターの手がちょうど1手番分ではありません。もう一度考えさせます".into(),
        HostError::ComputerStep(e) => {
            format!("コンピューターの手が認められません（{}）。もう一度考えさせます", clause(l, e))
        }
        HostError::Planner(e) => {
            format!("コンピューターが手番を考えられませんでした（{}）", super::computer::plan_error(l, e))
        }
        HostError::NothingWithheld => "配牌を止めているスマホはありません。配り直すものはありません".into(),
        HostError::TooManyAttempts(n) => {
            format!("この配牌はすでに{n}回配り直しました。ゲームを終えるか、スマホが秘密を明かすのを待ってください")
        }
        HostError::HostSecret(e) => {
            format!("テーブルの保存データが壊れています（{e}）。新しいテーブルを用意してください")
        }
    }
}

/// A hand on the shared board: its concealed count, never its pieces.
pub fn concealed_count(l: Lang, n: usize) -> String {
    match l {
        Lang::En => format!("{n} concealed"),
        Lang::Ja => format!("伏せ{n}枚"),
    }
}

/// The label of an action's button on a phone.
pub fn action_label(l: Lang, action: Action) -> String {
    match action {
        Action::Discard { piece: p } => format!("{} {}", t(l, T::Discard), piece(l, p)),
        // Two sets of the same pieces with a Joker read differently: the reading tells them apart.
        Action::Form { pieces: ps, reading } => {
            format!("{} {}{}", t(l, T::Form), pieces(l, &ps), super::narration::joker_reading(l, &ps, &reading))
        }
        Action::Dissolve { department } => format!("{} {}", t(l, T::Dissolve), department + 1),
        Action::Declare => t(l, T::Declare).to_string(),
        Action::DeclareStalemate => t(l, T::Stalemate).to_string(),
        Action::Move { from } => format!("{} {}", t(l, T::Move), square(l, from)),
        Action::Capture { to } => format!("{} {}", t(l, T::To), square(l, to)),
        Action::Undo => super::s(l, super::S::Undo).to_string(),
        Action::NextSeason => t(l, T::NextSeason).to_string(),
        Action::EndSeasonByAgreement => t(l, T::EndSeason).to_string(),
        Action::EndGameByAgreement => t(l, T::EndGame).to_string(),
    }
}

/// The heading over a group of a phone's buttons; none over the declarations and Undo,
/// whose buttons say all.
pub fn group_heading(l: Lang, group: ChoiceGroup) -> Option<&'static str> {
    match group {
        ChoiceGroup::Form => Some(l.pick("Form a Department (before the Hiring)", "配属する（登用の前に）")),
        ChoiceGroup::Dissolve => Some(l.pick("Dissolve a Department", "温故知新する配属")),
        ChoiceGroup::Discard => Some(l.pick("Hiring: discard a piece", "登用：捨てる駒")),
        ChoiceGroup::Move => Some(l.pick("The piece to move", "動かす駒")),
        ChoiceGroup::Capture => Some(l.pick("Where it goes", "行き先")),
        ChoiceGroup::Declare | ChoiceGroup::Other => None,
    }
}

/// Beside a set that can be read more than one way (R14), its readings folded under it.
pub fn ways_to_read(l: Lang, n: usize) -> String {
    match l {
        Lang::En => format!("{n} ways to read it"),
        Lang::Ja => format!("読み方{n}通り"),
    }
}

/// Why the host refused a phone's message, for the phone's screen.
pub fn refusal(l: Lang, r: Refusal) -> &'static str {
    use Refusal::*;
    match r {
        TooLong | Malformed | Version => {
            l.pick("The board did not understand this phone.", "盤の端末がこのスマホを理解できません。")
        }
        WrongTable => l.pick("This code belongs to another table.", "このコードは別のテーブルのものです。"),
        NoSuchSeat => l.pick("There is no such seat at this table.", "このテーブルにその席はありません。"),
        SeatHeld => l.pick(
            "Someone already holds this seat. Ask the board for a new code.",
            "この席はすでに使われています。盤の端末で新しいコードを出してもらってください。",
        ),
        BadKey => l.pick("This phone does not hold this seat.", "このスマホはこの席のものではありません。"),
        OtherSeat => l.pick(
            "This phone was paired with another seat's code: it can take only that seat.",
            "このスマホは別の席のコードでつながっています。その席にしか座れません。",
        ),
        NotJoined => l.pick("Not seated yet.", "まだ席についていません。"),
        NotYourTurn => l.pick("It is not your Day.", "あなたの番ではありません。"),
        Stale => l.pick("The board moved on; try again.", "盤が先に進みました。もう一度どうぞ。"),
        Rule => l.pick("The rules do not allow that.", "ルール上できません。"),
        Deal => l.pick("The deal could not be checked.", "配牌を検証できませんでした。"),
        NotAllowed => l.pick("The table decides that on the board.", "それは盤の端末で決めます。"),
    }
}

/// The phone's word when the game is over and the host sent no record: what it was shown
/// cannot be checked.
pub fn no_record(l: Lang) -> &'static str {
    l.pick(
        "Not verified: the board has not sent the game's record, so this game cannot be checked.",
        "未検証：盤の端末がゲームの記録を送っていないため、このゲームは検証できません。",
    )
}

/// The phone's word when the record does not match what it was shown: the first difference.
pub fn not_verified(l: Lang, d: &Difference) -> String {
    let what = match (l, d) {
        (Lang::En, Difference::Record(detail)) => format!("the record does not hold together ({detail})"),
        (Lang::Ja, Difference::Record(detail)) => format!("記録のつじつまが合いません（{detail}）"),
        (Lang::En, Difference::RoundChanged(n)) => {
            format!("deal round {n} in the record is not the one this phone took part in")
        }
        (Lang::Ja, Difference::RoundChanged(n)) => {
            format!("記録にある第{n}回の配牌は、このスマホが参加したものと違います")
        }
        (Lang::En, Difference::RoundMissing(n)) => {
            format!("the record leaves out deal round {n}, in which this phone revealed its secret")
        }
        (Lang::Ja, Difference::RoundMissing(n)) => format!("このスマホが秘密を明かした第{n}回の配牌が記録にありません"),
        (Lang::En, Difference::AbandonedAfterReveal(n)) => {
            format!("the game was ended during deal round {n} after every phone had revealed: the board knew that deal first")
        }
        (Lang::Ja, Difference::AbandonedAfterReveal(n)) => {
            format!("全員が秘密を明かした後、第{n}回の配牌の途中でゲームが終えられました。盤の端末は先にその配牌を知り得ました")
        }
        (Lang::En, Difference::DealtAgainAfterReveal(n)) => {
            format!("deal round {n} was dealt again though every phone had revealed: the board knew that deal and drew another")
        }
        (Lang::Ja, Difference::DealtAgainAfterReveal(n)) => {
            format!(
                "全員が秘密を明かしたのに第{n}回の配牌が配り直されました。盤の端末はその配牌を知った上で引き直せました"
            )
        }
        (Lang::En, Difference::WithholdingClaimed(n)) => {
            format!("the record says this phone held back its secret in deal round {n}, which it revealed")
        }
        (Lang::Ja, Difference::WithholdingClaimed(n)) => {
            format!("記録では第{n}回の配牌でこのスマホが秘密を明かさなかったことになっていますが、明かしています")
        }
        (Lang::En, Difference::ViewNotReplayed { index, season, day }) => format!(
            "what this phone was shown in Season {season}, Day {day} (view {index}) never happens in the recorded game"
        ),
        (Lang::Ja, Difference::ViewNotReplayed { index, season, day }) => {
            format!("このスマホがラウンド{season}の{day}手目に見た局面（{index}番目）は、記録のゲームに現れません")
        }
    };
    match l {
        Lang::En => format!("Not verified: {what}."),
        Lang::Ja => format!("未検証：{what}。"),
    }
}

/// The host's status line: whose Day on the board.
pub fn day_of(l: Lang, who: &str) -> String {
    super::whose_day(l, who)
}
