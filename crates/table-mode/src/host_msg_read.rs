//! Reading a [`HostMsg`] from its JSON text, field by field as they come.
//!
//! serde's derived reader of an internally tagged enum (`"t"` beside the other fields) first
//! copies the whole message into its own buffer, since `"t"` may come last, then reads every
//! field again from that copy: every type a message holds (the record with every action of
//! the game, a view's text, the rounds) gets a second reader, through the buffer, beside the
//! one from the text. That second copy of the phone's readers was 35 KB of its module
//! (10.7 KB gzip; BENCHMARKS.md, "Download size"). This reader takes each field once, in any
//! order, into the one slot its name has in every kind of message, and builds the kind that
//! `"t"` names at the end.
//!
//! It reads what the derived reader read, and refuses what it refused: an unknown field or
//! one of another kind of message, a field twice, a missing field, an unknown kind; a
//! first attempt's `attempt` may be left out and a refusal's `n` may be `null` or absent.
//! Tests: tests/table_mode/host_msg_read.rs.

use super::bytes::{Commitment, SeatKey, TableId};
use super::deal::TableRecord;
use super::protocol::{HostMsg, Refusal};
use lauzait_engine::SeatView;
use serde::de::{Error, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;

/// A message's kind, its `"t"`.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Kind {
    Welcome,
    Refused,
    Ack,
    CommitNow,
    RevealNow,
    View,
    Record,
}

/// Every field name of every kind of message; each reads as the same type in every kind.
#[derive(Clone, Copy, Deserialize)]
#[serde(field_identifier, rename_all = "kebab-case")]
enum Field {
    T,
    V,
    Table,
    Seat,
    Key,
    Names,
    Reason,
    N,
    Detail,
    Round,
    Attempt,
    Host,
    Commitments,
    Seq,
    View,
    Record,
}

/// The field names, in [`Field`]'s order (for errors).
const NAMES: [&str; 16] = [
    "t",
    "v",
    "table",
    "seat",
    "key",
    "names",
    "reason",
    "n",
    "detail",
    "round",
    "attempt",
    "host",
    "commitments",
    "seq",
    "view",
    "record",
];

impl Field {
    fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl Kind {
    /// The fields a message of this kind may have.
    fn fields(self) -> &'static [Field] {
        use Field::*;
        match self {
            Kind::Welcome => &[T, V, Table, Seat, Key, Names],
            Kind::Refused => &[T, V, Reason, N, Detail],
            Kind::Ack => &[T, V, N],
            Kind::CommitNow => &[T, V, Round, Attempt, Host],
            Kind::RevealNow => &[T, V, Round, Attempt, Commitments],
            Kind::View => &[T, V, Seq, View],
            Kind::Record => &[T, V, Record],
        }
    }
}

/// What a message said, each field as it came (none yet: `None`).
#[derive(Default)]
struct Fields {
    t: Option<Kind>,
    v: Option<u32>,
    table: Option<TableId>,
    seat: Option<u8>,
    key: Option<SeatKey>,
    names: Option<Vec<String>>,
    reason: Option<Refusal>,
    n: Option<Option<u32>>,
    detail: Option<String>,
    round: Option<u32>,
    attempt: Option<u32>,
    host: Option<Commitment>,
    commitments: Option<Vec<Commitment>>,
    seq: Option<u32>,
    view: Option<ViewText>,
    record: Option<Box<TableRecord>>,
}

/// A view as it travels, its text form ([`crate::view_wire`]).
struct ViewText(Box<SeatView>);

impl<'de> Deserialize<'de> for ViewText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ViewText, D::Error> {
        crate::view_wire::deserialize(d).map(ViewText)
    }
}

/// A field the message must have.
fn given<T, E: Error>(value: Option<T>, field: Field) -> Result<T, E> {
    value.ok_or_else(|| E::missing_field(NAMES[field as usize]))
}

