//! An embedded board (EMBEDDING.md) as plain data: what its address asks for, the piece
//! chosen, the keyboard cursor, the demo throw's sticks, and what a tap, a key or the
//! "throw again" button does to them. Pure and natively tested (`tests/ui/embed.rs`);
//! `web::embed` reads the page's address and language, feeds it input, and draws it.
//!
//! The embed decides nothing about the rules itself: the moves come from
//! [`Square::destinations`] (R12.4, R12.6), the readings from [`readings`] (R14, R15), the
//! patterns from [`best_declaration`] (R17, R30), the throw from [`Sticks::throw`].

pub mod param_error;
pub mod params;

use self::param_error::{EmbedError, ScoringHandError};
use self::params::{Demo, EmbedParams};
use super::i18n::Lang;
use super::layout::Layout;
use super::model::Target;
use super::msg::Key;
use super::nav;
use lauzait_engine::notation::{hand_pieces, three_pieces, NotationCause, Position};
use lauzait_engine::scoring::best_declaration;
use lauzait_engine::{readings, Direction, Patterns, Piece, PieceCounts, Seat, SetReading, Square, Sticks};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// What an embed is sent: a tap on a square, a key on the board, the throw button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedMsg {
    Tap(Square),
    Key(Key),
    ThrowAgain,
}

/// One embed's state.
#[derive(Clone, Debug)]
pub struct Embed {
    pub lang: Lang,
    /// What the address asks for.
    pub params: EmbedParams,
    /// The piece whose moves are shown.
    pub selected: Option<Square>,
    /// The keyboard cursor, once a key has been pressed on the board (it starts on the
    /// chosen piece, or the Mountain).
    pub cursor: Option<Square>,
    /// The demo throw's generator, seeded by the address (`seed=N`): the same address
    /// shows the same throws.
    rng: Pcg64Mcg,
    /// The demo throw's sticks (only `demo=throw`).
    pub sticks: Option<Sticks>,
    /// How many throws the demo has shown.
    pub throws: u32,
}

/// What the words under an embed say, as data (`web::embed` writes it out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    /// The first mistake in the address or in a demonstration's pieces.
    pub error: Option<EmbedError>,
    pub body: CaptionBody,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptionBody {
    /// A board: what its position says beyond the board (without a demonstration), and
    /// the chosen piece's moves, or a hint to tap one (interactive), or nothing more.
    Board { info: Option<PositionInfo>, chosen: Option<PieceMoves>, tap_hint: bool },
    /// The five sticks of the latest throw (R12.6).
    Throw(Sticks),
    /// A set's every reading with its bonus, best first (R14, R15); none when the three
    /// pieces make no set.
    Readings { pieces: [Piece; 3], readings: Vec<SetReading> },
    /// A hand's patterns as the summary sheet lists them (R17, R30); none when it may not
    /// declare.
    Scoring { hand: Vec<Piece>, luminous: Option<Piece>, patterns: Option<Patterns> },
    /// Nothing more to say: the address or the demonstration's pieces were malformed (the
    /// error says why), or a board demonstration has no position to show.
    Nothing,
}

/// What a position says beyond its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionInfo {
    pub season: u8,
    pub day: u32,
    pub to_move: Seat,
    pub direction: Direction,
    pub luminous: Option<Piece>,
}

/// The chosen piece and where it may move (R12.4), how many of those squares are Water
/// (R12.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub from: Square,
    pub piece: Option<Piece>,
    pub destinations: usize,
    pub water: usize,
}

impl Embed {
    /// The embed an address (`location.hash`) asks for, in the address's `lang=` or else
    /// the browser's language (`browser_lang`, e.g. `navigator.language`).
    pub fn new(hash: &str, browser_lang: &str) -> Embed {
        let params = EmbedParams::parse(hash);
        let lang = Lang::from_tag(params.get("lang").unwrap_or(browser_lang));
        let mut rng = Pcg64Mcg::seed_from_u64(params.seed);
        let sticks = (params.demo == Demo::Throw).then(|| Sticks::throw(&mut rng));
        Embed {
            lang,
            selected: params.selected(),
            cursor: None,
            rng,
            sticks,
            throws: u32::from(sticks.is_some()),
            params,
        }
    }

    /// The position on the board, when the embed shows one.
    pub fn board(&self) -> Option<&Position> {
        self.params.position.as_ref().filter(|_| self.params.demo.on_board())
    }

    /// Whether taps and keys choose pieces: an interactive embed with a board.
    pub fn answers_input(&self) -> bool {
        self.params.interactive && self.board().is_some()
    }

