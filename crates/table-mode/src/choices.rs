//! How a phone lays out the choices the engine offers its seat: in groups of one kind each,
//! under a heading, so that a Day's dozen buttons read as "which piece to discard", "which
//! set to form", "where it goes" instead of one long list. Each button keeps its index in
//! [`Guest::choices`](super::guest::Guest::choices), which is what a press sends.

use lauzait_engine::{Action, Game, Piece};

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

/// Every action the seat whose Day it is may take now: the engine's list, plus Undo once a
/// step is taken.
pub fn offered(game: &Game) -> Vec<Action> {
    let mut out = game.day().legal_actions(game.players());
    if !game.day().steps.is_empty() {
        out.push(Action::Undo);
    }
    out
}

/// The choices in their groups: each group once, in [`ChoiceGroup`]'s order, holding the
/// indices of its choices in the engine's order. Every index appears exactly once.
pub fn grouped(choices: &[Action]) -> Vec<(ChoiceGroup, Vec<usize>)> {
    let mut out = gather(choices.iter().enumerate().map(|(i, &action)| (ChoiceGroup::of(action), i)));
    out.sort_by_key(|(g, _)| *g);
    out
}

/// The Form choices among `indices` by the set of pieces they reveal, in the engine's order:
/// one entry per set, holding the indices of its readings (R14: a set with a Joker may be
/// read more than one way). Other choices are left out.
pub fn by_set(choices: &[Action], indices: &[usize]) -> Vec<([Piece; 3], Vec<usize>)> {
    gather(indices.iter().filter_map(|&i| match choices.get(i) {
        Some(Action::Form { pieces, .. }) => Some((*pieces, i)),
        _ => None,
    }))
}

/// Indices gathered under their keys, the keys in the order first met.
fn gather<K: PartialEq>(keyed: impl Iterator<Item = (K, usize)>) -> Vec<(K, Vec<usize>)> {
    let mut out: Vec<(K, Vec<usize>)> = Vec::new();
    for (key, i) in keyed {
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, indices)) => indices.push(i),
            None => out.push((key, vec![i])),
        }
    }
    out
}
