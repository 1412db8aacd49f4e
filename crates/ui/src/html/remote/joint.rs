//! A page of joint play by turns (a table dealt by every device: DEAL-PROTOCOL.md, "Play by
//! turns"): device 0's invites while the seats join; a seat's join letter until the roster
//! comes; then whose move the table waits for and from which devices, a letter on show to each
//! device with news, the board and this seat's own hand with its choices.

use super::{link_box, table_and_hand, RemotePage};
use crate::html::markup::{esc, seat_chip};
use crate::i18n::joint::{j, letter_to, play_problem, seats_awaited, table_choice, waits, J};
use crate::i18n::remote::{invite_for, r, seat_of, R};
use crate::i18n::Lang;
use lauzait_engine::Seat;
use lauzait_joint_play::{Awaited, PlayError, PlayPhase};
use lauzait_remote::screen::controls::Control;
use lauzait_remote::screen::joint::{JointScreen, Stage, TableChoice};
use lauzait_remote::screen::Shown;

pub fn joint(p: &RemotePage, s: &JointScreen) -> String {
    let l = p.lang;
    let seat = s.seat();
    let chip = Seat::ALL.get(usize::from(seat)).map(|&c| seat_chip(c)).unwrap_or_default();
    let mut html = format!("<h2 id=\"my-seat\">{chip}{}</h2>", esc(&seat_of(l, seat)));
    match s.stage() {
        Stage::Gathering(g) => {
            let names = names(l, g.awaited().into_iter());
            html.push_str(&format!(
                "<p class=\"where intro\">{}</p><p class=\"turn\" id=\"turn\" data-turn=\"gathering\">{}</p>",
                esc(j(l, J::GatheringIntro)),
                esc(&seats_awaited(l, &names))
            ));
            for (to, link) in s.links() {
                let heading = invite_for(l, &seat_of(l, *to));
                html.push_str(&link_box(
                    p,
                    Shown::Invite(*to),
                    &heading,
                    r(l, R::InviteNote),
                    link,
                    s.copied() == Some(*to),
                ));
            }
        }
        Stage::Joining(_) => {
            html.push_str(&format!(
                "<p class=\"turn\" id=\"turn\" data-turn=\"joining\">{}</p>",
                esc(j(l, J::JoiningIntro))
            ));
            html.push_str(&letters(p, s));
        }
        Stage::Playing(_) => {
            html.push_str(&turn_line(l, s));
            html.push_str(&table_choices(l, s));
            html.push_str(&letters(p, s));
            if let Some(game) = s.game() {
                html.push_str(&table_and_hand(l, &game, seat, &s.choices()));
            }
        }
    }
    html
}

/// The letter on show to each other seat's device.
fn letters(p: &RemotePage, s: &JointScreen) -> String {
    let l = p.lang;
    s.links()
        .iter()
        .map(|(to, link)| {
            let heading = letter_to(l, &seat_of(l, *to));
            link_box(p, Shown::Letter(*to), &heading, j(l, J::LetterNote), link, s.copied() == Some(*to))
        })
        .collect()
}

/// Whose move the table waits for, as this device sees it; `data-turn` names it for the
/// tests.
fn turn_line(l: Lang, s: &JointScreen) -> String {
    let Some((phase, awaited)) = s.phase() else { return String::new() };
    turn_line_of(l, &phase, &awaited, !s.choices().is_empty())
}

/// Whose move the table waits for, from a seat's device's `phase` and `awaited`; `mine`: the
/// seat has choices now. A relayed table's phone says it alike.
pub fn turn_line_of(l: Lang, phase: &PlayPhase, awaited: &Awaited, mine: bool) -> String {
    let (name, text) = match phase {
        PlayPhase::Over => ("over", j(l, J::GameOver).to_string()),
        PlayPhase::Stopped(stop) => ("stopped", play_problem(l, &PlayError::Stopped(stop.clone()))),
        PlayPhase::Playing { .. } if mine => ("mine", j(l, J::YourDay).to_string()),
        _ => {
            let from = match awaited {
                Awaited::Deal { from, .. }
                | Awaited::Agreement { from, .. }
                | Awaited::Throw { from }
                | Awaited::Publication { from }
                | Awaited::Void { from, .. } => from.clone(),
                Awaited::Day { from } => vec![*from],
                Awaited::Nothing => Vec::new(),
            };
            let names = names(l, from.iter().map(|d| d.to_byte()));
            let name = match phase {
                PlayPhase::Dealing { .. } => "dealing",
                PlayPhase::Throwing { .. } => "throwing",
                PlayPhase::Publishing { .. } => "publishing",
                _ => "waiting",
            };
            (name, waits(l, awaited, &names))
        }
    };
    let role = if name == "stopped" { " role=\"alert\"" } else { "" };
    format!("<p class=\"turn\" id=\"turn\" data-turn=\"{name}\"{role}>{}</p>", esc(&text))
}

/// The table's choices beside the Day: end the Season by agreement, give it up without the
/// devices that left; a choice another device proposed stands out.
fn table_choices(l: Lang, s: &JointScreen) -> String {
    table_choice_buttons(l, &s.table_choices())
}

/// The table's choices as buttons (a relayed table's phone shows them alike).
pub fn table_choice_buttons(l: Lang, choices: &[TableChoice]) -> String {
    if choices.is_empty() {
        return String::new();
    }
    let buttons: String = choices
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            let (left, proposed) = match choice {
                TableChoice::GiveUp { left, proposed } => (names(l, left.iter().map(|d| d.to_byte())), *proposed),
                TableChoice::EndSeason { proposed } => (String::new(), *proposed),
            };
            let class = if proposed { "primary" } else { "quiet" };
            format!(
                "<button id=\"{}\" class=\"{class}\">{}</button>",
                Control::TableChoice(i).id(),
                esc(&table_choice(l, choice, &left))
            )
        })
        .collect();
    format!("<p class=\"row\" id=\"table-choices\">{buttons}</p>")
}

/// Seats' names joined for a sentence.
pub fn names(l: Lang, seats: impl Iterator<Item = u8>) -> String {
    seats.map(|s| seat_of(l, s)).collect::<Vec<_>>().join(", ")
}

/// The setup's button that makes the table one of joint play, and what it means.
pub fn create_button(l: Lang) -> String {
    format!(
        "<p><button id=\"{}\" class=\"big\">{}</button></p><p class=\"note\">{}</p>",
        Control::CreateJoint.id(),
        esc(j(l, J::CreateJoint)),
        esc(j(l, J::CreateJointNote))
    )
}
