//! Why two devices found no path, in words both table pages say (the host's and the
//! phone's): what the table's ICE servers let the page tell, and what to try. Its own
//! module, so that a phone's page carries these words and none of the settings'.

use super::Lang;
use lauzait_table_mode::no_path::NoPath;

pub fn no_path_why(l: Lang, why: NoPath) -> &'static str {
    match why {
        NoPath::NoServers => l.pick(
            "On different networks, devices reach each other only through a STUN or TURN server: the host adds one in the table's settings (or every device joins one network, or one phone's hotspot).",
            "別々のネットワークの端末どうしは STUN か TURN サーバーを通してしかつながりません。ホストがテーブルの設定で追加してください（または全端末を同じネットワークか、スマホ1台のテザリングにつないでください）。",
        ),
        NoPath::NoRelayServer => l.pick(
            "The STUN server found no direct path between these networks: the host adds a TURN server (a relay) in the table's settings.",
            "STUN サーバーではこれらのネットワークの間に直接の経路が見つかりませんでした。ホストがテーブルの設定で TURN サーバー（中継）を追加してください。",
        ),
        NoPath::RelayNotReached => l.pick(
            "The TURN server gave no relayed address: check its address, port, username and password in the table's settings.",
            "TURN サーバーが中継アドレスを返しませんでした。テーブルの設定でアドレス、ポート、ユーザー名、パスワードを確かめてください。",
        ),
        NoPath::RelayFailed => l.pick(
            "Even the TURN relay did not connect: check the TURN server's address and password, or where UDP is blocked try ?transport=tcp, or turns: on port 443.",
            "TURN の中継でもつながりませんでした。TURN サーバーのアドレスとパスワードを確かめるか、UDP が遮断されている場合は ?transport=tcp か、ポート443の turns: を試してください。",
        ),
    }
}
