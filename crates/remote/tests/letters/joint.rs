//! Joint play by turns (DEAL-PROTOCOL.md, "Play by turns"): joint play's messages as letters'
//! texts read back as themselves and damage is refused; and whole games of 2, 3 and 4 devices,
//! each message carried by a signed letter, measured: a Day's letter (every action of the Day
//! with the pieces it shows, and the mover's value when the Day's last step throws) fits one
//! link (`LINK_CEILING`); the deal's letters, the longest, travel as files.

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{Action, GameOptions, SeatView};
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::{Inbox, Outgoing, PlayDevice, PlayMessage, PlayPhase, PlaySetup};
use lauzait_remote::identity::DeviceKey;
use lauzait_remote::joint::{from_text, party, route, to_text, JointTextError, PREFIX};
use lauzait_remote::letter::LINK_CEILING;
use lauzait_remote::Letter;
use lauzait_table_mode::bytes::Bytes;
use std::collections::VecDeque;

/// What a device sent on one occasion: its player's Day, its publication at the Season's
/// end, or its answer to what it received.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Occasion {
    Day,
    SeasonEnd,
    Answer,
}

/// A table of devices of joint play, every message carried as a letter's text and read back
/// through each recipient's inbox, in order.
struct ByTurns {
    devices: Vec<Inbox>,
    keys: Vec<DeviceKey>,
    queue: VecDeque<(Device, Outgoing)>,
    /// Each letter written: its occasion and its link's length in characters.
    letters: Vec<(Occasion, usize, Vec<&'static str>)>,
}

fn kind(message: &PlayMessage) -> &'static str {
    use lauzait_joint_deal::Message;
    match message {
        PlayMessage::Act(_) => "action",
        PlayMessage::Void(_) => "vote",
        PlayMessage::Deal { message, .. } => match message {
            Message::Hello(_) => "greeting",
            Message::Shuffle(_) => "shuffle",
            Message::Lock(_) => "lock",
            Message::Reveal(_) => "board keys",
            Message::Sealed(_) => "sealed keys",
            Message::Publish(_) => "publication",
            Message::ThrowValue(_) => "value",
        },
    }
}

impl ByTurns {
    fn new(players: usize) -> ByTurns {
        let options = GameOptions::for_players(players, true).unwrap();
        let setup = PlaySetup::new([players as u8; 32], options, 256).unwrap();
        let mut table = ByTurns { devices: Vec::new(), keys: Vec::new(), queue: VecDeque::new(), letters: Vec::new() };
        let mut greetings = Vec::new();
        for device in setup.devices() {
            let entropy = DeviceEntropy([device.index() as u8 * 7 + players as u8; 64]);
            let (d, out) = PlayDevice::new(setup.clone(), device, &entropy).unwrap();
            table.devices.push(Inbox::new(d));
            table.keys.push(DeviceKey::from_entropy(&[device.index() as u8 + 1; 32]).unwrap());
            greetings.push((device, out));
        }
        for (device, out) in greetings {
            table.write(device, Occasion::Answer, out);
        }
        table
    }

    fn all(&self) -> Vec<Device> {
        self.devices.iter().map(|d| d.device().me()).collect()
    }

    /// `from`'s messages of one occasion, one letter to each other device it has news for;
    /// each letter signed, written as a link and read back as the recipient would.
    fn write(&mut self, from: Device, occasion: Occasion, out: Vec<Outgoing>) {
        for (to, texts) in route(from, &self.all(), &out) {
            if texts.is_empty() {
                continue;
            }
            let kinds = texts.iter().map(|t| kind(&from_text(t).unwrap())).collect();
            let key = &self.keys[from.index()];
            let letter = Letter::sign(key, Bytes([9; 8]), (party(from), party(to)), (1, 0, 1), false, texts);
            let link = letter.fragment();
            self.letters.push((occasion, link.len(), kinds));
            let read = Letter::read(&link).unwrap();
            for text in read.messages {
                let message = from_text(&text).unwrap();
                self.queue.push_back((to, Outgoing { to: lauzait_joint_deal::Recipient::Device(to), message }));
            }
        }
    }

