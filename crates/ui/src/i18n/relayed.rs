//! The words of a relayed table (a tablet and a phone per seat, dealt by every phone so that no
//! device holds another's hand: DEAL-PROTOCOL.md, "A table relayed by a tablet"): the tablet's
//! and the phones' pages, the table's code, and every refusal said so that the person knows
//! what to do next.

use super::joint::{open_problem, play_problem, setup_problem};
use super::remote::{read_error, say, seat_of};
use super::Lang;
use lauzait_remote::relayed::{PhoneTableError, RelayTextError, TabletError};
use lauzait_remote::screen::relayed_phone::RelayedProblem;
use lauzait_remote::screen::relayed_tablet::TabletProblem;

/// The fixed words of a relayed table's pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum V {
    TabletTitle,
    TabletIntro,
    CompareCodes,
    NoBoardYet,
    Joined,
    CodeTitle,
    CodeNote,
    CodeWaiting,
    DealOnPhones,
    DealOnPhonesNote,
}

pub fn v(l: Lang, key: V) -> &'static str {
    use V::*;
    match key {
        TabletTitle => l.pick("A table dealt on the phones", "スマホで配る卓"),
        TabletIntro => l.pick(
            "Every phone deals with the others, so that no device — this tablet included — ever holds another person's hand. The tablet shows the board, passes the phones' messages on and plays the computer's seats, each holding its own hand only.",
            "各スマホがほかのスマホと一緒に配るので、どの端末も（このタブレットも）ほかの人の手駒を持ちません。タブレットは盤を映し、スマホ同士のメッセージを取り次ぎ、コンピューターの席を（その席の手駒だけで）打ちます。",
        ),
        CompareCodes => l.pick(
            "Compare the table's code on every phone: the same six digits on each means no device stands between the phones. If one differs, stop and set the table again.",
            "全員のスマホで卓のコードを見比べてください。6桁がすべて同じなら、スマホの間に割り込んだ端末はありません。一つでも違えば中断し、卓を用意し直してください。",
        ),
        NoBoardYet => l.pick(
            "The board appears once every phone has joined and the Season is dealt.",
            "全員のスマホが参加して季が配られると、盤が現れます。",
        ),
        Joined => l.pick("Joined. Waiting for every phone to join…", "参加しました。全員のスマホの参加を待っています…"),
        CodeTitle => l.pick("The table's code", "卓のコード"),
        CodeNote => l.pick(
            "Every phone at the table shows this code. If any shows another, stop: a device stands between the phones.",
            "卓のどのスマホにもこのコードが出ます。違うコードのスマホがあれば中断してください。スマホの間に割り込んだ端末があります。",
        ),
        DealOnPhones => l.pick("Deal on the phones", "スマホで配る"),
        DealOnPhonesNote => l.pick(
            "No device, this tablet included, ever holding another person's hand:",
            "どの端末も（このタブレットも）ほかの人の手駒を持たない卓：",
        ),
        CodeWaiting => l.pick(
            "The table's code comes once every phone has joined.",
            "全員のスマホが参加すると、卓のコードが出ます。",
        ),
    }
}

/// What the board waits for: the phones whose view is not the board's yet.
pub fn board_waits(l: Lang, names: &str) -> String {
    say(l, format!("The board waits for: {names}."), format!("盤は次のスマホを待っています：{names}。"))
}

/// A text from the other end of a data channel that does not read; `from`: who sent it, in
/// words.
pub fn text_problem(l: Lang, e: &RelayTextError, from: &str) -> String {
    match e {
        RelayTextError::Unknown => say(
            l,
            format!("{from} sent a message of another version: update the game on every device."),
            format!("{from}から別の版のメッセージが届きました。すべての端末でゲームを更新してください。"),
        ),
        RelayTextError::TooLong { chars } => say(
            l,
            format!("{from} sent a message of {chars} characters, longer than any of this table."),
            format!("{from}から{chars}文字のメッセージが届きました。この卓のどのメッセージよりも長いものです。"),
        ),
        RelayTextError::Damaged | RelayTextError::View(_) | RelayTextError::Roster(_) => say(
            l,
            format!("A message from {from} was damaged on the way."),
            format!("{from}からのメッセージが途中で壊れました。"),
        ),
        RelayTextError::Letter(e) => read_error(l, e),
    }
}

/// What a phone refused of the tablet's messages, or of its own player's.
pub fn phone_problem(l: Lang, p: &RelayedProblem) -> String {
    match p {
        RelayedProblem::Text(e) => text_problem(l, e, l.pick("The tablet", "タブレット")),
        RelayedProblem::Table(e) => phone_table_problem(l, e),
        RelayedProblem::Play(e) => play_problem(l, e),
    }
}

