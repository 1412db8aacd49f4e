//! QR codes drawn and read in the page: an SVG of a text (the seat's link, the phone's
//! answer) and the text of a picture's QR code (a camera frame or an image file).

use qrcode::{EcLevel, QrCode};

/// The QR code of `text` as an SVG element's markup, `label` its accessible name.
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
        crate::web::view::html::esc(label)
    )
}

/// The text of the first QR code found in an RGBA picture `width` × `height`.
pub fn read(rgba: &[u8], width: usize, height: usize) -> Option<String> {
    if rgba.len() < width * height * 4 {
        return None;
    }
    let luma = |x: usize, y: usize| {
        let i = 4 * (y * width + x);
        ((rgba[i] as u32 * 77 + rgba[i + 1] as u32 * 150 + rgba[i + 2] as u32 * 29) >> 8) as u8
    };
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(width, height, luma);
    img.detect_grids().into_iter().find_map(|g| g.decode().ok().map(|(_, text)| text))
}
