//! The five sticks (R5) thrown over the board when a piece enters Water (R12.6): they
//! tumble for a moment, then land showing the engine's result, with the outcome spelt out.

use super::pen::Pen;
use lauzait_ui::i18n::table;
use lauzait_ui::layout::Rect;
use lauzait_ui::model::{Model, SticksAnim};

const DARK: &str = "#3b2716";
const LIGHT: &str = "#efdca4";

pub fn draw(app: &Model, pen: &Pen, anim: &SticksAnim, now: f64) {
    let l = &app.device.layout;
    let g = l.grid;
    let t = ((now - anim.start) / anim.duration).clamp(0.0, 1.0);
    let settle = 0.5;
    let panel = Rect::new(g.x + g.w * 0.05, g.y + g.h * 0.16, g.w * 0.90, g.h * 0.68);
    pen.fill_round(panel, 14.0, "rgba(28,18,8,0.86)");
    let lang = app.lang;
    let title = table::sticks_thrown(lang);
    pen.text_fit(
        title,
        panel.cx(),
        panel.y + panel.h * 0.1,
        (panel.h * 0.075).clamp(11.0, 20.0),
        700,
        "#fff3da",
        "center",
        "middle",
        panel.w - 16.0,
    );
    let faces = anim.record.sticks.map(|s| s.0).unwrap_or([false; 5]);
    let sw = panel.w * 0.095;
    let sh = panel.h * 0.46;
    let gap = (panel.w - 5.0 * sw) / 6.0;
    for (i, &dark) in faces.iter().enumerate() {
        let cx = panel.x + gap + i as f64 * (sw + gap) + sw / 2.0;
        let cy = panel.y + panel.h * 0.53;
        let (w, face_dark, dy) = if t < settle {
            let speed = 11.0 + i as f64 * 2.3;
            // The browser's Math.cos and Math.sin: Rust's own would bring their argument
            // reduction's code and tables to the page for this one animation.
            let a = js_sys::Math::cos(t * speed + i as f64 * 0.9);
            let bounce =
                js_sys::Math::sin(std::f64::consts::PI * t / settle) * panel.h * 0.05 * (1.0 - 0.15 * i as f64);
            (sw * a.abs().max(0.08), a > 0.0, -bounce)
        } else {
            (sw, dark, 0.0)
        };
        let r = Rect::new(cx - w / 2.0, cy - sh / 2.0 + dy, w, sh);
        pen.fill_round(r, w.min(sw) * 0.45, if face_dark { DARK } else { LIGHT });
        pen.stroke_round(r, w.min(sw) * 0.45, "#f6e7c4", 1.5);
        if face_dark && t >= settle {
            // Marks on the dark face, so dark/light is not told by colour alone.
            for k in 0..3 {
                let y = r.y + r.h * (0.3 + 0.2 * k as f64);
                pen.line(r.x + w * 0.2, y, r.right() - w * 0.2, y, "#c9a66b", 2.0);
            }
        }
    }
    if t >= settle {
        let n = anim.record.sticks.map_or(0, |s| usize::from(s.dark_faces()));
        let text = table::sticks_result(lang, n, anim.record.arrived);
        pen.text_fit(
            &text,
            panel.cx(),
            panel.bottom() - panel.h * 0.1,
            (panel.h * 0.08).clamp(12.0, 22.0),
            800,
            "#ffd479",
            "center",
            "middle",
            panel.w - 16.0,
        );
    }
}
