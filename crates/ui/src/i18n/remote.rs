//! The words of play by turns (remote.html, src/web/remote/): the host's setup, invites
//! and letters, a guest's letters and waits, and every refusal of a link said so that the
//! person knows what to do next.

use super::{seat_name, Lang};
use lauzait_engine::Seat;
use lauzait_remote::host_device::{PressError, ResumeError, SetupError};
use lauzait_remote::screen::Problem;
use lauzait_remote::{OpenError, Party, ReadError};

/// Fixed texts of play by turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum R {
    Title,
    Intro,
    Copy,
    Share,
    Copied,
    InviteNote,
    LetterNote,
    WriteToHost,
    SendToHost,
    WaitingForHost,
    YourMove,
    DaySent,
    DealNeedsYou,
    TakeYourSeat,
    WelcomeComing,
    SeatingHost,
    SeasonOverGuest,
    PasteHeading,
    PasteLabel,
    Open,
    OpenedAgain,
    Board,
    NoGameHere,
    OwnInvite,
    InviteAgain,
    LinkLabel,
    PlayByTurns,
    NotInOneRoom,
    SaveFile,
    TooLongForLink,
    OpenFile,
    /// Who plays a seat by turns: a person on a device of their own.
    PersonElsewhere,
    /// Who plays the host's own seat.
    PersonHere,
}

pub fn r(l: Lang, key: R) -> &'static str {
    use R::*;
    match key {
        Title => l.pick("Play by turns", "リンクで対局"),
        PersonElsewhere => l.pick("a person on their own device", "自分の端末を使う人"),
        PersonHere => l.pick("you, on this device", "この端末のあなた"),
        Intro => l.pick(
            "Each move travels as a link that you send by any messenger; each device keeps its own part of the game, and nothing is kept on a server.",
            "一手ごとにリンクを好きなメッセンジャーで送ります。各端末は自分の分だけを保存し、サーバーには何も残りません。",
        ),
        Copy => l.pick("Copy", "コピー"),
        Share => l.pick("Share", "共有"),
        Copied => l.pick("Copied.", "コピーしました。"),
        InviteNote => l.pick(
            "Send this invite privately to the person who plays this seat: whoever opens it first takes the seat.",
            "この招待はその席で遊ぶ人にだけ送ってください。最初に開いた人がその席に着きます。",
        ),
        LetterNote => l.pick(
            "Send it by any messenger. It stays here until an answer comes, so it can be sent again if it was lost.",
            "好きなメッセンジャーで送ってください。返事が来るまでここに残るので、届かなかったらもう一度送れます。",
        ),
        WriteToHost => l.pick("Write my letter to the host", "ホストへの手紙を作る"),
        SendToHost => l.pick("Send this link to the host", "このリンクをホストに送ってください"),
        WaitingForHost => l.pick("Waiting for the host's letter.", "ホストからの手紙を待っています。"),
        YourMove => l.pick("Your move.", "あなたの番です。"),
        DaySent => l.pick(
            "Your Day is taken: write your letter to the host and send it.",
            "手番を終えました。ホストへの手紙を作って送ってください。",
        ),
        DealNeedsYou => l.pick("The deal needs your letter.", "配牌にはあなたの手紙が必要です。"),
        TakeYourSeat => l.pick(
            "Write your letter to the host and send it: it takes your seat.",
            "ホストへの手紙を作って送ってください。それで席に着きます。",
        ),
        WelcomeComing => l.pick(
            "Your seat is asked for: the host's answer will bring the deal.",
            "席を申し込みました。ホストの返事で配牌が始まります。",
        ),
        SeatingHost => l.pick(
            "Waiting for every seat's person to open their invite and send back their letter.",
            "各席の人が招待を開いて手紙を送り返すのを待っています。",
        ),
        SeasonOverGuest => l.pick(
            "The Season is over: the host deals the next one.",
            "このラウンドは終わりました。ホストが次のラウンドを配ります。",
        ),
        PasteHeading => l.pick("Got a link?", "リンクを受け取ったら"),
        PasteLabel => l.pick("Paste a link you were sent", "受け取ったリンクを貼り付け"),
        Open => l.pick("Open", "開く"),
        OpenedAgain => l.pick(
            "This move was already opened: nothing changed.",
            "この手はもう開かれています。何も変わりません。",
        ),
        Board => l.pick("The board", "盤"),
        NoGameHere => l.pick(
            "This link is for a game this device does not play: open it on the device it was sent to.",
            "このリンクはこの端末で遊んでいないゲームのものです。送られた相手の端末で開いてください。",
        ),
        OwnInvite => l.pick(
            "This invite is for the person who plays that seat: send it to them.",
            "この招待はその席で遊ぶ人のためのものです。その人に送ってください。",
        ),
        InviteAgain => l.pick(
            "This device already plays this seat: the game goes on here.",
            "この端末はもうこの席で遊んでいます。ここで続けてください。",
        ),
        LinkLabel => l.pick("The link", "リンク"),
        PlayByTurns => l.pick("Play by turns (by links)", "リンクで対局（順番に）"),
        NotInOneRoom => l.pick("Not in one room?", "同じ部屋にいませんか？"),
        SaveFile => l.pick("Save as a file", "ファイルとして保存"),
        TooLongForLink => l.pick(
            "This letter is too long for some messengers' links: save it as a file and send the file; the other device opens it with \"Open a file\".",
            "この手紙はメッセンジャーによってはリンクとして長すぎます。ファイルとして保存してファイルを送ってください。相手の端末は「ファイルを開く」で開きます。",
        ),
        OpenFile => l.pick("Open a file you were sent", "受け取ったファイルを開く"),
    }
}

