//! The words of an answer link's tab (table.html#a=… opened on the host's device): whether
//! the answer reached the table's page, and what to do when it did not. Host's module only.

use super::Lang;
use lauzait_table_mode::forward::Forwarded;

/// What the tab says, `why` the reader's words for a damaged link.
pub fn forwarded_text(l: Lang, f: &Forwarded) -> String {
    match f {
        Forwarded::Sent => l.pick(
            "Sent to the table's page: it connects the phone now. You can close this tab.",
            "テーブルのページに送りました。スマホとの接続を始めます。このタブは閉じてかまいません。",
        ).to_string(),
        Forwarded::NotAwaited => l.pick(
            "The table's page is open, but no seat waits for this answer: it was answered already, or the seat has a new link since. Ask the phone to open the seat's new link and send its new answer.",
            "テーブルのページは開いていますが、この応答を待っている席がありません（応答済みか、その席に新しいリンクが出ています）。スマホで席の新しいリンクを開き、新しい応答を送ってもらってください。",
        ).to_string(),
        Forwarded::Refused => l.pick(
            "The table's page could not read this answer: reload the table's page, then open this link again.",
            "テーブルのページがこの応答を読めませんでした。テーブルのページを再読み込みしてから、このリンクをもう一度開いてください。",
        ).to_string(),
        Forwarded::NoTablePage => l.pick(
            "No table's page is open in this browser: open this link in the browser that shows the table (where the seats' codes are), or paste the link into its seat's card.",
            "このブラウザーにテーブルのページが開いていません。テーブル（席のコード）を表示しているブラウザーでこのリンクを開くか、リンクを席のカードに貼り付けてください。",
        ).to_string(),
        Forwarded::Damaged(why) => match l {
            Lang::En => format!("This answer link cannot be read ({why}): ask the phone to send it again."),
            Lang::Ja => format!("この応答リンクは読めません（{why}）。スマホからもう一度送ってもらってください。"),
        },
    }
}