    /// Applies `msg`; `false` when the embed does not use it (the page then leaves the
    /// event to the browser: a key scrolls, a tap does nothing). `layout` is the board as
    /// drawn, for the arrow keys, which move one square on screen.
    pub fn update(&mut self, msg: EmbedMsg, layout: &Layout) -> bool {
        match msg {
            EmbedMsg::ThrowAgain => {
                if self.params.demo != Demo::Throw {
                    return false;
                }
                self.sticks = Some(Sticks::throw(&mut self.rng));
                self.throws = self.throws.saturating_add(1);
                true
            }
            _ if !self.answers_input() => false,
            EmbedMsg::Tap(sq) => {
                self.tap(sq);
                true
            }
            EmbedMsg::Key(key) => {
                // The cursor starts on the chosen piece, or the Mountain.
                let at = self.cursor.or(self.selected).unwrap_or(Square::MOUNTAIN);
                match key {
                    Key::Select => {
                        self.cursor = Some(at);
                        self.tap(at);
                    }
                    Key::Back => self.selected = None,
                    arrow if arrow.is_arrow() => {
                        if let Target::Square(sq) = nav::step(layout, Target::Square(at), arrow) {
                            self.cursor = Some(sq);
                        }
                    }
                    _ => return false,
                }
                true
            }
        }
    }

    /// Choosing a square: a piece is chosen, or put back when it already was; an empty
    /// square puts any piece back.
    fn tap(&mut self, sq: Square) {
        let has_piece = self.board().is_some_and(|p| p.board.get(sq).is_some());
        self.selected = if has_piece && self.selected != Some(sq) { Some(sq) } else { None };
    }

    /// The scoring demonstration's hand (`hand=`, at most nine pieces, R6) and luminous
    /// piece (`lum=`), pieces one game has together (R1, R3, R30: the luminous piece is a
    /// piece of its own); an error names the parameter to mend.
    fn scoring_hand(&self) -> Result<(Vec<Piece>, Option<Piece>), ScoringHandError> {
        let players = self.params.players();
        let hand =
            hand_pieces(self.params.get("hand").unwrap_or("G1G2G3G4G5G6W7W7W7")).map_err(ScoringHandError::Hand)?;
        let mut counts: PieceCounts = hand.iter().copied().collect();
        counts.check_in_game(players).map_err(ScoringHandError::HandCounts)?;
        let luminous = self.params.get("lum").and_then(|p| p.parse::<Piece>().ok());
        if let Some(l) = luminous {
            counts.add(l);
            counts.check_in_game(players).map_err(ScoringHandError::Luminous)?;
        }
        Ok((hand, luminous))
    }

    /// What the words under the embed say.
    pub fn caption(&self) -> Caption {
        let mut error = self.params.error.clone().map(EmbedError::Param);
        let body = match self.params.demo {
            Demo::None | Demo::Moves(_) => match self.board() {
                None => CaptionBody::Nothing,
                Some(p) => CaptionBody::Board {
                    info: (self.params.demo == Demo::None).then(|| PositionInfo {
                        season: p.season,
                        day: p.day,
                        to_move: p.players[p.to_move].seat,
                        direction: p.direction,
                        luminous: p.luminous,
                    }),
                    chosen: self.selected.map(|from| {
                        let dests = from.destinations();
                        PieceMoves {
                            from,
                            piece: p.board.get(from),
                            destinations: dests.len(),
                            water: dests.iter().filter(|d| d.is_water()).count(),
                        }
                    }),
                    tap_hint: self.params.interactive && self.selected.is_none(),
                },
            },
            Demo::Throw => self.sticks.map_or(CaptionBody::Nothing, CaptionBody::Throw),
            Demo::Readings => {
                let players = self.params.players();
                let pieces = three_pieces(self.params.get("pieces").unwrap_or("JG3G5")).and_then(|pieces| {
                    pieces
                        .iter()
                        .copied()
                        .collect::<PieceCounts>()
                        .check_in_game(players)
                        .map(|()| pieces)
                        .map_err(NotationCause::from)
                });
                match pieces {
                    Err(e) => {
                        error.get_or_insert(EmbedError::Pieces(e));
                        CaptionBody::Nothing
                    }
                    Ok(pieces) => CaptionBody::Readings { pieces, readings: readings(pieces, players) },
                }
            }
            Demo::Scoring => match self.scoring_hand() {
                Err(e) => {
                    error.get_or_insert(EmbedError::Scoring(e));
                    CaptionBody::Nothing
                }
                Ok((hand, luminous)) => {
                    let counts: PieceCounts = hand.iter().copied().collect();
                    let patterns = best_declaration(&counts, &[], luminous, self.params.players());
                    CaptionBody::Scoring { hand, luminous, patterns }
                }
            },
        };
        Caption { error, body }
    }
}
