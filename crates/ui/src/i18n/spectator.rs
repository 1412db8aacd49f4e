//! The words of a table's spectators: the host's invitation (its section and cards on the
//! table's page) and the spectator's own page (the board, the hands' revealed Departments,
//! the scores and the Season's log, never a hand).

use super::Lang;

/// Fixed texts about spectators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum S {
    /// The host's section.
    Spectators,
    Invite,
    /// What a spectator sees, on the host's page.
    InviteNote,
    /// A spectator watching, on the host's page.
    Watching,
    /// The spectator's page's title.
    PageTitle,
    /// What the spectator's page shows, and what it never shows.
    PageNote,
    /// Before the first view.
    WaitingForBoard,
    /// The channel closed.
    Lost,
    Board,
    /// By turns: the host's spectators' link.
    ByTurnsLink,
    ByTurnsNote,
}

pub fn s(l: Lang, text: S) -> &'static str {
    use S::*;
    match text {
        Spectators => l.pick("Spectators", "観戦"),
        Invite => l.pick("Invite a spectator", "観戦者を招待"),
        InviteNote => l.pick(
            "A spectator's link shows the board, the revealed Departments, the scores and the Season's log — never a hand. A spectator can take no seat and no step.",
            "観戦者のリンクでは、盤・公開された組合せ・得点・ラウンドの記録だけが見え、手駒は見えません。観戦者は席につくことも手を指すこともできません。",
        ),
        Watching => l.pick("watching", "観戦中"),
        PageTitle => l.pick("Watching the table", "テーブルを観戦中"),
        PageNote => l.pick(
            "You see what everyone at the table sees: no hand's concealed pieces.",
            "テーブルの全員に見えるものだけが表示されます。伏せた手駒は見えません。",
        ),
        WaitingForBoard => l.pick("Waiting for the board's first deal…", "盤の端末の配牌を待っています…"),
        Lost => l.pick(
            "The board's connection is lost — ask for a new spectator link.",
            "盤の端末との接続が切れました。新しい観戦リンクをもらってください。",
        ),
        Board => l.pick("Board", "盤"),
        ByTurnsLink => l.pick("Link for spectators", "観戦者へのリンク"),
        ByTurnsNote => l.pick(
            "The table as it stands now: the board, the revealed Departments, the scores and the Season's log — never a hand. Send it again after a Day to show what changed.",
            "いまのテーブル（盤・公開された組合せ・得点・ラウンドの記録。手駒は含みません）。手番のあとにもう一度送ると、変化が伝わります。",
        ),
    }
}

/// A spectator's card title on the host's page (`n` from 1).
pub fn spectator_n(l: Lang, n: usize) -> String {
    match l {
        Lang::En => format!("Spectator {n}: open this link"),
        Lang::Ja => format!("観戦者{n}：このリンクを開く"),
    }
}

/// A spectator's line once it watches (`n` from 1).
pub fn spectator_watching(l: Lang, n: usize) -> String {
    match l {
        Lang::En => format!("Spectator {n}"),
        Lang::Ja => format!("観戦者{n}"),
    }
}