/// The game's menu entry that opens play by turns (its own function, so the game's page
/// links only this text and none of play by turns' others).
pub fn menu_entry(l: Lang) -> &'static str {
    l.pick("Play by turns: far apart, by links", "リンクで対局：離れていても順番に")
}

/// The text of a formatted sentence in the page's language.
pub(crate) fn say(l: Lang, en: String, ja: String) -> String {
    match l {
        Lang::En => en,
        Lang::Ja => ja,
    }
}

/// A party of the table by name: the host, or a seat's colour.
pub fn party(l: Lang, p: Party) -> String {
    match p {
        Party::Host => l.pick("the host", "ホスト").to_string(),
        Party::Seat(s) => seat_of(l, s),
    }
}

/// A seat by its colour's name (the seats of a table are the first of the four, in order).
pub fn seat_of(l: Lang, seat: u8) -> String {
    Seat::ALL.get(usize::from(seat)).map_or_else(|| format!("{seat}"), |&s| seat_name(l, s).to_string())
}

pub fn invite_for(l: Lang, name: &str) -> String {
    say(l, format!("Invite for {name}"), format!("{name}への招待"))
}
pub fn write_to(l: Lang, name: &str) -> String {
    say(l, format!("Write the letter to {name}"), format!("{name}への手紙を作る"))
}
pub fn send_to(l: Lang, name: &str) -> String {
    say(l, format!("Send this link to {name}"), format!("このリンクを{name}に送ってください"))
}
pub fn waiting_for(l: Lang, name: &str) -> String {
    say(l, format!("Waiting for {name}'s letter."), format!("{name}からの手紙を待っています。"))
}
pub fn waiting_for_move(l: Lang, name: &str) -> String {
    say(l, format!("Waiting for {name}'s move."), format!("{name}の手を待っています。"))
}
pub fn deal_waits(l: Lang, names: &str) -> String {
    say(l, format!("The deal waits for the letters of {names}."), format!("配牌は{names}の手紙を待っています。"))
}
pub fn opened_from(l: Lang, name: &str) -> String {
    say(l, format!("Letter from {name} opened."), format!("{name}からの手紙を開きました。"))
}
pub fn link_chars(l: Lang, n: usize) -> String {
    say(l, format!("{n} characters"), format!("{n}文字"))
}

/// Why a link does not read, and what to do.
pub fn read_error(l: Lang, e: &ReadError) -> String {
    match e {
        ReadError::TooLong { .. } => l
            .pick("This link is too long to be a move of the game.", "このリンクはゲームの手としては長すぎます。")
            .into(),
        ReadError::NotALetter => l
            .pick(
                "This is not a link of the game: copy the whole link.",
                "これはゲームのリンクではありません。リンク全体をコピーしてください。",
            )
            .into(),
        ReadError::Damaged | ReadError::Truncated => l
            .pick(
                "This link was cut or damaged on the way: copy the whole link again.",
                "このリンクは途中で切れたか壊れています。リンク全体をもう一度コピーしてください。",
            )
            .into(),
        ReadError::Format(_) => l
            .pick(
                "This link is from a newer version of the game: update the game to open it.",
                "このリンクは新しい版のゲームのものです。ゲームを更新してから開いてください。",
            )
            .into(),
        ReadError::Invalid(_) => changed(l),
    }
}

