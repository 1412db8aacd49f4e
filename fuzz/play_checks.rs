//! The fuzz targets `play` and `play_save`: the messages of a game played by all the devices
//! together (crates/joint-play, DEAL-PROTOCOL.md "Playing the Season"), read by its wire form
//! and given to a device of a two-seat game whose first Season is dealt and whose first Day
//! waits, directly and through its inbox; and a device's save, restored.
//! Shared by path with tests/rules/fuzz_regressions.rs and examples/fuzz_seeds.rs.

use lauzait_engine::GameOptions;
use lauzait_joint_deal::{DeviceEntropy, Recipient};
use lauzait_joint_play::wire::{decode, encode};
use lauzait_joint_play::{Inbox, Outgoing, PlayDevice, PlayMessage, PlaySetup};
use std::collections::VecDeque;

/// A game of two devices, every message delivered in the order sent until none is left: the
/// first Season dealt, its start drawn, the first Day waiting. Device 1 as it is then, and
/// every message sent, with the first action of the Day (its mover's first choice) and what
/// it led to.
pub struct PlayTable {
    pub waiting: PlayDevice,
    #[allow(dead_code)] // the seeds' writer and tests read it; the fuzz targets do not
    pub sent: Vec<PlayMessage>,
}

fn deliver(devices: &mut [PlayDevice], queue: &mut VecDeque<Outgoing>, sent: &mut Vec<PlayMessage>) {
    while let Some(outgoing) = queue.pop_front() {
        for device in devices.iter_mut().filter(|d| d.me() != outgoing.message.from()) {
            if outgoing.to == Recipient::Everyone || outgoing.to == Recipient::Device(device.me()) {
                queue.extend(device.receive(outgoing.message.clone()).expect("an honest game"));
            }
        }
        sent.push(outgoing.message);
    }
}

pub fn table() -> PlayTable {
    let options = GameOptions::for_players(2, true).expect("two players");
    let setup = PlaySetup::new([5; 32], options, 64).expect("64 throws");
    let mut devices = Vec::new();
    let mut queue = VecDeque::new();
    for device in setup.devices() {
        let (d, out) = PlayDevice::new(setup.clone(), device, &DeviceEntropy([device.index() as u8 + 1; 64]))
            .expect("at the table");
        devices.push(d);
        queue.extend(out);
    }
    let mut sent = Vec::new();
    deliver(&mut devices, &mut queue, &mut sent);
    let waiting = devices[0].clone();
    // The mover takes the first choice the engine offers it, and everything it leads to is
    // delivered: an action, a shown piece, a throw's values as the seeds.
    let mover = waiting.game().expect("the first Season begun").view().to_move;
    // The mover's own view: only its device knows its hand.
    let game = devices[mover].game().expect("the first Season begun").view().rebuild().expect("a real position");
    let action = game.day().legal_actions(game.players())[0];
    queue.extend(devices[mover].act(action).expect("a legal action"));
    deliver(&mut devices, &mut queue, &mut sent);
    PlayTable { waiting, sent }
}

/// The table, made once.
fn fixture() -> &'static PlayTable {
    static FIXTURE: std::sync::OnceLock<PlayTable> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(table)
}

/// The input read as a message of joint play; one that reads writes back to the same bytes and
/// is taken or refused, in a short message, by the waiting device, never with a panic.
pub fn check(data: &[u8], short: impl Fn(String)) {
    match decode(data) {
        Ok(message) => {
            assert_eq!(encode(&message), data, "a play message that does not write back to its bytes");
            if let Err(e) = fixture().waiting.clone().receive(message.clone()) {
                short(e.to_string());
            }
            if let Err(e) = Inbox::new(fixture().waiting.clone()).receive(message) {
                short(e.to_string());
            }
        }
        Err(e) => short(e.to_string()),
    }
}

/// Every message of the fixture's game, for the target's seed corpus.
#[allow(dead_code)] // the seeds' writer and tests call it; the fuzz targets do not
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    table().sent.iter().enumerate().map(|(i, m)| (format!("seed-{i}"), encode(m))).collect()
}

/// The input restored as a device's save (an inbox's, with the messages it held), and as a
/// device of joint play by turns' saved text (crates/remote/src/joint_device.rs): one that
/// restores saves what restores to the same save again; a refusal is a short message, never a
/// panic.
pub fn check_save(data: &[u8], short: impl Fn(String)) {
    match Inbox::restore(data) {
        Ok(inbox) => {
            let again = inbox.save();
            let restored = Inbox::restore(&again).expect("a restored device's save restores");
            assert_eq!(restored.save(), again, "a restored device's save restores to another");
        }
        Err(e) => short(e.to_string()),
    }
    // The same input as a device of joint play by turns' saved text (its inbox inside), and
    // as its page's (the device, or the table gathering, with the links on show).
    if let Ok(text) = std::str::from_utf8(data) {
        use lauzait_remote::joint_device::JointDevice;
        match JointDevice::resume(text) {
            Ok(device) => {
                let again = device.save();
                let resumed = JointDevice::resume(&again).expect("a resumed device's save resumes");
                assert_eq!(resumed.save(), again, "a resumed device's save resumes to another");
            }
            Err(e) => short(e.to_string()),
        }
        if let Err(problem) = lauzait_remote::screen::joint::JointScreen::resume(text) {
            short(format!("{problem:?}"));
        }
        relayed_saves(text, &short);
    }
}

