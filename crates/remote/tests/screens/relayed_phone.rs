//! A phone's page at a relayed table as a pure model (`screen::relayed_phone`): three phones
//! pair with a tablet (played here by the relay itself), join, show the same table's code and
//! play a whole game by their choices alone, every message carried as the data channels would
//! carry it, one phone reloaded from its storage mid-game; a damaged message from the tablet is
//! said and changes nothing; the join is said again until the roster comes.

use crate::entropy;
use lauzait_engine::{Action, SpectatorView};
use lauzait_joint_deal::Device;
use lauzait_joint_play::PlayPhase;
use lauzait_remote::relayed::{TabletGathering, TabletRelay, ToTablet};
use lauzait_remote::screen::relayed_phone::{RelayedEvent, RelayedPhoneScreen, RelayedProblem, RELAYED_ENTROPY};
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::ice::IceServers;
use lauzait_table_mode::link::Invite;
use lauzait_table_mode::sdp::SessionDescription;

const OFFER: &str = include_str!("../../../table-mode/fixtures/sdp/chromium-offer-ip.sdp");

fn invite(table: TableId, seat: u8) -> Invite {
    Invite {
        table,
        seat,
        token: JoinToken::from_entropy(&[seat; 8]),
        offer: SessionDescription::parse(OFFER).unwrap(),
        ice: IceServers::default(),
    }
}

/// A phone's page and its storage.
struct Phone {
    screen: RelayedPhoneScreen,
    stored: Option<String>,
    invite: Invite,
}

/// The tablet (its relay), the phones, and the texts on their way.
struct Table {
    gathering: Option<TabletGathering>,
    relay: Option<TabletRelay>,
    phones: Vec<Phone>,
    to_tablet: Vec<(Device, String)>,
    now: f64,
}

impl Table {
    fn new(players: u8, seed: u8) -> Table {
        let id = TableId::from_entropy(&[seed; 8]);
        let gathering = TabletGathering::new(id, usize::from(players), true, 256).unwrap();
        let phones = (0..players)
            .map(|s| {
                let invite = invite(id, s);
                let (screen, fx) =
                    RelayedPhoneScreen::start(&invite, None, &entropy(seed + s, RELAYED_ENTROPY)).unwrap();
                let mut phone = Phone { screen, stored: None, invite };
                phone.take(&fx);
                phone
            })
            .collect();
        Table { gathering: Some(gathering), relay: None, phones, to_tablet: Vec::new(), now: 0.0 }
    }

    /// Phone `seat`'s page is told `event`; what it sends goes on its way to the tablet.
    fn event(&mut self, seat: u8, event: RelayedEvent) -> Vec<GuestEffect> {
        self.now += 100.0;
        let phone = &mut self.phones[usize::from(seat)];
        let fx = phone.screen.update(event, self.now);
        phone.take(&fx);
        for f in &fx {
            match f {
                GuestEffect::Send(text) => self.to_tablet.push((Device::from_byte(seat), text.clone())),
                GuestEffect::FlushAfter(_) => {
                    let more = phone.screen.update(RelayedEvent::Page(GuestEvent::Flush), self.now);
                    phone.take(&more);
                }
                _ => {}
            }
        }
        fx
    }

    /// Every text on its way carried through the tablet, until none is left.
    fn run(&mut self) {
        while !self.to_tablet.is_empty() {
            let (from, text) = self.to_tablet.remove(0);
            let message = ToTablet::from_text(&text).unwrap();
            let out = if let Some(relay) = self.relay.as_mut() {
                relay.open(from, message).unwrap_or_else(|e| panic!("the tablet refuses: {e}"))
            } else {
                let gathering = self.gathering.as_mut().unwrap();
                gathering.open(from, message).unwrap();
                match gathering.start() {
                    Some(started) => {
                        let (relay, out) = started.unwrap();
                        self.relay = Some(relay);
                        out
                    }
                    None => Vec::new(),
                }
            };
            for (to, message) in out {
                self.event(to.to_byte(), RelayedEvent::Page(GuestEvent::Message(message.to_text())));
            }
        }
    }

    fn phase(&self) -> PlayPhase {
        self.phones[0].screen.phase().unwrap().0
    }

    /// Phone `seat` reloaded: a new page from its storage.
    fn reload(&mut self, seat: u8) {
        let phone = &mut self.phones[usize::from(seat)];
        let (screen, fx) = RelayedPhoneScreen::start(&phone.invite, phone.stored.as_deref(), &[]).unwrap();
        phone.screen = screen;
        phone.take(&fx);
        self.event(seat, RelayedEvent::Page(GuestEvent::ChannelOpen));
    }

