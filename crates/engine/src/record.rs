//! Game records (NOTATION.md): a whole game as options, actions and what chance decided,
//! `LZR2 red,blue lum=on : deal … G3 a1 >b2 *10110 …`; or, while the game is under way,
//! only what every player saw (the deals' hands hidden, the hands declarations showed).
//! Records of the first format, `LZR1`, which kept a seed instead, are read by replaying
//! the seed once the way the engine then drew from it.

use super::day::Action;
use super::game::{Game, GameOptions, ReplayError};
use super::hiring::Sticks;
use super::notation::{
    check_length, error, hand_pieces, luminous_text, parse_action, parse_board, parse_luminous, parse_seats,
    parse_turn, seat_list, turn_text, ActionToken, BoardText, NotationCause, NotationError, MAX_RECORD_BYTES,
};
use super::piece::PieceCounts;
use super::randomness::{Chance, Drawn, Opening};
use std::fmt;

/// A game record (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub options: GameOptions,
    /// Every action in order (a record written by the game has no undone steps).
    pub actions: Vec<Action>,
    /// What chance decided, in order, each after the log's length then ([`Drawn::after`]).
    pub chances: Vec<Drawn>,
    /// A public record's declarations: the concealed pieces each showed (R11, R19).
    pub shown: Vec<Shown>,
}

/// The concealed pieces a declaration showed everyone, after the log's first `after`
/// actions (the declaration included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub after: usize,
    pub concealed: PieceCounts,
}

/// One token group of a record, in order.
enum Entry<'a> {
    Action(usize, Action),
    Chance(&'a Drawn),
    Shown(&'a Shown),
}

impl Entry<'_> {
    fn tokens(&self) -> usize {
        match self {
            Entry::Chance(Drawn { chance: Chance::Opening { .. }, .. }) => 5,
            _ => 1,
        }
    }
}

/// The log's length after `action`, from `log` before it: an undo takes a step back out.
fn log_after(log: usize, action: Action) -> usize {
    if action == Action::Undo {
        log.saturating_sub(1)
    } else {
        log + 1
    }
}

/// The tokens before the first entry: `LZR2 <seats> lum=… :`.
const HEADER: usize = 4;

impl Record {
    /// The full record of `game`: every deal included. Offered once the game is over.
    pub fn of(game: &Game) -> Record {
        Record {
            options: game.options().clone(),
            actions: game.log().to_vec(),
            chances: game.chances().to_vec(),
            shown: Vec::new(),
        }
    }

    /// What every player saw of `game` (R40): the deals' boards, start players and
    /// directions, the luminous pieces, every action and throw, and the concealed pieces a
    /// declaration showed; never a hand as dealt, the pool, or anything about chance to come.
    pub fn public(game: &Game) -> Record {
        let mut shown = Vec::new();
        let full = Record::of(game);
        let watch = |g: &Game, _, action: Action| {
            if matches!(action, Action::Declare | Action::DeclareStalemate) {
                shown.push(Shown { after: g.log().len() + 1, concealed: g.day().hand.concealed });
            }
        };
        // The game's own record always replays; should it not, no hand is shown.
        if Game::replay_watching(full.options.clone(), &full.chances, &full.actions, None, watch).is_err() {
            shown.clear();
        }
        let chances = full
            .chances
            .into_iter()
            .map(|d| match d.chance {
                Chance::Opening { opening } => Drawn { chance: Chance::Opening { opening: opening.public() }, ..d },
                throw => Drawn { chance: throw, ..d },
            })
            .collect();
        Record { chances, shown, ..full }
    }

    /// Whether the record keeps hands hidden (made while its game was under way).
    pub fn is_public(&self) -> bool {
        self.chances.iter().any(|d| matches!(&d.chance, Chance::Opening { opening } if opening.hands.is_none()))
    }