/// The same text as a relayed table's phone's saves (crates/remote/src/relayed/phone.rs): its
/// seat before the roster and its table, each that reads saved back to the same; and as the
/// phone's page's save, which a seat's invite reopens or, unreadable, replaces.
fn relayed_saves(text: &str, short: &impl Fn(String)) {
    use lauzait_remote::relayed::{PhoneSeating, PhoneTable};
    match PhoneSeating::resume(text) {
        Ok(seating) => assert_eq!(PhoneSeating::resume(&seating.save()).map(|s| s.save()), Ok(seating.save())),
        Err(e) => short(e.to_string()),
    }
    match PhoneTable::resume(text) {
        Ok(table) => {
            let again = table.save();
            let resumed = PhoneTable::resume(&again).expect("a resumed phone's save resumes");
            assert_eq!(resumed.save(), again, "a resumed phone's save resumes to another");
        }
        Err(e) => short(e.to_string()),
    }
    let invite = lauzait_table_mode::link::Invite {
        table: lauzait_table_mode::bytes::TableId::from_entropy(&[1; 8]),
        seat: 1,
        token: lauzait_table_mode::bytes::JoinToken::default(),
        offer: lauzait_table_mode::sdp::SessionDescription::parse(OFFER).expect("the fixture's offer"),
        ice: lauzait_table_mode::ice::IceServers::default(),
    };
    // Without entropy: a save that does not read is refused, never a panic.
    if let Err(e) = lauzait_remote::screen::relayed_phone::RelayedPhoneScreen::start(&invite, Some(text), &[]) {
        short(e.to_string());
    }
    // The tablet's saved table: one that reads is a table of 2 to 4 players, offered to resume;
    // resumed, its computer seats are made again from their entropy and devices, or refused.
    let mut tablet =
        lauzait_remote::screen::relayed_tablet::RelayedTabletScreen::new(String::new(), Default::default())
            .with_saved(Some(text));
    if tablet.saved_table() {
        assert!(tablet.setup().is_some());
        use lauzait_table_mode::{controls::HostControl, host_screen::HostEvent};
        tablet.update(HostEvent::Control(HostControl::Resume), 0.0, &[]);
        assert!(tablet.setup().is_none() || tablet.problem().is_some(), "resumed, or said why not");
    }
}

/// An offer as Chromium makes one, for the relayed phone page's invite.
const OFFER: &str = include_str!("../crates/table-mode/fixtures/sdp/chromium-offer-ip.sdp");

/// The saves of the fixture's game, for the `play_save` target's seed corpus: the waiting
/// device's, and its inbox's holding an action of a later step.
#[allow(dead_code)] // the seeds' writer and tests call it; the fuzz targets do not
pub fn save_seeds() -> Vec<(String, Vec<u8>)> {
    let table = table();
    let mut inbox = Inbox::new(table.waiting.clone());
    if let Some(PlayMessage::Act(act)) = table.sent.iter().find(|m| matches!(m, PlayMessage::Act(_))) {
        let later = lauzait_joint_play::Act { step: act.step + 1, ..act.clone() };
        let _held = inbox.receive(PlayMessage::Act(later));
    }
    // A device of joint play by turns, as its page saves it, for a table of two.
    use lauzait_remote::channel::Channel;
    use lauzait_remote::identity::DeviceKey;
    use lauzait_remote::joint_device::JointDevice;
    use lauzait_remote::joint_table::Roster;
    let key = |seed: u8| DeviceKey::from_entropy(&[seed; 32]).expect("32 bytes");
    let roster = Roster { luminous: true, throws: 64, keys: vec![key(1).public(), key(2).public()] };
    let other = (lauzait_joint_deal::Device::from_byte(1), Channel::with_key(key(2).public()));
    let table_id = lauzait_table_mode::bytes::TableId::from_entropy(&[1; 8]);
    let me = lauzait_joint_deal::Device::from_byte(0);
    let joint = JointDevice::from_roster(table_id, key(1), roster, me, vec![other], &DeviceEntropy([1; 64]))
        .expect("a device of the two");
    // A relayed table's phone at the same table: its seat, and its table once the roster came.
    use lauzait_remote::relayed::{FromTablet, PhoneSeating, TableRoster, ToTablet};
    let seating = PhoneSeating::new(table_id, lauzait_joint_deal::Device::from_byte(0), &[7; 64]).expect("64 bytes");
    let other = PhoneSeating::new(table_id, lauzait_joint_deal::Device::from_byte(1), &[8; 64]).expect("64 bytes");
    let (ToTablet::Join { key: k0, commitment: c0 }, ToTablet::Join { key: k1, commitment: c1 }) =
        (seating.join(), other.join())
    else {
        unreachable!("a seat's join is a join")
    };
    let roster = TableRoster {
        table: table_id,
        roster: Roster { luminous: true, throws: 64, keys: vec![k0, k1] },
        commitments: vec![c0, c1],
    };
    let (phone, _) =
        seating.open_roster(FromTablet::Roster(roster), &DeviceEntropy([2; 64])).expect("the phone at its table");
    // A relayed table's tablet with a computer seat, as its page saves it once the table is set.
    use lauzait_remote::screen::relayed_tablet::{SavedComputer, TabletSave};
    let computer = SavedComputer {
        seat: 2,
        level: lauzait_bots::Level::Strong,
        entropy: vec![9; lauzait_remote::relayed::COMPUTER_ENTROPY],
        table: None,
    };
    let tablet = TabletSave { table: table_id, players: 3, luminous: true, computers: vec![computer] };
    vec![
        ("seed-device".to_string(), table.waiting.save()),
        ("seed-inbox".to_string(), inbox.save()),
        ("seed-joint-device".to_string(), joint.save().into_bytes()),
        ("seed-relayed-seating".to_string(), seating.save().into_bytes()),
        ("seed-relayed-phone".to_string(), phone.save().into_bytes()),
        ("seed-relayed-tablet".to_string(), serde_json::to_vec(&tablet).expect("a save")),
    ]
}
