//! Learning the game inside the game, pure and natively tested: scripted lessons whose
//! goals the engine checks ([`lessons`]), a coach that reads only the seat's view
//! ([`coach`], with [`distance`]: how far a hand is from declaring), the post-game review
//! ([`review`]), the scoring drill ([`drill`]), the puzzles made from self-play ([`puzzles`]) and the table a lesson starts from ([`setup`]). The browser's lesson screens live in `ui`; this module
//! never touches the DOM or storage.

pub mod coach;
pub mod distance;
pub mod drill;
pub mod lessons;
pub mod puzzles;
pub mod review;
pub mod setup;
