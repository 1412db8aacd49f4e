//! Reading a QR code by camera (frames of `getUserMedia` drawn on a canvas and decoded in
//! the page, [`super::qr::read`]) or from a picture file.

use super::qr;
use super::rtc::sleep;
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement, HtmlVideoElement, MediaStream};

/// The text of `canvas`'s picture's QR code.
fn read_canvas(canvas: &HtmlCanvasElement, ctx: &CanvasRenderingContext2d) -> Option<String> {
    let (w, h) = (canvas.width(), canvas.height());
    let data = ctx.get_image_data(0.0, 0.0, w as f64, h as f64).ok()?;
    qr::read(&data.data(), w as usize, h as usize)
}

fn context(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, JsValue> {
    let opts = Object::new();
    Reflect::set(&opts, &"willReadFrequently".into(), &true.into())?;
    let ctx = canvas.get_context_with_context_options("2d", &opts)?.ok_or("no 2d context")?;
    ctx.dyn_into().map_err(JsValue::from)
}

/// Starts the camera into `video` (the back camera when there is one).
pub async fn start(video: &HtmlVideoElement) -> Result<MediaStream, JsValue> {
    let devices = web_sys::window().ok_or("no window")?.navigator().media_devices()?;
    let constraints = web_sys::MediaStreamConstraints::new();
    let video_opts = Object::new();
    Reflect::set(&video_opts, &"facingMode".into(), &"environment".into())?;
    constraints.set_video(&video_opts);
    let stream: MediaStream =
        JsFuture::from(devices.get_user_media_with_constraints(&constraints)?).await?.dyn_into()?;
    video.set_src_object(Some(&stream));
    video.set_muted(true);
    let _ = video.play();
    Ok(stream)
}

/// Stops every track of `stream`.
pub fn stop(stream: &MediaStream) {
    for t in stream.get_tracks().iter() {
        if let Ok(t) = t.dyn_into::<web_sys::MediaStreamTrack>() {
            t.stop();
        }
    }
}

/// Decodes frames of `video` until a QR code is read (`Some`) or `keep_going` says stop.
pub async fn scan(
    video: &HtmlVideoElement,
    canvas: &HtmlCanvasElement,
    keep_going: impl Fn() -> bool,
) -> Option<String> {
    let ctx = context(canvas).ok()?;
    while keep_going() {
        let (w, h) = (video.video_width(), video.video_height());
        if w > 0 && h > 0 {
            canvas.set_width(w);
            canvas.set_height(h);
            if ctx.draw_image_with_html_video_element(video, 0.0, 0.0).is_ok() {
                if let Some(text) = read_canvas(canvas, &ctx) {
                    return Some(text);
                }
            }
        }
        sleep(200).await;
    }
    None
}

/// The QR code's text in a picture file (a photo or screenshot of the phone's code).
pub async fn read_file(file: &web_sys::File, canvas: &HtmlCanvasElement) -> Result<Option<String>, JsValue> {
    let url = web_sys::Url::create_object_url_with_blob(file)?;
    let img = HtmlImageElement::new()?;
    let loaded = js_sys::Promise::new(&mut |resolve, reject| {
        img.set_onload(Some(resolve.unchecked_ref()));
        img.set_onerror(Some(reject.unchecked_ref()));
    });
    img.set_src(&url);
    let result = JsFuture::from(loaded).await;
    let _ = web_sys::Url::revoke_object_url(&url);
    result?;
    // Read at most MAX_PICTURE_SIDE on the longest side: a picture that claims a huge size
    // would otherwise be copied into the page's memory whole.
    let (w, h) = (img.natural_width(), img.natural_height());
    let scale = (f64::from(MAX_PICTURE_SIDE) / f64::from(w.max(h).max(1))).min(1.0);
    let side = |n: u32| ((f64::from(n) * scale).round() as u32).max(1);
    let (w, h) = (side(w), side(h));
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx = context(canvas)?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, f64::from(w), f64::from(h))?;
    Ok(read_canvas(canvas, &ctx))
}

/// The longest side, in pixels, a picture of a code is read at: a phone's screenshot or a
/// photo scaled to it keeps its code readable.
const MAX_PICTURE_SIDE: u32 = 2048;
