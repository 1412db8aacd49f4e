//! The words of joint play by turns (a table where no device holds another seat's hand:
//! DEAL-PROTOCOL.md, "Play by turns"): each refusal said so that the person knows what to do
//! next. The protocol's own reasons (a cheat it caught, which device, at which step) are
//! quoted as the protocol words them.

use super::remote::{open_error, say};
use super::Lang;
use lauzait_joint_play::{Awaited, InboxError, PlayError};
use lauzait_remote::joint_device::{JointOpenError, JointSetupError};
use lauzait_remote::joint_table::{JoinError, RosterError};
use lauzait_remote::screen::joint::TableChoice;

/// A table of joint play that could not be made, or a saved device of it read back.
pub fn setup_problem(l: Lang, e: &JointSetupError) -> String {
    match e {
        JointSetupError::Unreadable | JointSetupError::Save(_) | JointSetupError::Peers => l
            .pick(
                "This device's saved table could not be read back: set a new table, or open a new invite.",
                "この端末に保存したテーブルを読み戻せませんでした。新しいテーブルを用意するか、新しい招待を開いてください。",
            )
            .into(),
        JointSetupError::Play(why) => made_not(l, why),
        JointSetupError::Roster(why) => roster_problem(l, why),
    }
}

/// A letter of joint play refused, or the game stopped by what it carried.
pub fn open_problem(l: Lang, e: &JointOpenError) -> String {
    match e {
        JointOpenError::Letter(e) => open_error(l, e),
        JointOpenError::Text(why) => say(
            l,
            format!("A message in this link is not one of this game ({why}): the other device may run another version."),
            format!("このリンクの中にこのゲームのものでないメッセージがあります（{why}）。相手の端末が別の版かもしれません。"),
        ),
        JointOpenError::Play(InboxError::TooManyHeld { from }) => say(
            l,
            format!("Too many links from {from} came before the ones they follow: open its earlier links first."),
            format!("{from}からのリンクが順番より先に多く届きました。先に前のリンクを開いてください。"),
        ),
        JointOpenError::Play(InboxError::Refused(why)) => play_problem(l, why),
        JointOpenError::Roster(why) => roster_problem(l, why),
    }
}

/// The table's roster refused.
pub fn roster_problem(l: Lang, e: &RosterError) -> String {
    match e {
        RosterError::NotOurs => l
            .pick(
                "The table's list of players does not name this device: this link is not for this seat.",
                "テーブルの参加者一覧にこの端末がありません。このリンクはこの席のものではありません。",
            )
            .into(),
        RosterError::Changed => l
            .pick(
                "The table's maker changed the list of players after the game began: this table cannot go on.",
                "対局が始まった後にテーブルの作成者が参加者一覧を変えました。このテーブルは続けられません。",
            )
            .into(),
        other => say(
            l,
            format!("The table's list of players was refused ({other}): ask its maker for the link again."),
            format!(
                "テーブルの参加者一覧を受け付けられませんでした（{other}）。作成者にリンクをもう一度頼んでください。"
            ),
        ),
    }
}

/// Device 0's letter that could not make this seat's device.
pub fn join_problem(l: Lang, e: &JoinError) -> String {
    match e {
        JoinError::Letter(e) => open_error(l, e),
        JoinError::Roster(e) => roster_problem(l, e),
        JoinError::Setup(e) => setup_problem(l, e),
        JoinError::Open(e) => open_problem(l, e),
    }
}

/// The device refused a move, or the game stopped (a cheat it caught names the device).
pub fn play_problem(l: Lang, e: &PlayError) -> String {
    match e {
        PlayError::Stopped(why) => say(l, format!("The game stopped: {why}."), format!("対局は止まりました：{why}。")),
        other => say(
            l,
            format!("That move was refused ({other}): nothing changed."),
            format!("その手は受け付けられませんでした（{other}）。何も変わりません。"),
        ),
    }
}

fn made_not(l: Lang, why: &PlayError) -> String {
    say(
        l,
        format!("The table could not be made ({why}): try again."),
        format!("テーブルを用意できませんでした（{why}）。もう一度お試しください。"),
    )
}

