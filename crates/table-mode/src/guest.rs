//! A guest's phone: its seat, its key, its contribution to the deal and the latest view
//! of its seat the host sent. From the view it rebuilds a game ([`SeatView::rebuild`]) and
//! asks the engine which of its buttons apply; a press becomes a typed message for the
//! host, which checks it again. Pure: the shell hands it the host's texts and sends what
//! it returns.

use super::bytes::{JoinToken, SeatKey, Secret, TableId};
use super::deal::{commit_at, round_secret_at, Contributor};
use super::guest_error::{GuestError, GuestSaveError};
use super::protocol::{GuestMsg, HostMsg, Refusal, VERSION};
use super::restart::MAX_ATTEMPTS;
use super::sdp::SessionDescription;
use super::validate::read_host;
use super::verify::{SeenRound, Verdict, Witness};
use lauzait_engine::piece::excerpt;
use lauzait_engine::{Action, Game, SeatView, Status};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the guest knows; the shell saves it (per table) so a reload comes back to the seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Guest {
    pub table: TableId,
    pub seat: u8,
    /// The pairing link's token, until the host hands out the key.
    token: JoinToken,
    /// The seat's key, once welcomed.
    key: Option<SeatKey>,
    /// This device's stored secret; each round's contribution is drawn from it
    /// ([`round_secret`]) and it is kept across reloads, so that a reload between commit
    /// and reveal reveals what it committed to.
    secret: Secret,
    /// What this device was shown: every deal round it took part in (the host's commitment
    /// as first announced, the full list shown before the reveal, whether it revealed) and
    /// a digest of every view of its seat. The finished game's record is checked against it
    /// ([`Witness::check`]): a host that changes a round, or shows one game and records
    /// another, is caught.
    #[serde(default)]
    witness: Witness,
    /// The latest view and its number (saved as the view's text form, as it came).
    #[serde(with = "crate::view_wire::numbered")]
    view: Option<(u32, SeatView)>,
    /// The pairing code whose offer this device last connected through ([`offer_id`]): a
    /// browser's offer connects once, so that code opened again (the phone's page reloaded
    /// on an old link, say after the board reloaded) can never connect, and the phone says
    /// so instead of showing an answer nobody can use.
    #[serde(default)]
    spent_offer: Option<String>,
    /// Numbers this guest's actions.
    next_n: u32,
    /// The last refusal the host sent, for the screen.
    pub refused: Option<(Refusal, String)>,
    /// The finished game's check, once the record came (not saved: the host sends the
    /// record again with the final view after a reload).
    #[serde(skip)]
    pub verdict: Option<Verdict>,
    /// The view's game, rebuilt (not saved: rebuilt from the view).
    #[serde(skip)]
    game: Option<Game>,
}

/// What tells one browser offer from another: its ICE username fragment and its
/// certificate's fingerprint, both new for every peer connection (and both in the pairing
/// code itself, so nothing secret is kept). A phone keeps the one it connected through, to
/// refuse that code if it is opened again (a relayed table's phone too).
pub fn offer_id(offer: &SessionDescription) -> String {
    let hex: String = offer.fingerprint.iter().map(|b| format!("{b:02x}")).collect();
    format!("{} {hex}", offer.ufrag)
}

/// Where the check of the game stands, for the phone's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verification<'a> {
    /// The game goes on: nothing to check yet.
    InPlay,
    /// The game is over and the host has sent no record: nothing this device was shown can
    /// be checked, and the screen says so.
    NoRecord,
    /// The record came and was checked.
    Checked(&'a Verdict),
}

/// What the guest shows while the game has not begun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Not yet welcomed to the seat.
    Joining,
    /// Seated; the other seats are being paired, or the deal is being made.
    Waiting,
    /// Playing: the view is here.
    Playing,
}

impl Stage {
    /// Its name, as table mode's state report gives it (`Playing`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Joining => "Joining",
            Stage::Waiting => "Waiting",
            Stage::Playing => "Playing",
        }
    }
}