fn changed(l: Lang) -> String {
    l.pick(
        "This link was changed on the way: ask for it again.",
        "このリンクは途中で書き換えられています。もう一度送ってもらってください。",
    )
    .into()
}

/// Why a letter was refused, and what to do; nothing on the device changed.
pub fn open_error(l: Lang, e: &OpenError) -> String {
    match e {
        OpenError::Read(e) => read_error(l, e),
        OpenError::WrongTable => l.pick("This link is from another game.", "このリンクは別のゲームのものです。").into(),
        OpenError::WrongRecipient { to } => {
            let to = party(l, *to);
            say(
                l,
                format!("This link is meant for {to}'s device, not this one: send it there."),
                format!("このリンクは{to}の端末宛てで、この端末宛てではありません。そちらに送ってください。"),
            )
        }
        OpenError::UnknownSender { from } => {
            let from = party(l, *from);
            say(
                l,
                format!("This link comes from {from}'s device and is not for this one: open it on the device it was sent to."),
                format!("このリンクは{from}の端末からのもので、この端末宛てではありません。送り先の端末で開いてください。"),
            )
        }
        OpenError::UnknownKey { from } => {
            let from = party(l, *from);
            say(
                l,
                format!("This link was not written on {from}'s device: it is not theirs."),
                format!("このリンクは{from}の端末で作られたものではありません。"),
            )
        }
        OpenError::BadSignature => changed(l),
        OpenError::SeqReused { .. } => l
            .pick(
                "This is an old or altered copy of a move already opened: nothing changed.",
                "これはもう開いた手の古いコピーか書き換えられたものです。何も変わりません。",
            )
            .into(),
        OpenError::Gap { open_first } => say(
            l,
            format!("A link is missing: open the earlier link first (letter {open_first})."),
            format!("リンクが1つ抜けています。先に前のリンク（手紙{open_first}）を開いてください。"),
        ),
        OpenError::AckUnsent { .. } => l
            .pick(
                "This link answers a letter never written on this device: it belongs to another copy of this game.",
                "このリンクはこの端末で作っていない手紙への返事です。このゲームの別のコピーのものです。",
            )
            .into(),
        OpenError::Table(why) => say(
            l,
            format!("The game refused this link ({why}): the other device may run another version."),
            format!("ゲームがこのリンクを受け付けませんでした（{why}）。相手の端末が別の版かもしれません。"),
        ),
    }
}

/// A problem of either page, in the page's language.
pub fn problem(l: Lang, p: &Problem) -> String {
    use super::table_mode::{t, T};
    match p {
        Problem::Open(e) => open_error(l, e),
        Problem::Unreadable(e) => read_error(l, e),
        Problem::NoEntropy => t(l, T::NoEntropy).into(),
        Problem::NoGameHere => r(l, R::NoGameHere).into(),
        Problem::OwnInvite => r(l, R::OwnInvite).into(),
        Problem::InviteAgain => r(l, R::InviteAgain).into(),
        Problem::Resume(e) => resume_error(l, e),
        Problem::Setup(e) => setup_error(l, e),
        Problem::Press(e) => press_error(l, e),
        Problem::JointSetup(e) => super::joint::setup_problem(l, e),
        Problem::JointOpen(e) => super::joint::open_problem(l, e),
        Problem::Roster(e) => super::joint::roster_problem(l, e),
        Problem::Join(e) => super::joint::join_problem(l, e),
        Problem::Play(e) => super::joint::play_problem(l, e),
    }
}

fn resume_error(l: Lang, _e: &ResumeError) -> String {
    l.pick(
        "This device's saved game could not be read back: set a new table, or open a new invite.",
        "この端末に保存したゲームを読み戻せませんでした。新しいテーブルを用意するか、新しい招待を開いてください。",
    )
    .into()
}

fn setup_error(l: Lang, _e: &SetupError) -> String {
    l.pick("The table could not be set: try again.", "テーブルを用意できませんでした。もう一度お試しください。").into()
}

fn press_error(l: Lang, e: &PressError) -> String {
    match e {
        PressError::Table(why) => say(
            l,
            format!("The table refused that move ({why})."),
            format!("その手は受け付けられませんでした（{why}）。"),
        ),
        _ => l.pick("That move is not offered now.", "その手は今はできません。").into(),
    }
}
