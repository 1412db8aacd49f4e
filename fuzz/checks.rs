//! What each fuzz target checks of one input. Shared, by path, between the fuzz targets
//! (fuzz/fuzz_targets/) and tests/rules/fuzz_regressions.rs, which replays every input the fuzzer
//! ever crashed on: a failed check panics, which libFuzzer reports as a crash.
//!
//! Every target feeds untrusted input to a reader that must answer with a value or an
//! error a person can act on, never a panic; an error never quotes the input whole.

use lauzait_analyze::answer_line;
use lauzait_engine::notation::Position;
use lauzait_engine::Record;

#[path = "table_checks.rs"]
pub mod table;

#[path = "play_checks.rs"]
pub mod play;

/// The fuzz targets, by name (the folders of tests/data/fuzz-regressions/ too).
#[allow(dead_code)] // the fuzz targets use one check each
pub const TARGETS: [&str; 11] =
    ["record", "position", "save", "analyze", "seat_view", "worker", "table", "letter", "deal", "play", "play_save"];

/// The longest error message an input may get: messages quote at most an excerpt of it.
const MAX_MESSAGE: usize = 400;

fn short(message: impl std::fmt::Display) {
    let message = message.to_string();
    assert!(message.len() <= MAX_MESSAGE, "a {}-byte error message: {message:.400}", message.len());
    assert!(!message.is_empty(), "an empty error message");
}

/// Runs the check of `target` on `data`.
#[allow(dead_code)] // the fuzz targets call their check directly
pub fn check(target: &str, data: &[u8]) {
    match target {
        "record" => record(data),
        "position" => position(data),
        "save" => save(data),
        "analyze" => analyze(data),
        "seat_view" => seat_view(data),
        "worker" => worker(data),
        "table" => table::check(data),
        "letter" => letter(data),
        "deal" => deal(data),
        "play" => play::check(data, short),
        "play_save" => play::check_save(data, short),
        _ => panic!("no fuzz target '{target}' (targets: {TARGETS:?})"),
    }
}

/// A remote table's letter (crates/remote): the input read as a link's text, and as a
/// letter's inflated bytes (deflated and encoded here, so that the fuzzer reaches the
/// fields' reader rather than stopping at DEFLATE). A letter that reads writes back to
/// the same letter; a refusal says what to do in a short message. Each message of a letter
/// that reads, and the input as text, is also read as a message of joint play.
#[allow(dead_code)]
pub fn letter(data: &[u8]) {
    use lauzait_remote::Letter;
    let packed = lauzait_table_mode::link::base64url(&miniz_oxide::deflate::compress_to_vec(data, 1));
    let text = std::str::from_utf8(data).ok();
    for input in text.into_iter().chain([packed.as_str()]) {
        match Letter::read(input) {
            Ok(letter) => {
                assert_eq!(Letter::read(&letter.fragment()).as_ref(), Ok(&letter));
                letter.messages.iter().for_each(|m| joint_text(m));
            }
            Err(e) => short(e),
        }
    }
    if let Some(text) = text {
        joint_text(text);
        // An invite to a seat of joint play.
        match lauzait_remote::joint_table::read_invite(text) {
            Ok(invite) => assert_eq!(
                lauzait_remote::joint_table::read_invite(&lauzait_remote::joint_table::invite_fragment(&invite)),
                Ok(invite)
            ),
            Err(e) => short(e),
        }
    }
}

/// A letter's text read as a message of joint play (crates/remote/src/joint.rs) and as a
/// table's roster (crates/remote/src/joint_table.rs): one that reads writes back to the same
/// text; a refusal is short.
fn joint_text(text: &str) {
    use lauzait_remote::joint::{from_text, to_text};
    use lauzait_remote::joint_table::Roster;
    match from_text(text) {
        Ok(message) => assert_eq!(to_text(&message), text, "a joint text that does not write back"),
        Err(e) => short(e),
    }
    match Roster::from_text(text) {
        Ok(roster) => assert_eq!(roster.to_text(), text, "a roster that does not write back"),
        Err(e) => short(e),
    }
    relayed_text(text);
}