/// Fixed texts of a table of joint play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum J {
    /// The setup's button.
    CreateJoint,
    /// What the setup's button does.
    CreateJointNote,
    /// Device 0's page while the seats join.
    GatheringIntro,
    /// A seat's page before the roster.
    JoiningIntro,
    /// The note under a letter of joint play.
    LetterNote,
    YourDay,
    GameOver,
}

pub fn j(l: Lang, key: J) -> &'static str {
    use J::*;
    match key {
        CreateJoint => l.pick("Set a table dealt by every device", "全端末で配るテーブルを用意"),
        CreateJointNote => l.pick(
            "Every seat a person on their own device. Every device deals: none, not even this one, ever holds another player's hand.",
            "全席がそれぞれ自分の端末を使う人です。全端末で配るので、どの端末も（この端末も）他の人の手牌を持ちません。",
        ),
        GatheringIntro => l.pick(
            "Send each seat its invite. When every seat's device has answered, the deal begins.",
            "各席に招待を送ってください。全席の端末から返事が届くと配牌が始まります。",
        ),
        JoiningIntro => l.pick(
            "Send this letter to the table's maker, then open the letter that comes back.",
            "この手紙をテーブルの作成者に送り、返ってくる手紙を開いてください。",
        ),
        LetterNote => l.pick(
            "It carries everything that device has not answered yet: a later letter takes the place of this one.",
            "その端末がまだ返事をしていないものを全部含みます。後の手紙がこの手紙の代わりになります。",
        ),
        YourDay => l.pick("Your Day.", "あなたの番です。"),
        GameOver => l.pick(
            "The game is over, and every device's deal was checked.",
            "対局は終わり、全端末の配牌を確かめました。",
        ),
    }
}

/// What the table waits for from the devices of `names` (already joined in the page's words).
pub fn waits(l: Lang, awaited: &Awaited, names: &str) -> String {
    match awaited {
        Awaited::Deal { .. } => say(
            l,
            format!("The deal waits for the letters of {names}."),
            format!("配牌は{names}の手紙を待っています。"),
        ),
        Awaited::Day { .. } => say(l, format!("Waiting for {names}'s Day."), format!("{names}の手を待っています。")),
        Awaited::Agreement { .. } => {
            say(l, format!("Waiting for {names} to agree."), format!("{names}の同意を待っています。"))
        }
        Awaited::Throw { .. } => {
            say(l, format!("The sticks wait for the letters of {names}."), format!("棒は{names}の手紙を待っています。"))
        }
        Awaited::Publication { .. } => say(
            l,
            format!("The Season's end waits for {names} to show their deal."),
            format!("場の終わりは{names}が配牌を明かすのを待っています。"),
        ),
        Awaited::Void { .. } => say(
            l,
            format!("Waiting for {names}'s vote to give the Season up."),
            format!("場を無効にする{names}の投票を待っています。"),
        ),
        Awaited::Nothing => String::new(),
    }
}

/// The seats still to join, in the page's words.
pub fn seats_awaited(l: Lang, names: &str) -> String {
    say(l, format!("Waiting for {names} to join."), format!("{names}の参加を待っています。"))
}

/// The heading of the letter to `name`'s device.
pub fn letter_to(l: Lang, name: &str) -> String {
    say(l, format!("Letter to {name}"), format!("{name}への手紙"))
}

/// A table choice's button, `names` the devices that left (for a vote to give up).
pub fn table_choice(l: Lang, choice: &TableChoice, names: &str) -> String {
    match choice {
        TableChoice::EndSeason { proposed: false } => {
            l.pick("Propose ending the Season by agreement", "合意で場を終えることを提案").into()
        }
        TableChoice::EndSeason { proposed: true } => l.pick("Agree to end the Season", "場を終えることに同意").into(),
        TableChoice::GiveUp { proposed: false, .. } => say(
            l,
            format!("{names} gone for good? Give this Season up"),
            format!("{names}が戻らない？この場を無効にする"),
        ),
        TableChoice::GiveUp { proposed: true, .. } => say(
            l,
            format!("Agree: give this Season up without {names}"),
            format!("同意：{names}抜きでこの場を無効にする"),
        ),
    }
}
