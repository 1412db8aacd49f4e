//! The words of the table's ICE server settings on the host's page (table mode's setup):
//! what the servers are for, the field, and why an entry is refused. Their own module, so
//! that a phone's page, which never shows the settings, carries none of them.

use super::Lang;
use lauzait_table_mode::ice_error::{IceEntryError, IceFault};

/// Fixed texts of the settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum I {
    Heading,
    Note,
    Field,
    Save,
    Saved,
    NoneSet,
}

pub fn i(l: Lang, key: I) -> &'static str {
    use I::*;
    match key {
        Heading => l.pick("Playing across networks (ICE servers)", "別のネットワークから遊ぶ（ICEサーバー）"),
        Note => l.pick(
            "None by default: the devices then meet only on this network, and nothing leaves the room. To pair phones on other networks, add a STUN server (each device learns its public address) and, for networks that block direct paths, a TURN server (a relay; its username and credential travel in every invite link). One server a line, at most 4.",
            "既定ではなし：端末はこのネットワーク内でのみつながり、部屋の外には何も出ません。別のネットワークのスマホとつなぐには STUN サーバー（各端末が自分の公開アドレスを知る）を、直接の経路を通さないネットワークには TURN サーバー（中継。ユーザー名とパスワードは招待リンクに含まれます）を追加してください。1行に1台、最大4台。",
        ),
        Field => l.pick(
            "ICE servers, e.g. stun:stun.example.org:3478 or turn:turn.example.org:3478?transport=tcp user password",
            "ICEサーバー（例：stun:stun.example.org:3478 や turn:turn.example.org:3478?transport=tcp ユーザー名 パスワード）",
        ),
        Save => l.pick("Use these servers", "このサーバーを使う"),
        Saved => l.pick("Saved: new links use these servers.", "保存しました。新しいリンクはこのサーバーを使います。"),
        NoneSet => l.pick("No servers: this network only.", "サーバーなし：このネットワーク内のみ。"),
    }
}

/// Why an entry is refused: which, what is wrong, and a right one.
pub fn entry_error(l: Lang, e: &IceEntryError) -> String {
    let what = match (l, e.fault) {
        (Lang::En, IceFault::Empty) => "it is empty",
        (Lang::Ja, IceFault::Empty) => "空です",
        (Lang::En, IceFault::NoScheme) => "it does not start with stun:, turn: or turns:",
        (Lang::Ja, IceFault::NoScheme) => "stun:、turn:、turns: のどれかで始まっていません",
        (Lang::En, IceFault::UnknownScheme) => "only stun:, turn: and turns: servers are used",
        (Lang::Ja, IceFault::UnknownScheme) => "使えるのは stun:、turn:、turns: のサーバーだけです",
        (Lang::En, IceFault::Host) => "its host is not a name or an address",
        (Lang::Ja, IceFault::Host) => "ホストが名前でもアドレスでもありません",
        (Lang::En, IceFault::Port) => "its port is not a number from 1 to 65535",
        (Lang::Ja, IceFault::Port) => "ポートが1〜65535の数ではありません",
        (Lang::En, IceFault::StunQuery) => "a STUN server takes no ?transport (only TURN does)",
        (Lang::Ja, IceFault::StunQuery) => "STUN サーバーに ?transport は付けません（TURN だけです）",
        (Lang::En, IceFault::StunLogin) => "a STUN server takes no username or password",
        (Lang::Ja, IceFault::StunLogin) => "STUN サーバーにユーザー名やパスワードは付けません",
        (Lang::En, IceFault::TurnLogin) => "a TURN server needs a username and a password after its address",
        (Lang::Ja, IceFault::TurnLogin) => "TURN サーバーにはアドレスの後にユーザー名とパスワードが必要です",
        (Lang::En, IceFault::Transport) => "the transport is ?transport=udp or ?transport=tcp",
        (Lang::Ja, IceFault::Transport) => "transport は ?transport=udp か ?transport=tcp です",
        (Lang::En, IceFault::Login) => "the username and password are letters, digits and signs, without spaces",
        (Lang::Ja, IceFault::Login) => "ユーザー名とパスワードは空白のない半角英数字と記号です",
        (Lang::En, IceFault::TooMany) => "a table takes at most 4 servers",
        (Lang::Ja, IceFault::TooMany) => "サーバーは最大4台です",
        (Lang::En, IceFault::TooLong) => {
            "the servers together are too long for an invite link: shorten names or passwords"
        }
        (Lang::Ja, IceFault::TooLong) => "サーバー全体が招待リンクには長すぎます。名前やパスワードを短くしてください",
    };
    match l {
        Lang::En => format!("Server {} ({}): {what}. For example: {}", e.number, e.entry, e.fault.example()),
        Lang::Ja => format!("{}台目（{}）：{what}。例：{}", e.number, e.entry, e.fault.example()),
    }
}
