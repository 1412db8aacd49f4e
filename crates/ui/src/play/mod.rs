//! Playing at the table: the game and who sits at it (`session`), the buttons and keys
//! (`intents`), the safe last step (`confirm`), "Open hands" (`open_hands`), who may see which
//! hand (`visibility`), the computer players' pace (`pace`), the board turned toward the
//! player (`turn`), a Hiring shown as it happens (`animation`), and the prompt as facts and
//! words (`prompt`, `spoken`).

pub mod animation;
pub mod confirm;
pub mod intents;
pub mod open_hands;
pub mod pace;
pub mod prompt;
pub mod session;
pub mod spoken;
pub mod turn;
pub mod visibility;
