//! The records' words: the replay viewer's bar and caption, the records dialog (import, or
//! the links to copy) and the menu's records buttons (crates/ui/src/html/records.rs, ui/records.rs).

use super::Lang;
use crate::records::ReplayStep;

/// Fixed strings of the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rec {
    CloseReplay,
    Records,
    ImportNote,
    Replay,
    RecordLink,
    Copy,
    ShareAfterGame,
    PositionLink,
    Export,
    Exported,
    CopyLink,
    ReplayOwn,
    Import,
    Rules,
    ImportFile,
    ImportText,
}

pub fn rec(l: Lang, key: Rec) -> &'static str {
    use Rec::*;
    match key {
        CloseReplay => l.pick("Close replay", "再生を閉じる"),
        Records => l.pick("Records", "記録"),
        ImportNote => l.pick("Choose a record file (LZR2 or LZR1) or paste one.", "記録ファイル（LZR2・LZR1）を選ぶか、貼り付けてください。"),
        Replay => l.pick("Replay", "再生する"),
        ImportFile => l.pick("Record file", "記録ファイル"),
        ImportText => l.pick("Or paste the record here", "または記録をここに貼り付け"),
        RecordLink => l.pick("A link that replays this game:", "このゲームの再生リンク："),
        Copy => l.pick("Copy", "コピー"),
        ShareAfterGame => l.pick(
            "While the game is under way, the record holds only what every player saw: no hand, no deal. The full record, every hand included, is offered once the game is over.",
            "ゲーム中の記録には、全員が見たことだけが入ります（手駒も配りも入りません）。手駒をすべて含む完全な記録は、ゲームの終了後に保存できます。",
        ),
        PositionLink => l.pick("The table now (hands stay hidden):", "今の局面（手駒は伏せたまま）："),
        Export => l.pick("Export record", "記録を保存"),
        Exported => l.pick("Record exported.", "記録を保存しました。"),
        CopyLink => l.pick("Copy link", "リンクをコピー"),
        ReplayOwn => l.pick("Replay this game", "このゲームを再生"),
        Import => l.pick("Import / replay a record", "記録を読み込む・再生"),
        Rules => l.pick("Rules, with live boards", "ルール（動く盤つき）"),
    }
}

/// The replay viewer's step buttons.
pub fn replay_step(l: Lang, step: ReplayStep) -> &'static str {
    match step {
        ReplayStep::Start => l.pick("Start", "最初"),
        ReplayStep::PrevDay => l.pick("« Day", "« 前の手番"),
        ReplayStep::Prev => l.pick("‹ Step", "‹ 戻る"),
        ReplayStep::Next => l.pick("Step ›", "進む ›"),
        ReplayStep::NextDay => l.pick("Day »", "次の手番 »"),
        ReplayStep::End => l.pick("End", "最後"),
    }
}

/// The head of the replay viewer's caption: "Replay 12/80 · Season 1 Day 4".
pub fn replay_head(l: Lang, at: usize, len: usize, season: u8, day: u32) -> String {
    match l {
        Lang::En => format!("Replay {at}/{len} · Season {season} Day {day}"),
        Lang::Ja => format!("再生 {at}/{len} · ラウンド{season} · {day}手目"),
    }
}
