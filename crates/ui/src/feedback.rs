//! Sound and vibration, both off by default: what each event of the game sounds and feels
//! like, as data. The model emits [`Effect::Sound`](super::Effect::Sound) and
//! [`Effect::Vibrate`](super::Effect::Vibrate) only when the player turned them on; the shell plays the notes with WebAudio oscillators (nothing is
//! downloaded) and passes the pulses to `navigator.vibrate`.

/// Something worth a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A piece of the hand onto the empty square.
    Discard,
    /// A piece chosen to move.
    Move,
    /// A Hiring: the piece taken into the hand.
    Capture,
    /// A Hiring into Water: the sticks thrown.
    Throw,
    /// A declaration that ends the Season.
    Declare,
}

/// One synthesized note: a sine gliding from `hz` to `to_hz`, starting `at_ms` after the
/// sound begins and lasting `ms`, at `gain` (0–1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    pub at_ms: f64,
    pub hz: f64,
    pub to_hz: f64,
    pub ms: f64,
    pub gain: f64,
}

const fn note(at_ms: f64, hz: f64, to_hz: f64, ms: f64, gain: f64) -> Note {
    Note { at_ms, hz, to_hz, ms, gain }
}

const DISCARD: &[Note] = &[note(0.0, 330.0, 280.0, 70.0, 0.25)];
const MOVE: &[Note] = &[note(0.0, 440.0, 520.0, 80.0, 0.2)];
const CAPTURE: &[Note] = &[note(0.0, 520.0, 520.0, 70.0, 0.25), note(70.0, 780.0, 760.0, 120.0, 0.25)];
/// Five sticks landing.
const THROW: &[Note] = &[
    note(0.0, 1200.0, 900.0, 30.0, 0.2),
    note(45.0, 1000.0, 800.0, 30.0, 0.2),
    note(80.0, 1300.0, 950.0, 30.0, 0.2),
    note(130.0, 1100.0, 850.0, 30.0, 0.2),
    note(165.0, 1250.0, 900.0, 30.0, 0.2),
];
const DECLARE: &[Note] = &[
    note(0.0, 523.0, 523.0, 110.0, 0.25),
    note(110.0, 659.0, 659.0, 110.0, 0.25),
    note(220.0, 784.0, 784.0, 220.0, 0.25),
];

/// The notes of a cue: soft and short, so that they never talk over a screen reader.
pub fn sound(cue: Cue) -> &'static [Note] {
    match cue {
        Cue::Discard => DISCARD,
        Cue::Move => MOVE,
        Cue::Capture => CAPTURE,
        Cue::Throw => THROW,
        Cue::Declare => DECLARE,
    }
}

/// The vibration pattern of a cue (on, off, on… in ms): short pulses.
pub fn pulses(cue: Cue) -> &'static [u32] {
    match cue {
        Cue::Discard => &[15],
        Cue::Move => &[20],
        Cue::Capture => &[35],
        Cue::Throw => &[10, 30, 10, 30, 10],
        Cue::Declare => &[60, 40, 60],
    }
}