/// A text of a table relayed by a tablet (crates/remote/src/relayed/), read as a phone's
/// message to the tablet, as the tablet's to a phone and as its roster: one that reads reads
/// back as itself from the text it writes (a letter inside may deflate to other bytes than it
/// came in, so the value is compared); a refusal is short.
fn relayed_text(text: &str) {
    use lauzait_remote::relayed::{FromTablet, TableRoster, ToTablet};
    match ToTablet::from_text(text) {
        Ok(m) => {
            assert_eq!(ToTablet::from_text(&m.to_text()).as_ref(), Ok(&m), "a phone's message that does not read back")
        }
        Err(e) => short(e),
    }
    match FromTablet::from_text(text) {
        Ok(m) => assert_eq!(
            FromTablet::from_text(&m.to_text()).as_ref(),
            Ok(&m),
            "a tablet's message that does not read back"
        ),
        Err(e) => short(e),
    }
    match TableRoster::from_text(text) {
        Ok(roster) => assert_eq!(roster.to_text(), text, "a relayed table's roster that does not write back"),
        Err(e) => short(e),
    }
}

/// A message of the deal by all the devices (crates/joint-deal, DEAL-PROTOCOL.md): the input
/// read by the wire form's readers, as a step of the deal or as a piece shown in play; what
/// reads writes back to the same bytes and is taken or refused, in a short message, by a
/// device before the deal and by one with the deal dealt (a four-seat deal, every device
/// honest) — a shown piece by the dealt device, played as the piece the seeds show and as
/// another — never with a panic.
#[allow(dead_code)]
pub fn deal(data: &[u8]) {
    use lauzait_joint_deal::wire::{decode, decode_shown, encode, encode_shown};
    let fixture = deal_fixture();
    if let Ok(shown) = decode_shown(data) {
        assert_eq!(encode_shown(&shown), data, "a shown piece that does not write back to its bytes");
        for claimed in [fixture.shown_piece, lauzait_engine::Piece::JOKER] {
            if let Err(e) = fixture.dealt.clone().take_shown(&shown, claimed) {
                short(e);
            }
        }
        return;
    }
    match decode(data) {
        Ok(message) => {
            assert_eq!(encode(&message), data, "a deal message that does not write back to its bytes");
            for mut device in [fixture.fresh.clone(), fixture.dealt.clone()] {
                if let Err(e) = device.receive(message.clone()) {
                    short(e);
                }
            }
        }
        Err(e) => short(e),
    }
}

/// A whole four-seat deal, every message delivered in the order sent.
#[allow(dead_code)]
struct DealTable {
    /// Device 1 before the deal.
    fresh: lauzait_joint_deal::DealDevice,
    /// Device 1 once dealt.
    dealt: lauzait_joint_deal::DealDevice,
    /// Every message sent: the deal, a throw, device 2's publication.
    sent: Vec<lauzait_joint_deal::Message>,
    /// A piece of device 2's hand, shown in play, and the piece it is.
    shown: lauzait_joint_deal::Shown,
    shown_piece: lauzait_engine::Piece,
}

/// The `deal` target's table, made once.
#[allow(dead_code)]
fn deal_fixture() -> &'static DealTable {
    static FIXTURE: std::sync::OnceLock<DealTable> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(deal_table)
}

#[allow(dead_code)]
fn deal_table() -> DealTable {
    use lauzait_joint_deal::{DealDevice, DealId, DealSetup, DeviceEntropy, Recipient};
    let layout = lauzait_engine::DealLayout::new(lauzait_engine::PlayerCount::Four, true);
    let setup = DealSetup::new(DealId([1; 32]), layout, 8).expect("8 throws");
    let mut devices = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    for device in setup.all_devices() {
        let (d, out) =
            DealDevice::new(setup, device, &DeviceEntropy([device.index() as u8; 64])).expect("at the table");
        devices.push(d);
        queue.extend(out);
    }
    let fresh = devices[0].clone();
    let mut sent = Vec::new();
    while let Some(outgoing) = queue.pop_front() {
        for device in devices.iter_mut().filter(|d| d.me() != outgoing.message.from()) {
            if outgoing.to == Recipient::Everyone || outgoing.to == Recipient::Device(device.me()) {
                queue.extend(device.receive(outgoing.message.clone()).expect("an honest deal"));
            }
        }
        sent.push(outgoing.message);
    }
    let shown_piece = devices[1].seat_deal().expect("dealt").hand[0];
    let shown = devices[1].show(shown_piece).expect("a piece of its hand");
    for device in &mut devices {
        let out = device.reveal_throw().expect("dealt");
        sent.extend(out.into_iter().map(|o| o.message));
    }
    sent.extend(devices[1].clone().publish().into_iter().map(|o| o.message));
    DealTable { fresh, dealt: devices.swap_remove(0), sent, shown, shown_piece }
}