    /// The record of the game's first `at` actions, with what chance decided for them:
    /// everything the record's text has before its action `at`.
    pub fn prefix(&self, at: usize) -> Record {
        let at = at.min(self.actions.len());
        let (mut chances, mut shown) = (Vec::new(), Vec::new());
        for entry in self.entries() {
            match entry {
                Entry::Action(i, _) if i >= at => break,
                Entry::Action(..) => {}
                Entry::Chance(d) => chances.push(d.clone()),
                Entry::Shown(s) => shown.push(s.clone()),
            }
        }
        Record { options: self.options.clone(), actions: self.actions[..at].to_vec(), chances, shown }
    }

    // `replay` and `filled`, which play a public record on stand-in hands, are in
    // `stand_in.rs` beside the dealing of those hands.

    /// A replay error as the token at fault.
    pub(super) fn replay_error(&self, e: &ReplayError) -> NotationError {
        match e.action {
            Some(action) => error(
                self.token_of_action(e.index),
                &ActionToken(action).to_string(),
                NotationCause::Refused { action: e.index + 1, error: e.error.clone() },
            ),
            None => error(0, "", NotationCause::ChanceRefused { after: e.index, error: e.error.clone() }),
        }
    }

    /// The 1-based token number of action `index`.
    fn token_of_action(&self, index: usize) -> usize {
        let mut token = HEADER;
        for entry in self.entries() {
            token += entry.tokens();
            if matches!(entry, Entry::Action(i, _) if i == index) {
                return token;
            }
        }
        token
    }

    /// The record's token groups in order: each outcome of chance and each shown hand, in
    /// their lists' order, at the first place after the one before it where the log has the
    /// length it names. ("At", not "once past": an undo shortens the log, so a length can
    /// come round again, and an outcome drawn after the undo must be written after it.)
    /// Whatever never finds its place is written at the end.
    fn entries<'a>(&'a self) -> Vec<Entry<'a>> {
        let mut out = Vec::with_capacity(self.actions.len() + self.chances.len() + self.shown.len());
        let (mut chances, mut shown) = (self.chances.iter().peekable(), self.shown.iter().peekable());
        let mut pending = |out: &mut Vec<Entry<'a>>, log: Option<usize>| {
            while let Some(d) = chances.next_if(|d| log.is_none_or(|log| d.after == log)) {
                out.push(Entry::Chance(d));
            }
            while let Some(s) = shown.next_if(|s| log.is_none_or(|log| s.after == log)) {
                out.push(Entry::Shown(s));
            }
        };
        let mut log = 0;
        pending(&mut out, Some(log));
        for (i, &action) in self.actions.iter().enumerate() {
            out.push(Entry::Action(i, action));
            log = log_after(log, action);
            pending(&mut out, Some(log));
        }
        pending(&mut out, None);
        out
    }

    pub fn parse(text: &str) -> Result<Record, NotationError> {
        check_length(text, "record", MAX_RECORD_BYTES)?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let at = |i: usize| tokens.get(i).copied().unwrap_or("");
        if at(0) == "LZR1" {
            return parse_seeded(&tokens);
        }
        if at(0) != "LZR2" {
            return Err(error(1, at(0), NotationCause::NotARecord));
        }
        let options = parse_options(&tokens)?;
        if at(3) != ":" {
            return Err(error(4, at(3), NotationCause::NoColon));
        }
        let mut record = Record { options, actions: Vec::new(), chances: Vec::new(), shown: Vec::new() };
        let (mut i, mut log) = (HEADER, 0);
        while i < tokens.len() {
            let t = tokens[i];
            if t == "deal" {
                let opening = parse_opening(&tokens, i, &record.options)?;
                record.chances.push(Drawn { after: log, chance: Chance::Opening { opening } });
                i += 5;
                continue;
            }
            if let Some(faces) = t.strip_prefix('*') {
                let sticks = parse_sticks(faces).map_err(|why| error(i + 1, t, why))?;
                record.chances.push(Drawn { after: log, chance: Chance::Throw { sticks } });
            } else if let Some(pieces) = t.strip_prefix("shown=") {
                let concealed = parse_hand(pieces).map_err(|why| error(i + 1, t, why))?;
                record.shown.push(Shown { after: log, concealed });
            } else {
                let action = parse_action(t).map_err(|why| error(i + 1, t, why))?;
                record.actions.push(action);
                log = log_after(log, action);
            }
            i += 1;
        }
        Ok(record)
    }
}

