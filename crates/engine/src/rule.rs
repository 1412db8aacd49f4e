//! The rules the game's screens cite beside their words, by their ids in the rules. Typed,
//! so that a link cannot name a rule that does not exist (`tests/rules/rule_ids.rs` also checks
//! that every id written here is one of the rules); `ui::i18n::glossary::rule_section` knows
//! the rules page's section that states each.

/// Declares [`Rule`], its list [`Rule::ALL`] and [`Rule::id`] from one table, so that no
/// rule can be left out of the list.
macro_rules! rules {
    ($($(#[$doc:meta])* $rule:ident => $id:literal,)+) => {
        /// A rule a screen cites with a link beside its words.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Rule {
            $($(#[$doc])* $rule,)+
        }

        impl Rule {
            /// Every rule a screen may cite.
            pub const ALL: &'static [Rule] = &[$(Rule::$rule,)+];

            /// The id as the rules write it.
            pub fn id(self) -> &'static str {
                match self {
                    $(Rule::$rule => $id,)+
                }
            }
        }
    };
}

rules! {
    /// Lauzait-Cep!: when a player may declare.
    R11 => "R11",
    /// A concealed declaration: no revealed Department, nine concealed pieces in three sets.
    R11b => "R11b",
    /// Hiring begins with a discard onto the empty square.
    R12_1 => "R12.1",
    /// Then a piece of the discard's colour and ±1 its number moves.
    R12_2 => "R12.2",
    /// Where a piece may move (the Mountain's Tam shape included).
    R12_4 => "R12.4",
    /// A move into Water: the sticks decide.
    R12_6 => "R12.6",
    /// Sets: three-of-a-kind and runs.
    R14 => "R14",
    /// The formation patterns of a declaration.
    R17 => "R17",
    /// Stalemate.
    R19 => "R19",
    /// The luminous piece.
    R30 => "R30",
}