/// Why a phone refused what the tablet passed on.
pub fn phone_table_problem(l: Lang, e: &PhoneTableError) -> String {
    let seat = |b: u8| seat_of(l, b);
    match e {
        PhoneTableError::Seating | PhoneTableError::Unreadable => l
            .pick(
                "This phone cannot take its seat: scan the seat's code on the tablet again.",
                "このスマホは席に着けません。タブレットの席のコードをもう一度読み取ってください。",
            )
            .into(),
        PhoneTableError::WrongTable | PhoneTableError::Early => l
            .pick(
                "The tablet sent another table's list of players: scan this table's code again.",
                "タブレットから別の卓の参加者一覧が届きました。この卓のコードをもう一度読み取ってください。",
            )
            .into(),
        PhoneTableError::NotOurs | PhoneTableError::RosterChanged => l
            .pick(
                "The tablet's list of players does not name this phone as it joined: stop, and set the table up again.",
                "タブレットの参加者一覧に、参加したときのこのスマホがありません。中断して、卓を用意し直してください。",
            )
            .into(),
        PhoneTableError::NotAPeer { from } => say(
            l,
            format!("The tablet passed on a message of {}, which is not another phone here.", seat(from.to_byte())),
            format!(
                "タブレットが{}からとしてメッセージを取り次ぎましたが、その席はこの卓のほかのスマホではありません。",
                seat(from.to_byte())
            ),
        ),
        PhoneTableError::NonceMismatch { seat: s } => say(
            l,
            format!(
                "{}'s part of the table's code was changed on the way: stop, and set the table up again.",
                seat(s.to_byte())
            ),
            format!(
                "{}の卓のコードの一部が途中で変えられました。中断して、卓を用意し直してください。",
                seat(s.to_byte())
            ),
        ),
        PhoneTableError::Setup(e) => setup_problem(l, e),
        PhoneTableError::Open(e) => open_problem(l, e),
        PhoneTableError::Play(e) => play_problem(l, e),
    }
}

/// What the tablet's page shows going wrong (table mode's own problems are said by its words).
pub fn tablet_problem(l: Lang, p: &TabletProblem) -> Option<String> {
    match p {
        TabletProblem::Page(_) => None,
        TabletProblem::Text { seat, error } => Some(text_problem(l, error, &seat_of(l, seat.to_byte()))),
        TabletProblem::Tablet(e) => Some(tablet_error(l, e)),
    }
}

/// A phone's message the tablet refused.
pub fn tablet_error(l: Lang, e: &TabletError) -> String {
    let seat = |b: u8| seat_of(l, b);
    match e {
        TabletError::Game(_) => {
            l.pick("A table of 2 to 4 players can be dealt on the phones.", "スマホで配れる卓は2〜4人です。").into()
        }
        TabletError::NotASeat { from } | TabletError::NotAComputer { seat: from } => say(
            l,
            format!("{} is not a phone's seat at this table.", seat(from.to_byte())),
            format!("{}はこの卓のスマホの席ではありません。", seat(from.to_byte())),
        ),
        TabletError::SeatTaken { seat: s } => say(
            l,
            format!("Another phone already sits at {}: pair this phone with a free seat.", seat(s.to_byte())),
            format!(
                "{}には別のスマホがすでに着いています。空いている席でこのスマホをつないでください。",
                seat(s.to_byte())
            ),
        ),
        TabletError::Early => l
            .pick(
                "A phone wrote before every phone had joined: wait for the others.",
                "全員の参加前にスマホが書き込みました。ほかのスマホを待ってください。",
            )
            .into(),
        TabletError::NonceMismatch { seat: s } => say(
            l,
            format!("{}'s phone sent a part of the table's code it had not promised.", seat(s.to_byte())),
            format!("{}のスマホが、約束していない卓のコードの一部を送りました。", seat(s.to_byte())),
        ),
        TabletError::NotItsLetter { from } => say(
            l,
            format!("{}'s phone sent a letter that is not its own to another seat.", seat(from.to_byte())),
            format!("{}のスマホが、自分のものでない手紙をほかの席へ送りました。", seat(from.to_byte())),
        ),
        TabletError::Computer { seat: s, .. } => say(
            l,
            format!("The computer player at {} could not take a message.", seat(s.to_byte())),
            format!("{}のコンピューターがメッセージを受け取れませんでした。", seat(s.to_byte())),
        ),
    }
}