/// Seats (token 2) and the luminous rule (token 3), both formats.
fn parse_options(tokens: &[&str]) -> Result<GameOptions, NotationError> {
    let at = |i: usize| tokens.get(i).copied().unwrap_or("");
    let seats = parse_seats(at(1)).map_err(|why| error(2, at(1), why))?;
    let luminous = match at(2) {
        "lum=on" => true,
        "lum=off" => false,
        other => return Err(error(3, other, NotationCause::LuminousRule)),
    };
    GameOptions::new(seats, luminous).map_err(|why| error(2, at(1), why))
}

/// `LZR1 <seats> lum=… seed=N : <actions>`: the seed is replayed the way the engine then
/// drew from it, once, and the record is the game's like any other.
fn parse_seeded(tokens: &[&str]) -> Result<Record, NotationError> {
    let at = |i: usize| tokens.get(i).copied().unwrap_or("");
    let options = parse_options(tokens)?;
    let seed = at(3)
        .strip_prefix("seed=")
        .and_then(|s| s.parse::<u64>().ok())
        .ok_or_else(|| error(4, at(3), NotationCause::Seed))?;
    if at(4) != ":" {
        return Err(error(5, at(4), NotationCause::NoColon));
    }
    let actions: Vec<Action> = tokens[5..]
        .iter()
        .enumerate()
        .map(|(i, t)| parse_action(t).map_err(|why| error(i + 6, t, why)))
        .collect::<Result<_, _>>()?;
    let (game, _) = Game::replay_seeded(options, seed, &actions).map_err(|e| {
        let token = e.action.map(|a| ActionToken(a).to_string()).unwrap_or_default();
        error(e.index + 6, &token, NotationCause::Refused { action: e.index + 1, error: e.error })
    })?;
    Ok(Record::of(&game))
}

/// `deal <board> <turn> lum=… <hands>`, the group starting at token index `i`.
fn parse_opening(tokens: &[&str], i: usize, options: &GameOptions) -> Result<Opening, NotationError> {
    let at = |k: usize| tokens.get(i + k).copied().unwrap_or("");
    let board = parse_board(at(1)).map_err(|why| error(i + 2, at(1), why))?;
    let (start, direction) = parse_turn(at(2), options.seats()).map_err(|why| error(i + 3, at(2), why))?;
    let luminous = parse_luminous(at(3)).map_err(|why| error(i + 4, at(3), why))?;
    let hands = match at(4) {
        "hidden" => None,
        text => {
            let hands: Vec<PieceCounts> =
                text.split(',').map(parse_hand).collect::<Result<_, _>>().map_err(|why| error(i + 5, text, why))?;
            if hands.len() != options.seats().len() {
                let why = NotationCause::Hands { count: hands.len(), players: options.seats().len() };
                return Err(error(i + 5, text, why));
            }
            Some(hands)
        }
    };
    Ok(Opening { board, hands, luminous, start, direction })
}

/// A hand's concealed pieces, at most nine (R6), counted without overflow.
fn parse_hand(text: &str) -> Result<PieceCounts, NotationCause> {
    Ok(hand_pieces(text)?.into_iter().collect())
}

