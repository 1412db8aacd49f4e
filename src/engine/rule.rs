//! The rules the game's screens cite beside their words, by their ids in the rules. Typed,
//! so that a link cannot name a rule that does not exist (`tests/rule_ids.rs` also checks
//! that every id written here is one of the rules); `ui::i18n::glossary::rule_section` knows
//! the rules page's section that states each.

/// A rule a screen cites with a link beside its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Lauzait-Cep!: when a player may declare.
    R11,
    /// A concealed declaration: no revealed Department, nine concealed pieces in three sets.
    R11b,
    /// Hiring begins with a discard onto the empty square.
    R12_1,
    /// Then a piece of the discard's colour and ±1 its number moves.
    R12_2,
    /// Where a piece may move (the Mountain's Tam shape included).
    R12_4,
    /// A move into Water: the sticks decide.
    R12_6,
    /// Sets: three-of-a-kind and runs.
    R14,
    /// The formation patterns of a declaration.
    R17,
    /// Stalemate.
    R19,
    /// The luminous piece.
    R30,
}

impl Rule {
    pub const ALL: [Rule; 10] = [
        Rule::R11,
        Rule::R11b,
        Rule::R12_1,
        Rule::R12_2,
        Rule::R12_4,
        Rule::R12_6,
        Rule::R14,
        Rule::R17,
        Rule::R19,
        Rule::R30,
    ];

    /// The id as the rules write it.
    pub fn id(self) -> &'static str {
        match self {
            Rule::R11 => "R11",
            Rule::R11b => "R11b",
            Rule::R12_1 => "R12.1",
            Rule::R12_2 => "R12.2",
            Rule::R12_4 => "R12.4",
            Rule::R12_6 => "R12.6",
            Rule::R14 => "R14",
            Rule::R17 => "R17",
            Rule::R19 => "R19",
            Rule::R30 => "R30",
        }
    }
}