/// Every message of a four-seat deal, a throw and a publication, and a piece shown in play,
/// for the `deal` target's seed corpus.
#[allow(dead_code)]
pub fn deal_seeds() -> Vec<(String, Vec<u8>)> {
    let table = deal_table();
    let mut seeds: Vec<(String, Vec<u8>)> = table
        .sent
        .iter()
        .enumerate()
        .map(|(i, m)| (format!("seed-{i}"), lauzait_joint_deal::wire::encode(m)))
        .collect();
    seeds.push(("seed-shown".to_string(), lauzait_joint_deal::wire::encode_shown(&table.shown)));
    seeds
}

/// Letters of a short exchange (a join, a commitment, a Day's steps), signed, for the
/// `letter` target's seed corpus: each as its link's text.
#[allow(dead_code)]
pub fn letter_seeds() -> Vec<(String, Vec<u8>)> {
    use lauzait_remote::identity::DeviceKey;
    use lauzait_remote::party::Party;
    use lauzait_remote::Letter;
    let Some(key) = DeviceKey::from_entropy(&[7; 32]) else { return Vec::new() };
    let table = lauzait_table_mode::bytes::TableId::from_entropy(&[1; 8]);
    let messages = [
        vec![r#"{"t":"join","v":4,"table":"0101010101010101","seat":1,"token":"0202020202020202"}"#.to_string()],
        vec![
            r#"{"t":"resync","v":4}"#.to_string(),
            r#"{"t":"act","v":4,"n":1,"seq":3,"action":{"type":"discard","piece":"R5"}}"#.to_string(),
        ],
        Vec::new(),
    ];
    messages
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let seq = i as u32 + 1;
            let letter = Letter::sign(&key, table, (Party::Seat(1), Party::Host), (seq, seq - 1, 1), i == 0, m);
            (format!("seed-letter-{seq}"), letter.fragment().into_bytes())
        })
        .chain(relayed_seeds(&key, table))
        .collect()
}

/// A relayed table's texts (crates/remote/src/relayed/): a roster, a phone's join, its nonce,
/// a letter for another phone and the tablet's delivery of it.
fn relayed_seeds(
    key: &lauzait_remote::identity::DeviceKey,
    table: lauzait_table_mode::bytes::TableId,
) -> Vec<(String, Vec<u8>)> {
    use lauzait_joint_deal::Device;
    use lauzait_remote::joint::party;
    use lauzait_remote::joint_table::Roster;
    use lauzait_remote::relayed::{FromTablet, TableRoster, ToTablet};
    use lauzait_remote::Letter;
    let roster = TableRoster {
        table,
        roster: Roster { luminous: true, throws: 64, keys: vec![key.public(), [9; 32]] },
        commitments: vec![[3; 32], [4; 32]],
    };
    let (zero, one) = (Device::from_byte(0), Device::from_byte(1));
    let letter = Letter::sign(key, table, (party(zero), party(one)), (1, 0, 1), false, vec!["j1.AQ".to_string()]);
    let texts = [
        ("roster", roster.to_text()),
        ("join", ToTablet::Join { key: key.public(), commitment: [5; 32] }.to_text()),
        ("nonce", ToTablet::Reveal([6; 32]).to_text()),
        ("letter", ToTablet::Letter { to: one, letter: letter.clone() }.to_text()),
        ("delivered", FromTablet::Letter(letter).to_text()),
    ];
    texts.into_iter().map(|(name, text)| (format!("seed-relayed-{name}"), text.into_bytes())).collect()
}

/// A record (`LZR2`, or `LZR1` read through its seed) reads back from its own text, and replays to a sound game or an error.
#[allow(dead_code)]
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Record::parse(text) {
        Ok(record) => {
            assert_eq!(Record::parse(&record.to_string()).as_ref(), Ok(&record), "{record}");
            match record.replay() {
                Ok(game) => assert_eq!(game.invariant_violation(), None, "{record}"),
                Err(e) => short(&e),
            }
        }
        Err(e) => short(&e),
    }
}

