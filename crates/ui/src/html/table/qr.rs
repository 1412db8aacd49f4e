//! A QR code as an SVG element's markup: the seat's link on the host, the phone's answer.
//! Reading one (a camera frame, a picture) is the host page's (`web::table::qr`).

use crate::html::markup::esc;
use qrcode::{EcLevel, QrCode};

/// The QR code of `text` as an SVG element's markup, `label` its accessible name; nothing
/// for a text too long for any QR code.
pub fn svg(text: &str, label: &str) -> String {
    let Ok(code) = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L) else {
        return String::new();
    };
    let w = code.width();
    let quiet = 4;
    let size = w + 2 * quiet;
    let mut path = String::new();
    for (i, c) in code.to_colors().iter().enumerate() {
        if *c == qrcode::Color::Dark {
            let (x, y) = (i % w + quiet, i / w + quiet);
            path.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    format!(
        "<svg class=\"qr\" role=\"img\" aria-label=\"{}\" viewBox=\"0 0 {size} {size}\" shape-rendering=\"crispEdges\" \
         xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>",
        esc(label)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_table_mode::bytes::{JoinToken, TableId};
    use lauzait_table_mode::ice::IceServers;
    use lauzait_table_mode::link::{invite_fragment, Invite};
    use lauzait_table_mode::sdp::SessionDescription;

    /// A seat's link with one STUN and one TURN server (a time-limited credential) and a
    /// phone-style offer: its QR code's size, printed for TABLE-PROTOCOL.md
    /// (`cargo test -p lauzait-ui qr -- --nocapture`). Version 12 (65 modules a side) at
    /// most, which a phone's camera reads off a tablet's screen at arm's length (the link
    /// without servers: version 9, 53 modules).
    #[test]
    fn a_link_with_ice_servers_stays_a_qr_code_a_phone_reads() {
        let invite = Invite {
            table: TableId::from_entropy(&[1; 8]),
            seat: 1,
            token: JoinToken::from_entropy(&[2; 8]),
            offer: SessionDescription::parse(include_str!("../../../../table-mode/fixtures/sdp/chromium-offer-mdns.sdp"))
                .unwrap(),
            ice: IceServers::parse(
                "stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=tcp 1764320000:alice Kx3vQ9mZpL2wT8nR5yB1cD4fG7h=",
            )
            .unwrap(),
        };
        let width = |invite: &Invite| {
            let url = format!("https://lauzait.example.org/table.html#{}", invite_fragment(invite));
            (url.len(), QrCode::with_error_correction_level(url.as_bytes(), EcLevel::L).unwrap().width())
        };
        let (chars, modules) = width(&invite);
        eprintln!("a link with one STUN and one TURN server: {chars} characters, QR code {modules} modules a side");
        assert!(modules <= 65, "{modules} modules");
        let (chars, modules) = width(&Invite { ice: IceServers::default(), ..invite });
        eprintln!("the same link without servers: {chars} characters, QR code {modules} modules a side");
        assert!(modules <= 53, "{modules} modules");
    }
}
