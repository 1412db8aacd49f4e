//! How a phone lays out the choices the engine offers its seat: in groups of one kind each,
//! under a heading, so that a Day's dozen buttons read as "which piece to discard", "which
//! set to form", "where it goes" instead of one long list. Each button keeps its index in
//! [`Guest::choices`](super::guest::Guest::choices), which is what a press sends.

use crate::engine::{Action, Piece};

/// A group of a phone's buttons, in the order the phone shows them: what every Day needs
/// (the Hiring's steps) before what it may do (Form, Dissolve), so that a phone's first
/// screen holds the hand and the pieces to discard, however many sets it could form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChoiceGroup {
    /// Lauzait-Cep! and Stalemate (R11, R19): the Season's end, first and in sight.
    Declare,
    /// The Hiring's discard (R12.1): the pieces of the hand that may be discarded.
    Discard,
    /// The Hiring's mover (R12.2).
    Move,
    /// The Hiring's destination (R12.4).
    Capture,
    /// Form a Department (R10), before the Hiring: its sets, each with its readings.
    Form,
    /// Dissolve a Department (R9).
    Dissolve,
    /// Taking a step back, and anything else: last, so that it is not pressed by mistake.
    Other,
}

impl ChoiceGroup {
    pub fn of(action: Action) -> ChoiceGroup {
        match action {
            Action::Declare | Action::DeclareStalemate => ChoiceGroup::Declare,
            Action::Form { .. } => ChoiceGroup::Form,
            Action::Dissolve { .. } => ChoiceGroup::Dissolve,
            Action::Discard { .. } => ChoiceGroup::Discard,
            Action::Move { .. } => ChoiceGroup::Move,
            Action::Capture { .. } => ChoiceGroup::Capture,
            Action::Undo | Action::NextSeason | Action::EndGameByAgreement | Action::EndSeasonByAgreement => {
                ChoiceGroup::Other
            }
        }
    }
}

/// The choices in their groups: each group once, in [`ChoiceGroup`]'s order, holding the
/// indices of its choices in the engine's order. Every index appears exactly once.
pub fn grouped(choices: &[Action]) -> Vec<(ChoiceGroup, Vec<usize>)> {
    let mut out: Vec<(ChoiceGroup, Vec<usize>)> = Vec::new();
    for (i, &action) in choices.iter().enumerate() {
        let group = ChoiceGroup::of(action);
        match out.iter_mut().find(|(g, _)| *g == group) {
            Some((_, indices)) => indices.push(i),
            None => out.push((group, vec![i])),
        }
    }
    out.sort_by_key(|(g, _)| *g);
    out
}

/// The Form choices among `indices` by the set of pieces they reveal, in the engine's order:
/// one entry per set, holding the indices of its readings (R14: a set with a Joker may be
/// read more than one way). Other choices are left out.
pub fn by_set(choices: &[Action], indices: &[usize]) -> Vec<([Piece; 3], Vec<usize>)> {
    let mut out: Vec<([Piece; 3], Vec<usize>)> = Vec::new();
    for &i in indices {
        let Some(Action::Form { pieces, .. }) = choices.get(i) else { continue };
        match out.iter_mut().find(|(set, _)| set == pieces) {
            Some((_, readings)) => readings.push(i),
            None => out.push((*pieces, vec![i])),
        }
    }
    out
}