/// An `LZP1` position reads back from its own text.
#[allow(dead_code)]
pub fn position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Position::parse(text) {
        Ok(position) => assert_eq!(Position::parse(&position.to_string()).as_ref(), Ok(&position), "{position}"),
        Err(e) => short(&e),
    }
}

/// The page's save loader (`ui::save::parse`) and the format-1 converter (`ui::save::convert`,
/// in the rules oracle's worker): any text is read or refused, never a panic; a refusal's
/// message is short; a game it keeps holds every invariant and saves and loads back identical.
#[allow(dead_code)]
pub fn save(data: &[u8]) {
    use lauzait_ui::save::{self, Loaded};
    let Ok(text) = std::str::from_utf8(data) else { return };
    mistakes(text);
    let refused = |why| short(lauzait_ui::i18n::faults::broken_save(lauzait_ui::i18n::Lang::En, &why));
    let file = match save::parse(text) {
        Loaded::Nothing => return,
        Loaded::Broken(why, _) => return refused(why),
        Loaded::Convert(text, _) => match save::convert(&text) {
            Ok(converted) => return save(converted.as_bytes()),
            Err(why) => return refused(why),
        },
        Loaded::Save(file) => file,
    };
    let Some(session) = file.session() else { return };
    assert_eq!(session.game().invariant_violation(), None);
    match save::parse(&file.encode()) {
        Loaded::Save(back) => assert_eq!(back.game.as_ref(), Some(session.game())),
        other => panic!("a kept save does not load back: {other:?}"),
    }
}

/// The player's mistakes' queue, stored beside the save (`ui::puzzles::mine`, LZM1): a
/// text refused as a whole or a line refused says why in short, never a panic; a queue read
/// writes back to a text that reads back the same; the rater's count of it answers.
fn mistakes(text: &str) {
    use lauzait_ui::puzzles::mine::{rater, Queue};
    match Queue::read(text) {
        Err(e) => short(e),
        Ok((queue, faults)) => {
            faults.iter().for_each(short);
            assert_eq!(Queue::read(&queue.to_text()), Ok((queue.clone(), Vec::new())), "a queue reads back");
        }
    }
    let request = lauzait_ui::puzzles::PuzzleRequest::Mine {
        id: lauzait_autoplay::RequestId::Puzzle(1),
        ask: lauzait_ui::puzzles::MineAsk::Count,
        queue: text.to_string(),
    };
    assert!(rater::answer(&request.to_text(), 1_800_000_000_000, &mut Vec::new()).is_some());
}

/// `lauzait analyze`: one line in, one JSON object out, the same every time; an error is
/// `{"error": "<short message>"}`.
#[allow(dead_code)]
pub fn analyze(data: &[u8]) {
    let Ok(line) = std::str::from_utf8(data) else { return };
    let out = answer_line(line);
    let value: serde_json::Value = serde_json::from_str(&out).expect("analyze answers JSON");
    assert!(value.is_object(), "{out}");
    if let Some(e) = value.get("error") {
        short(e.as_str().expect("an error is a string"));
    }
    assert_eq!(answer_line(line), out, "the same line, another answer");
}

/// The seat's view as the page posts it to the computer players' worker (`sv1 …`,
/// `SeatView::from_text`): any text is refused with a short message naming the token at
/// fault, or read as a view that writes back to the same text; a view the rebuild accepts
/// holds every invariant, and the Easy player plans on it (the worker's path) or says why
/// not, never a panic.
#[allow(dead_code)]
pub fn seat_view(data: &[u8]) {
    use lauzait_autoplay::plan_whole_day;
    use lauzait_bots::Level;
    use lauzait_engine::SeatView;
    let Ok(text) = std::str::from_utf8(data) else { return };
    let view = match SeatView::from_text(text) {
        Ok(view) => view,
        Err(e) => return short(&e),
    };
    let again = view.to_text();
    assert_eq!(SeatView::from_text(&again).as_ref(), Ok(&view), "{again}");
    match view.rebuild() {
        Ok(game) => {
            assert_eq!(game.invariant_violation(), None, "{again}");
            if let Err(e) = plan_whole_day(&game, view.seat, Level::Easy, 1, 1) {
                short(&e);
            }
        }
        Err(e) => short(&e),
    }
}