impl Guest {
    /// A guest from a pairing link; `entropy`: at least 32 bytes, this device's secret.
    pub fn new(table: TableId, seat: u8, token: JoinToken, entropy: &[u8]) -> Guest {
        Guest {
            table,
            seat,
            token,
            key: None,
            secret: Secret::from_entropy(entropy),
            witness: Witness::default(),
            view: None,
            spent_offer: None,
            next_n: 0,
            refused: None,
            verdict: None,
            game: None,
        }
    }

    /// The guest read back from its save.
    pub fn resume(text: &str) -> Result<Guest, GuestSaveError> {
        let mut g: Guest =
            serde_json::from_str(text).map_err(|e| GuestSaveError::Unreadable { why: excerpt(&e.to_string()) })?;
        if g.view.as_ref().is_some_and(|(_, v)| v.seat != usize::from(g.seat)) {
            return Err(GuestSaveError::OtherSeatsView);
        }
        if let Some(&round) =
            g.witness.rounds.keys().chain(g.witness.withheld.iter().map(|(n, _)| n)).find(|&&n| !is_round_of_a_game(n))
        {
            return Err(GuestSaveError::RoundOfNoGame { round });
        }
        let attempts = |round: u32| g.witness.withheld.iter().filter(|(n, _)| *n == round).count();
        if g.witness.withheld.iter().any(|(n, _)| attempts(*n) > MAX_ATTEMPTS as usize) {
            return Err(GuestSaveError::TooManyAttempts);
        }
        if g.next_n > u32::MAX / 2 {
            return Err(GuestSaveError::TooManyActions { count: g.next_n });
        }
        g.game = g.view.as_ref().and_then(|(_, v)| v.rebuild().ok());
        Ok(g)
    }