/// Five faces, `1` dark and `0` light (R5).
fn parse_sticks(faces: &str) -> Result<Sticks, NotationCause> {
    let bits: Vec<bool> = faces
        .chars()
        .map(|c| match c {
            '1' => Ok(true),
            '0' => Ok(false),
            _ => Err(NotationCause::Sticks),
        })
        .collect::<Result<_, _>>()?;
    Ok(Sticks(bits.try_into().map_err(|_| NotationCause::Sticks)?))
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lum = if self.options.luminous() { "on" } else { "off" };
        write!(f, "LZR2 {} lum={lum} :", seat_list(self.options.seats()))?;
        for entry in self.entries() {
            match entry {
                Entry::Action(_, a) => write!(f, " {}", ActionToken(a))?,
                Entry::Chance(Drawn { chance: Chance::Throw { sticks }, .. }) => {
                    f.write_str(" *")?;
                    sticks.0.iter().try_for_each(|&d| f.write_str(if d { "1" } else { "0" }))?;
                }
                Entry::Chance(Drawn { chance: Chance::Opening { opening }, .. }) => {
                    let seats = self.options.seats();
                    let seat = seats[opening.start.min(seats.len() - 1)];
                    let turn = turn_text(seat, opening.direction);
                    write!(f, " deal {} {turn} {} ", BoardText(&opening.board), luminous_text(opening.luminous))?;
                    match &opening.hands {
                        None => f.write_str("hidden")?,
                        Some(hands) => {
                            for (i, hand) in hands.iter().enumerate() {
                                f.write_str(if i == 0 { "" } else { "," })?;
                                write!(f, "{hand}")?;
                            }
                        }
                    }
                }
                Entry::Shown(s) => {
                    f.write_str(" shown=")?;
                    write!(f, "{}", s.concealed)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::randomness::seeded;

    fn played(players: usize, actions: usize, seed: u64) -> Game {
        let mut chance = seeded(seed);
        let mut game = Game::new(GameOptions::for_players(players, true).unwrap(), &mut chance);
        for _ in 0..actions {
            let action = match game.status() {
                crate::Status::Playing => game.day().legal_actions(game.players())[0],
                crate::Status::SeasonOver => Action::NextSeason,
                _ => break,
            };
            game.apply(action, &mut chance).unwrap();
        }
        game
    }

    #[test]
    fn records_round_trip_and_replay() {
        let game = played(3, 300, 99);
        assert!(game.chances().iter().any(|d| matches!(d.chance, Chance::Throw { .. })), "a throw was made");
        let text = Record::of(&game).to_string();
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.to_string(), text);
        assert_eq!(record.replay().unwrap(), game);
    }

    #[test]
    fn record_errors_say_where_and_why() {
        let e = Record::parse("LZR2 red,green lum=on :").unwrap_err();
        assert_eq!(e.token, 2);
        assert!(e.to_string().contains("'green' is not a seat"), "{e}");
        let e = Record::parse("LZR1 red,blue lum=on seed=1 : G3 zz").unwrap_err();
        assert_eq!((e.token, e.text.as_str()), (7, "zz"));
        let e = Record::parse("LZR2 red,blue lum=maybe :").unwrap_err();
        assert_eq!(e.token, 3);
        let e = Record::parse("LZR2 red,blue lum=on : *1101").unwrap_err();
        assert_eq!(e.token, 5, "{e}");
    }

    #[test]
    fn a_first_format_record_replays_its_seed_once() {
        let mut chance = seeded(42);
        let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
        for _ in 0..40 {
            let action = game.day().legal_actions(game.players())[0];
            game.apply(action, &mut chance).unwrap();
        }
        let old = format!("LZR1 red,blue lum=off seed=42 : {}", crate::notation::actions_text(game.log()));
        let record = Record::parse(&old).unwrap();
        assert_eq!(record, Record::of(&game));
        assert!(record.to_string().starts_with("LZR2 red,blue lum=off : deal "));
    }

    #[test]
    fn a_public_record_holds_no_hand_and_no_future() {
        let game = played(4, 120, 7);
        let public = Record::public(&game);
        assert!(public.is_public());
        let text = public.to_string();
        assert!(!text.contains("seed"), "{text}");
        let reread = Record::parse(&text).unwrap();
        assert_eq!(reread, public);
        for d in &reread.chances {
            if let Chance::Opening { opening } = &d.chance {
                assert_eq!(opening.hands, None, "{text}");
            }
        }
    }
}
