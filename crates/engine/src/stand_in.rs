//! Replaying a public record: one made while its game was under way, which keeps the dealt
//! hands hidden (NOTATION.md, "Public records"). To play it through the rules, each hidden
//! hand gets a stand-in: pieces nobody saw, chosen so that every recorded action is legal
//! and every declaration shows the pieces it showed. They are found by replaying: a
//! refused step names pieces its player must have been dealt, those go into the stand-in
//! and the replay runs again; a declaration fixes its player's whole deal. The stand-ins
//! depend only on the record, that is on what everyone saw, and are never to be shown: a
//! viewer shows such hands face down.

use super::day::{Action, RuleError};
use super::game::{Game, ReplayError};
use super::notation::{error, NoDeal, NotationError, HAND};
use super::piece::PieceCounts;
use super::randomness::{Chance, Opening};
use super::record::Record;
use std::borrow::Cow;

impl Record {
    /// The game the record leads to; the token at fault and why otherwise. A public record
    /// plays on stand-in hands ([`Record::filled`]), which are never to be shown.
    pub fn replay(&self) -> Result<Game, NotationError> {
        let full = fill(self)?;
        Game::replay(full.options.clone(), &full.chances, &full.actions).map_err(|e| self.replay_error(&e))
    }

    /// The record itself when it holds every deal; a public record with its hidden hands
    /// filled with stand-ins that make every action legal and every declaration show what
    /// it showed (this module). Stand-ins depend only on what everyone saw, and are not
    /// the real hands: never show them.
    pub fn filled(&self) -> Result<Record, NotationError> {
        fill(self).map(|r| r.into_owned())
    }
}

/// What one replay found missing.
enum Fix {
    /// Player `player` of Season `season` (0-based) must have been dealt these too.
    Needs { season: usize, player: usize, pieces: PieceCounts },
    /// The player's deal is exactly this, as their declaration showed.
    Exact { season: usize, player: usize, hand: PieceCounts },
    /// A declaration shows pieces its player cannot hold.
    Impossible,
}

/// `record` with every hidden hand filled in by a stand-in (itself when it hides none);
/// the token at fault when no stand-in makes its actions legal.
fn fill(record: &Record) -> Result<Cow<'_, Record>, NotationError> {
    if !record.is_public() {
        return Ok(Cow::Borrowed(record));
    }
    let n = record.options.seats().len();
    // Whether each Season's deal is hidden (a record may show some deals and hide others):
    // only a hidden one gets stand-ins, and a refusal in a shown one is the record's fault.
    let hidden: Vec<bool> = record
        .chances
        .iter()
        .filter_map(|d| match &d.chance {
            Chance::Opening { opening } => Some(opening.hands.is_none()),
            _ => None,
        })
        .collect();
    let seasons = hidden.len();
    let stand_in_for = |fix: &Fix| match fix {
        Fix::Needs { season, .. } | Fix::Exact { season, .. } => hidden.get(*season).copied().unwrap_or(false),
        Fix::Impossible => true,
    };
    let mut needs = vec![vec![PieceCounts::new(); n]; seasons];
    let mut exact: Vec<Vec<Option<PieceCounts>>> = vec![vec![None; n]; seasons];
    let mut full = Record { shown: Vec::new(), ..record.clone() };
    // The game as each Season was about to open, and the action that opens it: a fix for a
    // Season changes nothing before it, so the next round takes up the replay there.
    let mut season_starts: Vec<(Game, usize)> = Vec::new();
    // Each round adds a piece to a stand-in or fixes a deal, so this many always suffice.
    for _ in 0..=seasons * n * (HAND + 1) {
        deal_stand_ins(&mut full, &hidden, &needs, &exact)?;
        let mut fix = None;
        let from = season_starts.last().map(|(g, i)| (g, *i));
        let mut starts = Vec::new();
        let watch = |g: &Game, index: usize, action: Action| {
            if action == Action::NextSeason && g.status() == super::game::Status::SeasonOver {
                starts.push((g.clone(), index));
            }
            if fix.is_none() && matches!(action, Action::Declare | Action::DeclareStalemate) {
                fix = shown_fix(record, &full, g);
            }
        };
        let stopped = Game::replay_watching(full.options.clone(), &full.chances, &full.actions, from, watch);
        let fix = match (fix, stopped) {
            (Some(fix), _) => fix,
            (None, Ok(_)) => return Ok(Cow::Owned(full)),
            (None, Err((Some(game), e))) => {
                needed(&game, &e, &full.actions).filter(stand_in_for).ok_or_else(|| record.replay_error(&e))?
            }
            (None, Err((None, e))) => return Err(record.replay_error(&e)),
        };
        if !stand_in_for(&fix) {
            return Err(inconsistent(NoDeal::NotDealt));
        }
        let season = match fix {
            Fix::Needs { season, .. } | Fix::Exact { season, .. } => season,
            Fix::Impossible => 0,
        };
        // Keep the starts of the Seasons up to the one fixed (whose opening is drawn again).
        season_starts.extend(starts);
        season_starts.retain(|(g, _)| g.season().number as usize <= season);
        season_starts.dedup_by_key(|(_, i)| *i);
        match fix {
            Fix::Needs { season, player, pieces } => needs[season][player].add_all(&pieces),
            Fix::Exact { season, player, hand } if exact[season][player].is_none() => {
                exact[season][player] = Some(hand);
            }
            Fix::Exact { .. } | Fix::Impossible => {
                return Err(inconsistent(NoDeal::CannotHold));
            }
        }
    }
    Err(inconsistent(NoDeal::NoneFits))
}

