//! A device's save: what it needs to be closed and reopened mid-game (a page reloaded), as
//! bytes. A device is a pure function of its setup, its seat, its entropy and the inputs it
//! took ([`Input`]), so the save holds exactly these and restoring replays them: the restored
//! device is the device saved, secrets, deal and game alike. Its secrets are its own entropy;
//! of every other device it holds only what that device sent it (a key sealed to another seat
//! stays sealed), so a save tells its reader nothing a device's messages did not.
//!
//! The bytes: `LZJP`, a version byte, the table's id (32 bytes), the throws each Season's
//! chains cover (4), the game's options as JSON (a two-byte length first), the seat (1), the
//! entropy (64), the inputs (a four-byte count, each a kind byte and its bytes), then the
//! messages an inbox held for later (a four-byte count, each a four-byte length and the
//! message's wire form). Integers are little-endian. A save is read as untrusted bytes:
//! anything else is refused with a [`SaveError`] saying why, never a panic.

use super::device::PlayDevice;
use super::error::PlayError;
use super::journal::Input;
use super::message::PlayMessage;
use super::setup::PlaySetup;
use super::wire::{self, WireError};
use lauzait_engine::notation::{parse_actions, ActionToken};
use lauzait_engine::GameOptions;
use lauzait_joint_deal::wire::{Reader, WireError as ByteError};
use lauzait_joint_deal::{Device, DeviceEntropy};
use std::fmt;

/// The save's first bytes: a save of joint play, not some other file.
const MAGIC: &[u8; 4] = b"LZJP";
/// The save's version; a save of another is refused.
pub const SAVE_VERSION: u8 = 1;

const RECEIVED: u8 = 1;
const ACTED: u8 = 2;
const GAVE_UP: u8 = 3;
const CONFLICTING: u8 = 4;

/// Why bytes are not a save this version can restore.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not a save of joint play.
    NotASave,
    /// A save of another version.
    Version { got: u8 },
    /// Fewer bytes than the field at `at` needs: the save was cut short.
    Short { at: usize },
    /// Bytes left over after the save.
    Trailing { extra: usize },
    /// The game's options do not read.
    Options,
    /// The setup asks for more throws than a device keeps.
    Setup(PlayError),
    /// The seat is not at the table.
    NotAtTable { seat: u8 },
    /// Input `at` is of no kind a save holds.
    InputKind { at: usize, got: u8 },
    /// Input `at`'s message does not read (the messages held count on after the inputs).
    Message { at: usize, error: WireError },
    /// Input `at`'s action is not one record token (NOTATION.md), or a vote's devices are not
    /// at the table.
    Action { at: usize },
    /// Input `at`, the device's own, is refused on replay: the save is not one a device wrote.
    Replay { at: usize, error: PlayError },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NotASave => f.write_str("these bytes are not a saved game played by all the devices"),
            SaveError::Version { got } => {
                write!(f, "the save is of version {got}, not {SAVE_VERSION}: update the game to open it")
            }
            SaveError::Short { at } => write!(f, "the save is cut short at byte {at}: it cannot be restored"),
            SaveError::Trailing { extra } => write!(f, "{extra} bytes follow the save: it is damaged"),
            SaveError::Options => f.write_str("the save's game options do not read: it is damaged"),
            SaveError::Setup(e) => write!(f, "the save's table does not set up: {e}"),
            SaveError::NotAtTable { seat } => {
                write!(f, "the save is of seat {}, which is not at its table", u16::from(*seat) + 1)
            }
            SaveError::InputKind { at, got } => {
                write!(f, "input {at} of the save is of no kind ({got}): it is damaged")
            }
            SaveError::Message { at, error } => write!(f, "input {at} of the save does not read: {error}"),
            SaveError::Action { at } => write!(f, "input {at} of the save is not an action: it is damaged"),
            SaveError::Replay { at, error } => {
                write!(f, "input {at} of the save is refused on replay ({error}): it was not written by this game")
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl From<ByteError> for SaveError {
    fn from(e: ByteError) -> SaveError {
        match e {
            ByteError::Short { at } => SaveError::Short { at },
            ByteError::Trailing { extra } => SaveError::Trailing { extra },
            // The reader refuses nothing else of what a save reads with it.
            _ => SaveError::NotASave,
        }
    }
}

/// What a save holds, read.
pub(crate) struct Saved {
    pub setup: PlaySetup,
    pub me: Device,
    pub entropy: DeviceEntropy,
    pub inputs: Vec<Input>,
    pub held: Vec<PlayMessage>,
}

/// The save's bytes.
pub(crate) fn encode(
    setup: &PlaySetup,
    me: Device,
    entropy: &DeviceEntropy,
    inputs: &[Input],
    held: &[PlayMessage],
) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(SAVE_VERSION);
    out.extend(setup.table());
    out.extend(setup.throws().to_le_bytes());
    // Options are plain data with string keys, which JSON always writes.
    let options = serde_json::to_vec(setup.options()).unwrap_or_default();
    out.extend((options.len() as u16).to_le_bytes());
    out.extend(options);
    out.push(me.to_byte());
    out.extend(entropy.0);
    out.extend((inputs.len() as u32).to_le_bytes());
    for input in inputs {
        match input {
            Input::Received(message) => put_message(&mut out, RECEIVED, message),
            Input::Conflicting(message) => put_message(&mut out, CONFLICTING, message),
            Input::Acted(action) => {
                let token = ActionToken(*action).to_string();
                out.extend([ACTED, token.len() as u8]);
                out.extend(token.as_bytes());
            }
            Input::GaveUp(left) => {
                out.extend([GAVE_UP, left.len() as u8]);
                out.extend(left.iter().map(|d| d.to_byte()));
            }
        }
    }
    out.extend((held.len() as u32).to_le_bytes());
    for message in held {
        let bytes = wire::encode(message);
        out.extend((bytes.len() as u32).to_le_bytes());
        out.extend(bytes);
    }
    out
}