/// The texts between the page and the computer players' worker (`autoplay::wire`), each read
/// both as a request and as a reply: refused with a short message, or read as one that writes
/// back to a text read the same. A request read is numbered and asks at most `MAX_PLAYOUTS`;
/// one that asks few playouts is answered as the worker does, with a reply the page reads. A
/// reply read answers a request, and its error is short.
#[allow(dead_code)]
pub fn worker(data: &[u8]) {
    use lauzait_autoplay::wire::{MAX_PLAYOUTS, NO_REQUEST};
    use lauzait_autoplay::{answer, BotReply, BotRequest};
    let Ok(text) = std::str::from_utf8(data) else { return };
    match BotRequest::from_text(text) {
        Ok(request) => {
            let again = request.to_text();
            let numbered = again.lines().nth(1) != Some(&format!("id {NO_REQUEST}"));
            assert!(numbered && request.playouts <= MAX_PLAYOUTS, "{text}");
            assert_eq!(BotRequest::from_text(&again).as_ref(), Ok(&request), "{again}");
            if request.playouts <= 4 {
                let reply = BotReply::from_text(&answer(text, || 0.0)).expect("the worker answers the request read");
                assert_eq!(reply.id, request.id);
                if let Some(e) = &reply.error {
                    short(e);
                }
            }
        }
        Err(e) => short(&e),
    }
    match BotReply::from_text(text) {
        Ok(reply) => {
            if let Some(e) = reply.error.as_ref().map(ToString::to_string) {
                assert!(e.len() <= MAX_MESSAGE, "a {}-byte error in a reply", e.len());
            }
            let again = reply.to_text();
            assert_ne!(again.lines().nth(1), Some(format!("id {NO_REQUEST}").as_str()), "{text}");
            let back = BotReply::from_text(&again).unwrap_or_else(|e| panic!("{again}: {e}"));
            assert_eq!(back.to_text(), again);
        }
        Err(e) => short(&e),
    }
    help(text);
}

/// What the bot worker asks its helper first for a Strong decision of the seat of `view` at
/// 16 playouts (the last sample of the search's first round, as `autoplay::helping` asks):
/// a seed of the `worker` target, and a real request the check must pass.
#[allow(dead_code)] // the seeds and tests/rules/fuzz_regressions.rs use it, not the fuzz target
pub fn help_request(view: &lauzait_engine::PlayerView) -> Option<String> {
    use lauzait_autoplay::helping::HelpRequest;
    use lauzait_bots::normal::HandMemo;
    use lauzait_bots::strong::{Decision, Search, Settings};
    let settings = Settings::for_players(view.scores().len());
    let mut rng = lauzait_engine::randomness::seeded(11);
    let Some(Decision::Searching(search)) = Search::start(view, &mut rng, 16, settings, &mut HandMemo::new()) else {
        return None;
    };
    let batch = search.batch().split_off(1);
    let request = HelpRequest { id: 1, decision: 1, batch, view: lauzait_engine::SeatView::new(view) };
    Some(request.to_text())
}

/// The messages between the bot worker and its helper (`autoplay::helping`), read from the
/// same input: a request reads back as itself, and one of a few playouts is answered by a
/// helper with as many values as it asks for, or an error a person can read; a reply reads
/// back as itself.
fn help(text: &str) {
    use lauzait_autoplay::helping::{HelpReply, HelpRequest, Helper};
    match HelpRequest::from_text(text) {
        Ok(request) => {
            let again = request.to_text();
            assert_eq!(HelpRequest::from_text(&again).as_ref(), Ok(&request), "{again}");
            if request.batch.len() <= 16 {
                let reply = HelpReply::from_text(&Helper::default().answer(text)).expect("the helper's reply reads");
                assert_eq!(reply.id, request.id);
                match &reply.values {
                    Ok(values) => assert_eq!(values.len(), request.batch.len(), "a value per playout"),
                    Err(e) => short(e),
                }
            }
        }
        Err(e) => short(&e),
    }
    match HelpReply::from_text(text) {
        Ok(reply) => {
            if let Err(e) = reply.values.as_ref().map_err(ToString::to_string) {
                assert!(e.len() <= MAX_MESSAGE, "a {}-byte error in a help reply", e.len());
            }
            let again = reply.to_text();
            let back = HelpReply::from_text(&again).unwrap_or_else(|e| panic!("{again}: {e}"));
            assert_eq!(back.to_text(), again);
        }
        Err(e) => short(&e),
    }
}
