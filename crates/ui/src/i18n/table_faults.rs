//! The words of what a table page refuses on its own side: a host's message a phone cannot
//! take, and a setup that makes no game's seats. English is the errors' own text (as for the
//! rules' refusals); the host's own detail of an unreadable message is kept as it came.

use super::Lang;
use lauzait_engine::OptionsError;
use lauzait_table_mode::guest_error::GuestError;

/// Why this phone refused a message from the host.
pub fn guest_error(l: Lang, e: &GuestError) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    use GuestError as E;
    match e {
        E::Unreadable(r) => format!("ホストのメッセージが読めませんでした（{}: {}）", r.reason, r.detail),
        E::OtherTable => "ホストがこのスマホを別のテーブルか別の席に迎えました".into(),
        E::RoundOfNoGame { round, attempt } => {
            format!("ホストが配牌ラウンド{round}（{attempt}回目）を求めましたが、このゲームにそのラウンドはありません")
        }
        E::CommitmentChanged => "ホストが約束を変えました。この配牌は信頼できません".into(),
        E::RevealBeforeCommit { round, attempt } => {
            format!("ホストが始まっていない配牌ラウンド{round}（{attempt}回目）を明かそうとしました")
        }
        E::AttemptDealtAgain { round, attempt } => {
            format!("ホストが配り直し済みのラウンド{round}の{attempt}回目をまた求めました")
        }
        E::CommitmentsLeaveOut => "ホストの約束の一覧がこのスマホの約束を欠くか、ホスト自身の約束を変えています".into(),
        E::CommitmentsChanged => "ホストがラウンドの約束を変えました。この配牌は信頼できません".into(),
        E::OtherSeatsView { view_seat, seat } => format!("ホストが席{view_seat}の局面を席{seat}に送りました"),
        E::View(_) => "ホストから届いた局面が認められません".into(),
    }
}

/// Why the table's setup makes no game's seats.
pub fn options_error(l: Lang, e: &OptionsError) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        OptionsError::PlayerCount { count } => format!("ゲームは2〜4人です。{count}人ではできません（R3）"),
        OptionsError::SharedSeat => "2人のプレイヤーが同じ席に座ることはできません".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_table_mode::protocol::Refusal;
    use lauzait_table_mode::validate::Refused;

    #[test]
    fn each_refused_message_and_setup_has_words_in_both_languages() {
        let guest = [
            GuestError::Unreadable(Refused::new(Refusal::Malformed, "not json")),
            GuestError::OtherTable,
            GuestError::RoundOfNoGame { round: 9, attempt: 1 },
            GuestError::CommitmentChanged,
            GuestError::RevealBeforeCommit { round: 2, attempt: 1 },
            GuestError::AttemptDealtAgain { round: 2, attempt: 1 },
            GuestError::CommitmentsLeaveOut,
            GuestError::CommitmentsChanged,
            GuestError::OtherSeatsView { view_seat: 1, seat: 0 },
        ];
        for e in &guest {
            assert_eq!(guest_error(Lang::En, e), e.to_string());
            assert_ne!(guest_error(Lang::Ja, e), guest_error(Lang::En, e), "{e:?}");
        }
        let unreadable = guest_error(Lang::Ja, &guest[0]);
        assert!(unreadable.contains("not json"), "the host's detail is kept: {unreadable}");
        // R3: two to four players.
        for e in [OptionsError::PlayerCount { count: 5 }, OptionsError::SharedSeat] {
            assert_eq!(options_error(Lang::En, &e), e.to_string());
            assert_ne!(options_error(Lang::Ja, &e), options_error(Lang::En, &e), "{e:?}");
        }
        assert_eq!(
            options_error(Lang::Ja, &OptionsError::PlayerCount { count: 5 }),
            "ゲームは2〜4人です。5人ではできません（R3）"
        );
    }
}