fn put_message(out: &mut Vec<u8>, kind: u8, message: &PlayMessage) {
    let bytes = wire::encode(message);
    out.push(kind);
    out.extend((bytes.len() as u32).to_le_bytes());
    out.extend(bytes);
}

/// The save these bytes are, read as untrusted input; whether its inputs replay is the
/// restoring device's to find.
pub(crate) fn decode(bytes: &[u8]) -> Result<Saved, SaveError> {
    let mut r = Reader::new(bytes);
    if r.take(MAGIC.len()).ok() != Some(MAGIC.as_slice()) {
        return Err(SaveError::NotASave);
    }
    let version = r.byte()?;
    if version != SAVE_VERSION {
        return Err(SaveError::Version { got: version });
    }
    let table = r.array::<32>()?;
    let throws = u32::from_le_bytes(r.array()?);
    let options_len = usize::from(u16::from_le_bytes(r.array()?));
    let options: GameOptions = serde_json::from_slice(r.take(options_len)?).map_err(|_| SaveError::Options)?;
    let setup = PlaySetup::new(table, options, throws).map_err(SaveError::Setup)?;
    let seat = r.byte()?;
    let me = setup.device(seat).ok_or(SaveError::NotAtTable { seat })?;
    let entropy = DeviceEntropy(r.array()?);
    let count = u32::from_le_bytes(r.array()?) as usize;
    let mut inputs = Vec::new();
    for at in 0..count {
        let input = match r.byte()? {
            RECEIVED => Input::Received(message(&mut r, at)?),
            CONFLICTING => Input::Conflicting(message(&mut r, at)?),
            ACTED => {
                let len = usize::from(r.byte()?);
                let token = std::str::from_utf8(r.take(len)?).map_err(|_| SaveError::Action { at })?;
                match parse_actions(token).map_err(|_| SaveError::Action { at })?.as_slice() {
                    [action] => Input::Acted(*action),
                    _ => return Err(SaveError::Action { at }),
                }
            }
            GAVE_UP => {
                let len = usize::from(r.byte()?);
                let left = r.take(len)?.iter().map(|&b| setup.device(b).ok_or(SaveError::Action { at }));
                Input::GaveUp(left.collect::<Result<_, _>>()?)
            }
            got => return Err(SaveError::InputKind { at, got }),
        };
        inputs.push(input);
    }
    // Held messages are numbered after the inputs, so that an error names one place.
    let count = u32::from_le_bytes(r.array()?) as usize;
    let mut held = Vec::new();
    for at in inputs.len()..inputs.len().saturating_add(count) {
        held.push(message(&mut r, at)?);
    }
    r.end()?;
    Ok(Saved { setup, me, entropy, inputs, held })
}

/// A message's length and wire form.
fn message(r: &mut Reader<'_>, at: usize) -> Result<PlayMessage, SaveError> {
    let len = u32::from_le_bytes(r.array()?) as usize;
    wire::decode(r.take(len)?).map_err(|error| SaveError::Message { at, error })
}

impl PlayDevice {
    /// This device as bytes, to restore it after it was closed ([`PlayDevice::restore`]).
    /// Save it once the messages it last returned are with the carrier: a restored device
    /// does not send them again.
    pub fn save(&self) -> Vec<u8> {
        let (setup, me, entropy, inputs) = self.saved_parts();
        encode(setup, me, entropy, inputs, &[])
    }

    /// The device saved in `bytes`, as it was ([`PlayDevice::save`]); an inbox's save
    /// restores here without the messages it held.
    pub fn restore(bytes: &[u8]) -> Result<PlayDevice, SaveError> {
        replay(decode(bytes)?).map(|(device, _held)| device)
    }
}

/// The device a save holds, its inputs replayed; with the messages an inbox held.
pub(crate) fn replay(saved: Saved) -> Result<(PlayDevice, Vec<PlayMessage>), SaveError> {
    let Saved { setup, me, entropy, inputs, held } = saved;
    let (mut device, _sent) = PlayDevice::new(setup, me, &entropy).map_err(SaveError::Setup)?;
    for (at, input) in inputs.into_iter().enumerate() {
        match input {
            // Its outcome is the one it had: taken, or refused for good.
            Input::Received(message) => {
                let _outcome = device.receive(message);
            }
            Input::Acted(action) => {
                device.act(action).map_err(|error| SaveError::Replay { at, error })?;
            }
            Input::GaveUp(left) => {
                device.give_up(left).map_err(|error| SaveError::Replay { at, error })?;
            }
            Input::Conflicting(message) => {
                device.refuse_conflicting(message);
            }
        }
    }
    Ok((device, held))
}
