//! `World::checksum()` (S1.3): a 64-bit hash of every part of the state that a later
//! tick reads, in a canonical order (agents by index, enemies and bullets by id).
//!
//! The parts are fed through their serde derives into a [`Hasher`] that is a serde
//! `Serializer`: the checksum covers exactly the fields a save stores (see
//! [`crate::world::state`]), so a field added to a part is checksummed and saved the
//! day it is added — nothing to keep in step by hand. Left out on purpose: the events
//! (this tick's list is cleared at the start of a tick, the log is read by observers
//! only), the overlay's debug data (read by the overlay only), the caches but for the
//! squad tiles the flow field was built from (the field is a function of them and the
//! grid) and the map (a constant input of the run, like the tick inputs). Floats go in as their bit
//! patterns, so two worlds agree only if they are bit-identical.
//!
//! Each value is folded in as one 64-bit word: `h = (h ^ w) · P` with the FNV prime
//! `P`. `P` is odd, so every step is a bijection of `h`: two states that differ in one
//! field (and have the same shape) never share a checksum.

use serde::ser::{self, Serialize};

use crate::combat::bullet::Bullet;
use crate::combat::damage::DamageQueue;
use crate::core::ids::Ids;
use crate::core::rng::Rng;
use crate::core::stats::Stats;
use crate::horde::Horde;
use crate::script::Script;
use crate::squad::Squad;
use crate::tools::Tools;
use crate::tuning::Tuning;
use crate::world::World;

const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01B3;

/// A serde `Serializer` that folds every value into a 64-bit hash.
pub struct Hasher(pub u64);

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher(FNV_OFFSET)
    }
}

impl Hasher {
    #[inline]
    pub fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(FNV_PRIME);
    }

    /// Folds in any serializable value.
    pub fn value<T: Serialize + ?Sized>(&mut self, v: &T) {
        match v.serialize(&mut *self) {
            Ok(()) => {}
            Err(never) => match never {},
        }
    }

    fn bytes(&mut self, b: &[u8]) {
        self.word(b.len() as u64);
        for chunk in b.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.word(u64::from_le_bytes(w));
        }
    }
}

/// The hasher never fails.
#[derive(Debug)]
pub enum Never {}

impl std::fmt::Display for Never {
    fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {}
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(msg: T) -> Never {
        // Our derives never call `custom`; a hand-written impl that did is a bug.
        panic!("checksum: a Serialize impl reported an error: {msg}")
    }
}

impl ser::Serializer for &mut Hasher {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> Result<(), Never> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Never> {
        self.word(v as i64 as u64);
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Never> {
        self.word(v as i64 as u64);
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Never> {
        self.word(v as i64 as u64);
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Never> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Never> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Never> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Never> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Never> {
        self.word(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.word(v.to_bits() as u64);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.word(v.to_bits());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.bytes(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Never> {
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        self.word(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Never> {
        self.word(1);
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, i: u32, _: &'static str) -> Result<(), Never> {
        self.word(i as u64);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        self.word(i as u64);
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Never> {
        // Every sequence of the state knows its length; one that did not would still
        // hash its elements (only the shape word is missing).
        self.word(len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.word(i as u64);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Never> {
        self.word(len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.word(i as u64);
        Ok(self)
    }
}

macro_rules! compound {
    ($tr:ident, $m:ident) => {
        impl ser::$tr for &mut Hasher {
            type Ok = ();
            type Error = Never;
            fn $m<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
                v.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    };
}
compound!(SerializeSeq, serialize_element);
compound!(SerializeTuple, serialize_element);
compound!(SerializeTupleStruct, serialize_field);
compound!(SerializeTupleVariant, serialize_field);

impl ser::SerializeMap for &mut Hasher {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Never> {
        k.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Hasher {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Hasher {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

/// The parts the checksum hashes, borrowed (from a [`World`] or a
/// [`WorldState`](crate::world::state::WorldState)).
pub(crate) struct Parts<'a> {
    pub tick: u64,
    pub tuning: &'a Tuning,
    pub squad: &'a Squad,
    pub horde: &'a Horde,
    pub bullets: &'a Vec<Bullet>,
    pub tools: &'a Tools,
    pub script: &'a Script,
    pub stats: &'a Stats,
    pub rng: &'a Rng,
    pub ids: &'a Ids,
    pub damage: &'a DamageQueue,
    pub flow_seeds: Option<&'a Vec<(i32, i32)>>,
}

/// The checksum of a world's parts (shared by [`World::checksum`] and
/// [`crate::world::state::WorldState::checksum`], so a save and the world it came from
/// agree by construction).
pub(crate) fn checksum_of(p: &Parts) -> u64 {
    let mut h = Hasher::default();
    h.value(&p.tick);
    h.value(p.tuning);
    h.value(p.squad);
    h.value(p.horde);
    h.value(p.bullets);
    h.value(p.tools);
    h.value(p.script);
    h.value(p.stats);
    h.value(p.rng);
    h.value(p.ids);
    h.value(p.damage);
    h.value(&p.flow_seeds);
    h.0
}

impl World {
    /// A hash of every field a later tick reads (see the module doc).
    pub fn checksum(&self) -> u64 {
        checksum_of(&self.parts())
    }
}