    /// Plays the game to its end by each phone's choices: each Day the Easy player's plan,
    /// each step pressed as the choice it is.
    fn play(&mut self, reload_at: Option<u32>) {
        for day in 0u64.. {
            self.run();
            if reload_at == Some(day as u32) {
                self.reload(1);
                self.run();
            }
            match self.phase() {
                PlayPhase::Over => return,
                PlayPhase::Playing { to_move } => {
                    let view =
                        self.phones[to_move].screen.phone().unwrap().device().device().game().unwrap().view().clone();
                    match crate::relayed_phone_next(&view, day) {
                        None => {
                            for seat in 0..self.phones.len() as u8 {
                                let choices = self.phones[usize::from(seat)].screen.table_choices();
                                let i = choices.iter().position(|c| {
                                    matches!(c, lauzait_remote::screen::seat_day::TableChoice::EndSeason { .. })
                                });
                                self.event(seat, RelayedEvent::Table(i.expect("ending the Season is offered")));
                                self.run();
                            }
                        }
                        Some(actions) => {
                            for action in actions {
                                let i = self.phones[to_move].screen.choices().iter().position(|&c| c == action);
                                let i = i.unwrap_or_else(|| panic!("{action:?} is not offered"));
                                self.event(to_move as u8, RelayedEvent::Page(GuestEvent::Choice(i)));
                            }
                        }
                    }
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
    }
}

impl Phone {
    fn take(&mut self, fx: &[GuestEffect]) {
        for f in fx {
            if let GuestEffect::Store(text) = f {
                self.stored = Some(text.clone());
            }
        }
    }
}

#[test]
fn three_phones_pair_join_show_one_code_and_play_a_whole_game_by_their_choices() {
    let mut table = Table::new(3, 61);
    for seat in 0..3 {
        let fx = table.event(seat, RelayedEvent::Page(GuestEvent::ChannelOpen));
        assert!(fx.iter().any(|f| matches!(f, GuestEffect::Send(t) if t.starts_with("tj1."))), "the join goes first");
        assert_eq!(table.phones[usize::from(seat)].screen.code(), None);
    }
    table.run();
    let code = table.phones[0].screen.code().expect("every nonce in");
    assert!(table.phones.iter().all(|p| p.screen.code() == Some(code)), "every phone shows {code}");
    table.play(Some(20));
    println!(
        "{} Seasons, {} steps",
        table.relay.as_ref().unwrap().shown().unwrap().results.len(),
        table.phones[0].screen.phone().unwrap().device().device().step()
    );
    let record = table.phones[0].screen.phone().unwrap().device().device().record().unwrap();
    let replayed = SpectatorView::new(&record.replay().unwrap().public());
    assert_eq!(table.relay.as_ref().unwrap().shown(), Some(&replayed), "the tablet shows the record's game");
    for phone in &table.phones {
        assert_eq!(phone.screen.phone().unwrap().device().device().record().as_ref(), Some(&record));
        assert!(phone.screen.phone().unwrap().device().device().deal().opens_beyond_its_seat().is_empty());
        assert!(phone.screen.choices().is_empty(), "nothing to choose once the game is over");
    }
}

#[test]
fn a_damaged_message_is_said_and_the_join_is_said_again_until_the_roster_comes() {
    let mut table = Table::new(2, 62);
    let fx = table.event(0, RelayedEvent::Page(GuestEvent::ChannelOpen));
    let opening = fx
        .iter()
        .find_map(|f| match f {
            GuestEffect::HelloAfter { opening, .. } => Some(*opening),
            _ => None,
        })
        .expect("a retry of the join");
    let again = table.event(0, RelayedEvent::Page(GuestEvent::HelloDue(opening)));
    assert!(again.iter().any(|f| matches!(f, GuestEffect::Send(t) if t.starts_with("tj1."))), "{again:?}");
    let before = table.phones[0].stored.clone();
    table.event(0, RelayedEvent::Page(GuestEvent::Message("fl1.@@".into())));
    assert!(matches!(table.phones[0].screen.problem(), Some(RelayedProblem::Text(_))));
    assert_eq!(table.phones[0].stored, before, "nothing stored");
    assert!(table.phones[0].screen.choices().is_empty());
    // A saved page that does not read is a new seat, not a panic.
    let fresh = RelayedPhoneScreen::start(&table.phones[0].invite, Some("{\"stage\":7}"), &entropy(1, RELAYED_ENTROPY));
    assert!(fresh.is_ok());
    assert!(RelayedPhoneScreen::start(&table.phones[0].invite, Some("{}"), &[]).is_err(), "no entropy, no new seat");
    let _ = Action::Undo;
}
