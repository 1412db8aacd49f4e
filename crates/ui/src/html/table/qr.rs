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