impl Fields {
    fn read<'de, A: MapAccess<'de>>(&mut self, field: Field, map: &mut A) -> Result<(), A::Error> {
        match field {
            Field::T => self.t = Some(map.next_value()?),
            Field::V => self.v = Some(map.next_value()?),
            Field::Table => self.table = Some(map.next_value()?),
            Field::Seat => self.seat = Some(map.next_value()?),
            Field::Key => self.key = Some(map.next_value()?),
            Field::Names => self.names = Some(map.next_value()?),
            Field::Reason => self.reason = Some(map.next_value()?),
            Field::N => self.n = Some(map.next_value()?),
            Field::Detail => self.detail = Some(map.next_value()?),
            Field::Round => self.round = Some(map.next_value()?),
            Field::Attempt => self.attempt = Some(map.next_value()?),
            Field::Host => self.host = Some(map.next_value()?),
            Field::Commitments => self.commitments = Some(map.next_value()?),
            Field::Seq => self.seq = Some(map.next_value()?),
            Field::View => self.view = Some(map.next_value()?),
            Field::Record => self.record = Some(map.next_value()?),
        }
        Ok(())
    }

    /// The message of the kind `"t"` named, from its fields (`seen`: which came).
    fn build<E: Error>(self, seen: u16) -> Result<HostMsg, E> {
        use Field as F;
        let kind = given(self.t, F::T)?;
        let allowed = kind.fields().iter().fold(0, |bits, f| bits | f.bit());
        if let Some(i) = (0..NAMES.len()).find(|&i| seen & !allowed & (1 << i) != 0) {
            let expected: Vec<&str> = kind.fields().iter().map(|&f| NAMES[f as usize]).collect();
            return Err(E::custom(format_args!(
                "unknown field `{}`, expected one of {}",
                NAMES[i],
                expected.join(", ")
            )));
        }
        let v = given(self.v, F::V)?;
        Ok(match kind {
            Kind::Welcome => HostMsg::Welcome {
                v,
                table: given(self.table, F::Table)?,
                seat: given(self.seat, F::Seat)?,
                key: given(self.key, F::Key)?,
                names: given(self.names, F::Names)?,
            },
            Kind::Refused => HostMsg::Refused {
                v,
                reason: given(self.reason, F::Reason)?,
                n: self.n.flatten(),
                detail: given(self.detail, F::Detail)?,
            },
            Kind::Ack => HostMsg::Ack {
                v,
                n: given(self.n, F::N)?.ok_or_else(|| E::custom("invalid type: null, expected u32"))?,
            },
            Kind::CommitNow => HostMsg::CommitNow {
                v,
                round: given(self.round, F::Round)?,
                attempt: self.attempt.unwrap_or(0),
                host: given(self.host, F::Host)?,
            },
            Kind::RevealNow => HostMsg::RevealNow {
                v,
                round: given(self.round, F::Round)?,
                attempt: self.attempt.unwrap_or(0),
                commitments: given(self.commitments, F::Commitments)?,
            },
            Kind::View => HostMsg::View { v, seq: given(self.seq, F::Seq)?, view: given(self.view, F::View)?.0 },
            Kind::Record => HostMsg::Record { v, record: given(self.record, F::Record)? },
        })
    }
}

struct HostMsgVisitor;

impl<'de> Visitor<'de> for HostMsgVisitor {
    type Value = HostMsg;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a table host's message")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<HostMsg, A::Error> {
        let mut fields = Fields::default();
        let mut seen = 0u16;
        while let Some(field) = map.next_key::<Field>()? {
            if seen & field.bit() != 0 {
                return Err(A::Error::duplicate_field(NAMES[field as usize]));
            }
            seen |= field.bit();
            fields.read(field, &mut map)?;
        }
        fields.build(seen)
    }
}

impl<'de> Deserialize<'de> for HostMsg {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<HostMsg, D::Error> {
        d.deserialize_map(HostMsgVisitor)
    }
}
