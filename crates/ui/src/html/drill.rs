//! The scoring drill's HTML: the hand as tiles (read out in words too), the luminous piece,
//! the answers offered and the field to type one, then the verdict, the explanation pattern
//! by pattern with each rule id as a link, the next hand and the tally. The words are in
//! `ui::i18n::drill`.

use super::markup::{button, card, esc, tile, tiles};
use crate::drill::{DrillAnswer, DrillMsg};
use crate::i18n::drill::{self as words, d, D};
use crate::i18n::Lang;
use crate::model::Model;
use crate::msg::Intent;
use lauzait_engine::Rule;
use lauzait_learn::drill::pattern_rule;

fn drill_button(id: &str, intent: DrillMsg, class: &str, label: &str, autofocus: bool) -> String {
    button(id, Intent::Drill(intent), class, label, autofocus)
}

/// The button that opens the drill (lessons list, menu, first screen).
pub fn open_button(app: &Model) -> String {
    drill_button("btn-drill", DrillMsg::Open, "", d(app.lang, D::Open), false)
}

/// A rule's link, after a space.
fn rule_link(lang: Lang, rule: Rule) -> String {
    format!(" {}", super::markup::rule_link(lang, rule))
}

/// The drill dialog.
pub fn drill_dialog(app: &Model) -> String {
    let lang = app.lang;
    let Some(run) = app.drill().run() else { return String::new() };
    let hand: Vec<_> = run.drill.hand().pieces().collect();
    let mut body = format!(
        "<p id=\"drill-question\">{}</p><p class=\"note\">{}</p><p>{}</p><div id=\"drill-hand\" role=\"img\" aria-label=\"{}\">{}</div>",
        esc(words::question(lang)),
        esc(&words::players(lang, run.drill.players().get())),
        esc(d(lang, D::Hand)),
        esc(&words::hand_text(lang, run)),
        tiles(lang, &hand, false),
    );
    body.push_str(&match run.drill.luminous() {
        Some(p) => format!(
            "<p id=\"drill-luminous\" data-piece=\"{p}\">{} {}{}</p>",
            esc(d(lang, D::Luminous)),
            tile(lang, p, true),
            rule_link(lang, Rule::R30)
        ),
        None => format!("<p id=\"drill-luminous\">{}</p>", esc(d(lang, D::NoLuminous))),
    });
    match run.answer {
        None => {
            body.push_str("<div class=\"row\" id=\"drill-answers\">");
            body.push_str(&drill_button(
                "btn-drill-no",
                DrillMsg::Answer(DrillAnswer::No),
                "",
                d(lang, D::CannotDeclare),
                true,
            ));
            for &n in &run.offered {
                body.push_str(&drill_button(
                    &format!("btn-drill-pts-{n}"),
                    DrillMsg::Answer(DrillAnswer::Points(n)),
                    "",
                    &words::declares_for(lang, n),
                    false,
                ));
            }
            body.push_str(&format!(
                "</div><div class=\"row\"><label for=\"drill-points\">{}</label><input id=\"drill-points\" type=\"text\" inputmode=\"numeric\" maxlength=\"3\" autocomplete=\"off\" size=\"4\"{}>{}</div>",
                esc(d(lang, D::TypeIt)),
                if run.typo { " aria-invalid=\"true\" aria-describedby=\"drill-typo\"" } else { "" },
                drill_button("btn-drill-typed", DrillMsg::ReadTyped, "", d(lang, D::Answer), false),
            ));
            if run.typo {
                body.push_str(&format!(
                    "<p id=\"drill-typo\" class=\"errorbox\" role=\"alert\">{}</p>",
                    esc(&words::typo(lang))
                ));
            }
        }
        Some(judged) => {
            let class = if judged.right { "good" } else { "errorbox" };
            body.push_str(&format!(
                "<div id=\"drill-result\" aria-live=\"polite\"><p id=\"drill-verdict\" class=\"{class}\" data-right=\"{}\">{} {}</p><p id=\"drill-summary\">{}{}</p>",
                judged.right,
                esc(words::verdict(lang, judged.right)),
                esc(&words::you_said(lang, judged.said)),
                esc(&words::summary(lang, run)),
                // A hand that may not declare: the rules of a declaring hand (R11b) and of sets (R14).
                if run.total().is_none() { format!("{}{}", rule_link(lang, Rule::R11b), rule_link(lang, Rule::R14)) } else { String::new() },
            ));
            if run.total().is_some() {
                body.push_str("<ul id=\"drill-explain\">");
                for (p, points) in run.drill.explain() {
                    body.push_str(&format!(
                        "<li data-points=\"{points}\">{}{}</li>",
                        esc(&words::pattern_line(lang, p, points)),
                        rule_link(lang, pattern_rule(p))
                    ));
                }
                body.push_str("</ul>");
            }
            body.push_str("</div>");
        }
    }
    body.push_str(&format!(
        "<p id=\"drill-tally\" class=\"note\" data-right=\"{}\" data-asked=\"{}\">{}</p><div class=\"row end\">{}",
        run.right,
        run.asked,
        esc(&words::tally(lang, run.right, run.asked)),
        button("btn-drill-close", Intent::Close, "", d(lang, D::Close), false)
    ));
    if run.answer.is_some() {
        body.push_str(&drill_button("btn-drill-next", DrillMsg::Next, "primary", d(lang, D::Next), true));
    }
    body.push_str("</div>");
    card(&esc(d(lang, D::Title)), &body)
}