    pub fn save(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Whether `offer` is the one this device last connected through: spent.
    pub fn offer_spent(&self, offer: &SessionDescription) -> bool {
        self.spent_offer.as_deref() == Some(offer_id(offer).as_str())
    }

    /// This device connected through `offer`.
    pub fn spend_offer(&mut self, offer: &SessionDescription) {
        self.spent_offer = Some(offer_id(offer));
    }

    /// The first message on a new connection: a join with the link's token, or, once the
    /// seat is ours, a rejoin with its key.
    pub fn hello(&self) -> GuestMsg {
        match self.key {
            Some(key) => GuestMsg::Rejoin { v: VERSION, table: self.table, seat: self.seat, key },
            None => GuestMsg::Join { v: VERSION, table: self.table, seat: self.seat, token: self.token },
        }
    }

    pub fn stage(&self) -> Stage {
        match (&self.key, &self.view) {
            (None, _) => Stage::Joining,
            (Some(_), None) => Stage::Waiting,
            (Some(_), Some(_)) => Stage::Playing,
        }
    }

    pub fn view(&self) -> Option<&SeatView> {
        self.view.as_ref().map(|(_, v)| v)
    }

    /// The game rebuilt from the view, for drawing the seat's hand and the board.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Handles one message from the host; returns the answers to send. A message that is
    /// not the protocol's, or a view that is no real position, is refused with the reason
    /// (kept in [`Self::refused`]) and changes nothing.
    pub fn receive(&mut self, text: &str) -> Result<Vec<GuestMsg>, GuestError> {
        let msg = read_host(text).map_err(GuestError::Unreadable)?;
        let contributor = Contributor::Seat(self.seat);
        match msg {
            // The seats' names come in the board's language; the phone names its own seat in
            // its own (`web::table::guest_view`), so they are not kept.
            HostMsg::Welcome { table, seat, key, .. } => {
                if table != self.table || seat != self.seat {
                    return Err(GuestError::OtherTable);
                }
                self.key = Some(key);
                Ok(Vec::new())
            }
            HostMsg::Refused { reason, detail, .. } => {
                self.refused = Some((reason, detail));
                Ok(Vec::new())
            }
            HostMsg::Ack { .. } => {
                self.refused = None;
                Ok(Vec::new())
            }
            HostMsg::CommitNow { round, attempt, host, .. } => {
                // Round n deals Season n: a host asking for any other keeps no round here,
                // so that it cannot fill this device's storage with them.
                if !is_round_of_a_game(round) || attempt > MAX_ATTEMPTS {
                    return Err(GuestError::RoundOfNoGame { round, attempt });
                }
                // A round dealt again (a seat withheld its secret): the attempt before is kept
                // for the record's check, and this device commits to a fresh secret.
                let seen = self.witness.attempt(round, attempt, host)?;
                if seen.host != host {
                    return Err(GuestError::CommitmentChanged);
                }
                let secret = round_secret_at(&self.secret, round, attempt);
                let commitment = commit_at(self.table, round, attempt, contributor, &secret);
                Ok(vec![GuestMsg::Commit { v: VERSION, round, attempt, commitment }])
            }
            HostMsg::RevealNow { round, attempt, commitments, .. } => {
                let secret = round_secret_at(&self.secret, round, attempt);
                let mine = commit_at(self.table, round, attempt, contributor, &secret);
                let seen = (self.witness.rounds.get_mut(&round))
                    .filter(|seen| seen.attempt == attempt)
                    .ok_or(GuestError::RevealBeforeCommit { round, attempt })?;
                if commitments.first() != Some(&seen.host) || !commitments.contains(&mine) {
                    return Err(GuestError::CommitmentsLeaveOut);
                }
                if seen.all.get_or_insert_with(|| commitments.clone()) != &commitments {
                    return Err(GuestError::CommitmentsChanged);
                }
                seen.revealed = true;
                Ok(vec![GuestMsg::Reveal { v: VERSION, round, attempt, secret }])
            }
            HostMsg::View { seq, view, .. } => {
                if view.seat != self.seat as usize {
                    return Err(GuestError::OtherSeatsView { view_seat: view.seat, seat: self.seat });
                }
                let game = view.rebuild().map_err(GuestError::View)?;
                self.witness.saw_view(&view);
                self.game = Some(game);
                self.view = Some((seq, *view));
                Ok(Vec::new())
            }
            HostMsg::Record { record, .. } => {
                self.verdict = Some(self.witness.check(&record, self.seat, self.secret));
                Ok(Vec::new())
            }
        }
    }

    /// Where the check of the game stands: a game over with no record is shown as not
    /// verified, never as nothing.
    pub fn verification(&self) -> Verification<'_> {
        match (&self.verdict, self.game.as_ref().map(Game::status)) {
            (Some(verdict), _) => Verification::Checked(verdict),
            (None, Some(Status::GameOver { .. })) => Verification::NoRecord,
            (None, _) => Verification::InPlay,
        }
    }

    /// Whether the next Season's deal round is under way (this device took part in a
    /// round beyond the Season on the board).
    pub fn dealing_next(&self) -> bool {
        let season = self.game.as_ref().map_or(0, |g| u32::from(g.season().number));
        self.witness.rounds.keys().next_back().is_some_and(|&n| n > season) && self.view.is_some()
    }

    /// The deal rounds this device took part in.
    pub fn rounds(&self) -> &BTreeMap<u32, SeenRound> {
        &self.witness.rounds
    }

    /// Whether it is this seat's Day.
    pub fn my_day(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.status() == Status::Playing && g.to_move() == self.seat as usize)
    }

    /// Every action this seat may take now ([`offered`](super::choices::offered)); none
    /// outside its Day.
    pub fn choices(&self) -> Vec<Action> {
        self.game.as_ref().filter(|_| self.my_day()).map(super::choices::offered).unwrap_or_default()
    }

    /// The message for pressing `action`; `None` when the engine does not offer it now.
    pub fn press(&mut self, action: Action) -> Option<GuestMsg> {
        let seq = self.view.as_ref()?.0;
        if !self.choices().contains(&action) {
            return None;
        }
        self.next_n += 1;
        Some(GuestMsg::Act { v: VERSION, n: self.next_n, seq, action })
    }
}

/// Whether deal round `n` can be one of a game's: round n deals Season n, and a game has
/// as many Seasons as players (R20), four at the most.
fn is_round_of_a_game(n: u32) -> bool {
    (1..=lauzait_engine::Seat::ALL.len() as u32).contains(&n)
}
