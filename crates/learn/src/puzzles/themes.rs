//! What a puzzle's solution turns on: read from the steps of the solution played out on
//! the position (which piece a discard or a hire moves, what a declaration scores).

use lauzait_engine::{Action, Game, LedgerReason, Pattern, RuleError};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::fmt;

/// One thing a solution turns on. A solution has one or more, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// R11: the solution declares Lauzait-Cep!, ending the Season.
    Declare,
    /// R19: the solution declares a Stalemate.
    Stalemate,
    /// R17–R19, R30: a pattern the solution's declaration scores (one theme per pattern).
    Pattern(Pattern),
    /// R9: the solution dissolves a revealed Department (gives its bonus back to change the hand).
    Dissolve,
    /// R10: the solution forms a Department (reveals a set for its bonus).
    Form,
    /// R12.6: the solution's hire moves into or out of Water, so the sticks decide it.
    Water,
    /// R30: the solution discards or hires the luminous piece.
    Luminous,
    /// R12 alone: a discard and a hire, nothing else (which piece to let go of, which to take).
    Hiring,
}

impl Theme {
    /// The word the text format writes.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Declare => "declare",
            Theme::Stalemate => "stalemate",
            Theme::Pattern(Pattern::LauzaitCep) => "lauzait-cep",
            Theme::Pattern(Pattern::SpecializedExperts) => "specialized-experts",
            Theme::Pattern(Pattern::GreatSequence) => "great-sequence",
            Theme::Pattern(Pattern::LayeredBridges) => "layered-bridges",
            Theme::Pattern(Pattern::WellBalanced) => "well-balanced",
            Theme::Pattern(Pattern::Stalemate) => "stalemate-pattern",
            Theme::Pattern(Pattern::Luminous) => "luminous-bonus",
            Theme::Dissolve => "dissolve",
            Theme::Form => "form",
            Theme::Water => "water",
            Theme::Luminous => "luminous",
            Theme::Hiring => "hiring",
        }
    }

    /// Every theme, in order.
    pub fn all() -> impl Iterator<Item = Theme> {
        [Theme::Declare, Theme::Stalemate].into_iter().chain(Pattern::ALL.into_iter().map(Theme::Pattern)).chain([
            Theme::Dissolve,
            Theme::Form,
            Theme::Water,
            Theme::Luminous,
            Theme::Hiring,
        ])
    }

    /// Where the theme comes in [`Theme::all`]'s order.
    pub fn rank(self) -> usize {
        Theme::all().position(|t| t == self).unwrap_or(usize::MAX)
    }

    /// The theme a word names.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::all().find(|t| t.name() == name)
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The themes of `solution`, played from `game` (the puzzle's position, at the Day's start)
/// by the seat whose Day it is; the rules' refusal when a step is not legal there. A throw of
/// the sticks is drawn from a fixed seed: which way it falls changes no theme.
pub fn themes_of(game: &Game, solution: &[Action]) -> Result<Vec<Theme>, RuleError> {
    let mut game = game.clone();
    let seat = game.to_move();
    let luminous = game.view(seat).and_then(|v| v.luminous());
    let ledger_before = game.ledger().len();
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    let mut themes = Vec::new();
    for &action in solution {
        let board = game.view(seat).map(|v| v.board());
        match action {
            Action::Declare => themes.push(Theme::Declare),
            Action::DeclareStalemate => themes.push(Theme::Stalemate),
            Action::Dissolve { .. } => themes.push(Theme::Dissolve),
            Action::Form { .. } => themes.push(Theme::Form),
            Action::Discard { piece } if Some(piece) == luminous => themes.push(Theme::Luminous),
            Action::Move { from } if from.is_water() => themes.push(Theme::Water),
            Action::Capture { to } => {
                if to.is_water() {
                    themes.push(Theme::Water);
                }
                if luminous.is_some() && board.and_then(|b| b.get(to)) == luminous {
                    themes.push(Theme::Luminous);
                }
            }
            _ => {}
        }
        game.apply(action, &mut rng)?;
    }
    for entry in &game.ledger()[ledger_before..] {
        if let LedgerReason::Formation { patterns } = entry.reason {
            themes.extend(Pattern::ALL.into_iter().filter(|&p| patterns.get(p) > 0).map(Theme::Pattern));
        }
    }
    let plain = [Theme::Declare, Theme::Stalemate, Theme::Dissolve, Theme::Form];
    if !themes.iter().any(|t| plain.contains(t)) {
        themes.push(Theme::Hiring);
    }
    themes.sort_by_key(|t| t.rank());
    themes.dedup();
    Ok(themes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_its_own_name_read_back() {
        let all: Vec<Theme> = Theme::all().collect();
        for theme in &all {
            assert_eq!(Theme::from_name(theme.name()), Some(*theme));
        }
        let mut names: Vec<&str> = all.iter().map(|t| t.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all.len());
        assert_eq!(Theme::from_name("form,water"), None);
    }
}
