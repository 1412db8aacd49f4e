//! How the table feels, as preferences saved with the others: the board turned toward the
//! player whose Day it is (off), moves animated (on, unless the browser asks for reduced
//! motion), sound and vibration (off). Each is one switch of the menu ([`Pref`]).

/// The table's feel (saved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feel {
    /// Turn the board toward the player whose Day it is ([`super::play::turn`]).
    pub turn_board: bool,
    /// Animate moves and throws ([`super::play::animation`]); `prefers-reduced-motion` overrides it.
    pub motion: bool,
    /// A short synthesized sound for a discard, a move, a capture, a throw, a declaration.
    pub sound: bool,
    /// A short vibration for the same, on devices that can.
    pub vibrate: bool,
}

impl Default for Feel {
    fn default() -> Feel {
        Feel { turn_board: false, motion: true, sound: false, vibrate: false }
    }
}

/// One switch of [`Feel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pref {
    TurnBoard,
    Motion,
    Sound,
    Vibrate,
}

impl Pref {
    pub const ALL: [Pref; 4] = [Pref::TurnBoard, Pref::Motion, Pref::Sound, Pref::Vibrate];

    /// The text form in `data-intent` (after `pref:`) and in element ids.
    pub fn code(self) -> &'static str {
        match self {
            Pref::TurnBoard => "turn-board",
            Pref::Motion => "motion",
            Pref::Sound => "sound",
            Pref::Vibrate => "vibrate",
        }
    }

    pub fn from_code(code: &str) -> Option<Pref> {
        Pref::ALL.into_iter().find(|p| p.code() == code)
    }
}

impl Feel {
    pub fn get(&self, pref: Pref) -> bool {
        match pref {
            Pref::TurnBoard => self.turn_board,
            Pref::Motion => self.motion,
            Pref::Sound => self.sound,
            Pref::Vibrate => self.vibrate,
        }
    }

    /// The same feel with one switch flipped.
    pub fn toggled(mut self, pref: Pref) -> Feel {
        let slot = match pref {
            Pref::TurnBoard => &mut self.turn_board,
            Pref::Motion => &mut self.motion,
            Pref::Sound => &mut self.sound,
            Pref::Vibrate => &mut self.vibrate,
        };
        *slot = !*slot;
        self
    }
}