fn inconsistent(why: NoDeal) -> NotationError {
    error(0, "", why)
}

/// The hidden hands of `full` dealt again (the Seasons `hidden` marks, in order of their
/// openings): each player's needed (or exact) pieces first, then the rest of nine from the
/// pieces nobody saw, in kind order.
fn deal_stand_ins(
    full: &mut Record,
    hidden: &[bool],
    needs: &[Vec<PieceCounts>],
    exact: &[Vec<Option<PieceCounts>>],
) -> Result<(), NotationError> {
    let players = full.options.player_count();
    // Every Season's opening, numbered as the fixes number them; only the hidden ones dealt.
    let openings = full.chances.iter_mut().filter_map(|drawn| match &mut drawn.chance {
        Chance::Opening { opening } => Some(opening),
        _ => None,
    });
    for (season, opening) in openings.enumerate().filter(|(s, _)| hidden.get(*s).copied().unwrap_or(false)) {
        // A public record may show a board (and luminous piece) with more copies of a piece
        // than the game has (R1, R3): no pool is left to deal stand-ins from.
        let mut unseen = (Opening { hands: None, ..opening.clone() })
            .pool(players)
            .ok_or_else(|| inconsistent(NoDeal::ExcessCopies))?;
        let mut hands: Vec<PieceCounts> =
            (0..needs[season].len()).map(|p| exact[season][p].unwrap_or(needs[season][p])).collect();
        for hand in &hands {
            if hand.total() > HAND || !unseen.contains_all(hand) {
                return Err(inconsistent(NoDeal::NeedsUnseen));
            }
            unseen.remove_all(hand);
        }
        for hand in &mut hands {
            let rest: PieceCounts = unseen.pieces().take(HAND - hand.total()).collect();
            unseen.remove_all(&rest);
            hand.add_all(&rest);
        }
        opening.hands = Some(hands);
    }
    Ok(())
}

/// The stand-in deal of the declarer of the Day under way in `g`, when it does not lead to
/// the concealed pieces the public record shows for this declaration: the deal that does.
fn shown_fix(record: &Record, full: &Record, g: &Game) -> Option<Fix> {
    let after = g.log().len() + 1;
    let shown = record.shown.iter().find(|s| s.after == after)?;
    let now = g.day().hand.concealed;
    if now == shown.concealed {
        return None;
    }
    let (season, player) = (g.season().number as usize - 1, g.to_move());
    let dealt = full
        .chances
        .iter()
        .filter_map(|d| match &d.chance {
            Chance::Opening { opening } => opening.hands.as_ref().map(|h| h[player]),
            _ => None,
        })
        .nth(season)?;
    // Dealt + shown − now: what was dealt differs from the stand-in exactly as what is
    // held differs, since every piece that came and went since was seen.
    let mut hand = dealt;
    hand.add_all(&shown.concealed);
    if !hand.contains_all(&now) {
        return Some(Fix::Impossible);
    }
    hand.remove_all(&now);
    Some(Fix::Exact { season, player, hand })
}

/// The pieces the player of the refused action must hold for the rest of their Day: what
/// its Form and discard take from the concealed pieces, less what they hold now and what
/// its Dissolve gives back. `None` when nothing is missing (the refusal is for another
/// reason).
fn needed(g: &Game, e: &ReplayError, actions: &[Action]) -> Option<Fix> {
    if matches!(e.error, RuleError::Chance(_)) || e.action.is_none() {
        return None;
    }
    let day = g.day();
    let mut have = day.hand.concealed;
    let mut taken = PieceCounts::new();
    for &action in &actions[e.index..] {
        match action {
            Action::Dissolve { department } => {
                if let Some(d) = day.hand.departments.get(department as usize) {
                    d.pieces.iter().for_each(|&p| have.add(p));
                }
            }
            Action::Form { pieces, .. } => pieces.iter().for_each(|&p| taken.add(p)),
            Action::Discard { piece } => taken.add(piece),
            _ => {}
        }
        if action.is_day_boundary() {
            break;
        }
    }
    let missing: PieceCounts = taken.pieces().filter(|&p| !have.remove(p)).collect();
    (!missing.is_empty()).then(|| Fix::Needs {
        season: g.season().number as usize - 1,
        player: g.to_move(),
        pieces: missing,
    })
}
