//! QR codes in the page: drawn as SVG markup (`lauzait_ui::html::table::qr`, built natively) and
//! read from a picture (a camera frame or an image file), here.

pub use lauzait_ui::html::table::qr::svg;

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