    /// Every letter opened, and every answer written and opened, until none is left.
    fn run(&mut self) {
        while let Some((to, Outgoing { message, .. })) = self.queue.pop_front() {
            let out = self.devices[to.index()].receive(message).unwrap();
            self.write(to, Occasion::Answer, out);
        }
    }

    fn phase(&self) -> PlayPhase {
        self.devices[0].device().phase()
    }

    /// The game to its end: each Day planned by an Easy player and sent as one letter.
    fn play(&mut self) {
        self.run();
        for day in 0u64.. {
            match self.phase() {
                PlayPhase::Over => return,
                PlayPhase::Playing { to_move } => {
                    let view = self.devices[to_move].device().game().unwrap().view().clone();
                    let actions = match next_for(&view, day) {
                        Next::Agree => {
                            for seat in 0..self.devices.len() {
                                let out = self.devices[seat].act(Action::EndSeasonByAgreement).unwrap();
                                self.write(Device::from_byte(seat as u8), Occasion::Answer, out);
                                self.run();
                            }
                            continue;
                        }
                        Next::Day(actions) => actions,
                    };
                    // A Day's steps before its last throw nothing (R12), so the device sends
                    // the whole Day at once.
                    let mut sent = Vec::new();
                    for action in actions {
                        sent.extend(self.devices[to_move].act(action).unwrap());
                    }
                    // The deal's publication, when the Day ends the Season, is a letter of its
                    // own: a file, where the Day's letter is a link.
                    let (publication, day): (Vec<Outgoing>, Vec<Outgoing>) =
                        sent.into_iter().partition(|o| kind(&o.message) == "publication");
                    let mover = Device::from_byte(to_move as u8);
                    self.write(mover, Occasion::Day, day);
                    self.write(mover, Occasion::SeasonEnd, publication);
                    self.run();
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
    }
}

/// What the player whose Day it is does next in these tests' games.
pub enum Next {
    /// Every seat agrees to end the Season: a long one (past Day 60) that may be ended so,
    /// so that Easy players' games end.
    Agree,
    /// The Day the Easy player plans, whole (a Day's steps before its last throw nothing, R12).
    Day(Vec<Action>),
}

/// [`Next`] for the seat whose view is `view`, its plan seeded by `day`.
pub fn next_for(view: &SeatView, day: u64) -> Next {
    let game = view.rebuild().unwrap();
    if view.day > 60 && game.may_end_season_by_agreement() {
        return Next::Agree;
    }
    Next::Day(plan_whole_day(&game, view.to_move, Level::Easy, day, 0).unwrap().0)
}

#[test]
fn joint_plays_messages_read_back_from_letters_and_damage_is_refused() {
    let mut table = ByTurns::new(2);
    table.run();
    let PlayPhase::Playing { to_move } = table.phase() else { panic!("{:?}", table.phase()) };
    let game = table.devices[to_move].device().game().unwrap().view().rebuild().unwrap();
    let out = table.devices[to_move].clone().act(game.day().legal_actions(game.players())[0]).unwrap();
    let text = to_text(&out[0].message);
    assert!(text.starts_with(PREFIX));
    assert_eq!(from_text(&text), Ok(out[0].message.clone()));
    assert_eq!(from_text("{\"t\":\"act\"}"), Err(JointTextError::NotJoint));
    assert!(matches!(from_text(&format!("{PREFIX}a+b")), Err(JointTextError::Code(_))));
    assert!(matches!(from_text(&format!("{PREFIX}AAAA")), Err(JointTextError::Wire(_))));
    // A vote naming two devices is 7 bytes: its text's last character has unused bits; one set
    // is the same bytes, not as a device writes them.
    let vote = PlayMessage::Void(lauzait_joint_play::Void {
        from: Device::from_byte(1),
        season: 1,
        left: vec![Device::from_byte(0), Device::from_byte(2)],
    });
    let mut unused = to_text(&vote);
    let last = unused.pop().unwrap();
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unused.push(alphabet.as_bytes()[alphabet.find(last).unwrap() | 1] as char);
    assert_eq!(from_text(&unused), Err(JointTextError::NotAsWritten));
    let long = format!("{PREFIX}{}", "A".repeat(9000));
    assert!(matches!(from_text(&long), Err(JointTextError::TooLong { .. })));
    for refusal in [JointTextError::NotJoint, JointTextError::TooLong { chars: 9000 }] {
        assert!(!refusal.to_string().is_empty());
    }
}

/// The 2 KB a Day (issue: a Day's link at most 2 KB): with 2, 3 and 4 devices, every Day's
/// letter fits one link; the deal's greetings, keys and values do too, its shuffles, locks and
/// publications travel as files. `-- --nocapture` prints the sizes (DEAL-PROTOCOL.md).
#[test]
fn a_days_letter_of_joint_play_fits_one_link() {
    for players in [2, 3, 4] {
        let mut table = ByTurns::new(players);
        table.play();
        let days: Vec<usize> = table.letters.iter().filter(|l| l.0 == Occasion::Day).map(|l| l.1).collect();
        let longest = *days.iter().max().unwrap();
        println!(
            "{players} devices: {} Day letters, mean {} and longest {longest} characters of link",
            days.len(),
            days.iter().sum::<usize>() / days.len()
        );
        assert!(longest <= LINK_CEILING, "a Day's letter of {longest} characters");
        for name in ["greeting", "shuffle", "lock", "board keys", "sealed keys", "value", "publication", "action"] {
            let sizes: Vec<usize> =
                table.letters.iter().filter(|l| l.0 != Occasion::Day && l.2.contains(&name)).map(|l| l.1).collect();
            if let Some(longest) = sizes.iter().max() {
                println!("  letters with a {name}: {}, longest {longest} characters", sizes.len());
            }
        }
        let files = table.letters.iter().filter(|l| l.1 > LINK_CEILING).count();
        println!("  over {LINK_CEILING} characters (as files): {files} of {} letters", table.letters.len());
    }
}

/// The longest action there is: a declaration with four devices (R11), its whole hand of nine
/// shown from the deal, each piece with four keys, with a move and a discard before it in its
/// Day. Its letter's length is printed (`-- --nocapture`) against `LINK_CEILING`.
#[test]
fn the_longest_days_letter_of_four_devices_is_measured() {
    let mut table = ByTurns::new(4);
    table.run();
    let PlayPhase::Playing { to_move } = table.phase() else { panic!("{:?}", table.phase()) };
    let device = table.devices[to_move].device();
    let view = device.game().unwrap().view().clone();
    let mut deal = device.deal().clone();
    let shown: Vec<_> = view.concealed.pieces().map(|p| deal.show(p).unwrap()).collect();
    assert_eq!(shown.len(), 9);
    let declare = lauzait_joint_play::Act {
        from: device.me(),
        step: device.step(),
        state: lauzait_joint_play::public_state(&view),
        action: Action::Declare,
        hand: Some(view.concealed),
        shown: shown.clone(),
    };
    let discard = lauzait_joint_play::Act {
        action: Action::Discard { piece: view.concealed.pieces().next().unwrap() },
        hand: None,
        shown: shown[..1].to_vec(),
        ..declare.clone()
    };
    let step = lauzait_joint_play::Act { hand: None, shown: Vec::new(), ..discard.clone() };
    let texts: Vec<String> = [step, discard, declare].into_iter().map(|a| to_text(&PlayMessage::Act(a))).collect();
    let key = &table.keys[to_move];
    let to = Device::from_byte(((to_move + 1) % 4) as u8);
    let letter = Letter::sign(key, Bytes([9; 8]), (party(device.me()), party(to)), (40, 39, 120), false, texts);
    let link = letter.fragment().len();
    println!("the longest Day's letter of four devices: {link} characters of link (ceiling {LINK_CEILING})");
    assert!(link <= LINK_CEILING, "{link} characters");
}
