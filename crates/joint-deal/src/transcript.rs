//! What a device has seen of a deal, each message checked as it came in: the public record
//! every step is verified from once the secrets are published ([`crate::verify`]).

use super::error::{Cheat, Fault, Step};
use super::ids::{Device, Digest};
use super::message::{Hello, Publish, Sealed};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::Identity;
use std::collections::HashMap;

/// A list of masked pieces as sent and as read.
#[derive(Clone, Debug)]
pub struct PointList {
    pub compressed: Vec<CompressedRistretto>,
    pub points: Vec<RistrettoPoint>,
}

impl PointList {
    /// `device`'s list for a step (`step` names it for a position), if it is `expected`
    /// distinct group elements other than the identity: a list with an entry twice copies a
    /// piece, which is refused at once.
    pub fn read(
        device: Device,
        step: fn(usize) -> Step,
        expected: usize,
        list: &[CompressedRistretto],
    ) -> Result<PointList, Cheat> {
        if list.len() != expected {
            return Err(Cheat { device, step: step(0), fault: Fault::WrongLength { expected, got: list.len() } });
        }
        let mut seen = HashMap::with_capacity(list.len());
        let mut points = Vec::with_capacity(list.len());
        for (position, compressed) in list.iter().enumerate() {
            let point = compressed.decompress().filter(|p| *p != RistrettoPoint::identity()).ok_or(Cheat {
                device,
                step: step(position),
                fault: Fault::NotAPoint { position },
            })?;
            if seen.insert(compressed.to_bytes(), position).is_some() {
                return Err(Cheat { device, step: step(position), fault: Fault::Repeated { position } });
            }
            points.push(point);
        }
        Ok(PointList { compressed: list.to_vec(), points })
    }
}

/// One device's lock step: its list and its commitment to each position's key.
#[derive(Clone, Debug)]
pub struct LockStep {
    pub list: PointList,
    pub commitments: Vec<Digest>,
}

/// A device's greeting with its identity key read.
#[derive(Clone, Debug)]
pub struct Greeting {
    pub hello: Hello,
    pub identity: RistrettoPoint,
}

/// Everything public a device has taken, by step and device.
#[derive(Clone, Debug)]
pub struct Transcript {
    pub greetings: Vec<Option<Greeting>>,
    /// The shuffles so far, in seat order: entry `d` is device `d`'s.
    pub shuffles: Vec<PointList>,
    /// The lock steps so far, in seat order.
    pub locks: Vec<LockStep>,
    /// Each device's keys for the public positions, once sent.
    pub reveals: Vec<Option<Vec<Scalar>>>,
    /// Every sealed box this device saw (its own, and any relayed through it).
    pub sealed: Vec<Sealed>,
    /// Each device's secrets, once published.
    pub published: Vec<Option<Publish>>,
}

impl Transcript {
    pub fn new(devices: usize) -> Transcript {
        Transcript {
            greetings: vec![None; devices],
            shuffles: Vec::new(),
            locks: Vec::new(),
            reveals: vec![None; devices],
            sealed: Vec::new(),
            published: vec![None; devices],
        }
    }

    /// The devices in seat order for which `missing` holds.
    pub fn devices_where(&self, missing: impl Fn(usize) -> bool) -> Vec<Device> {
        (0..self.greetings.len()).filter(|&i| missing(i)).map(|i| Device(i as u8)).collect()
    }

    /// The list every position is finally masked in: the last lock step's, once taken.
    pub fn final_list(&self) -> Option<&PointList> {
        (self.locks.len() == self.greetings.len()).then(|| self.locks.last()).flatten().map(|l| &l.list)
    }
}
