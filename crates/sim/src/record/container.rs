//! The envelope shared by replay and save files: a header that says what the file is
//! and who wrote it, a postcard body, and a SHA-256 over everything before it.
//!
//! ```text
//! magic           8 bytes   "SQPREPLY" or "SQPSAVE1"
//! format version  u16 LE    of this kind of file; a newer one is refused
//! game version    u8 length + UTF-8 (the writer's crate version)
//! body length     u64 LE
//! body            postcard
//! integrity       32 bytes  SHA-256 of all the bytes above
//! ```
//!
//! Reading checks, in this order, so the message names the first thing wrong: magic
//! (and whether it is the other kind of file), format version, length (truncated or
//! trailing bytes), integrity, then the body's decoding. Nothing here panics on any
//! input.

use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The version of the game that writes files (shown when a file is refused, and when a
/// replay diverges): the package version and the simulation's revision, `+simN`. The
/// revision goes up with every deliberate change of the simulation's behaviour
/// (docs/decisions.md names each), so a replay recorded before one says why it no
/// longer replays; `tests/digest.rs` pins the route's digest to it.
pub const GAME_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+sim", "10");

/// Why a replay written by `recorded_by` may not replay on this build: empty when the
/// same build wrote it, else a sentence for the divergence message.
pub fn written_by_another_build(recorded_by: &str) -> String {
    if recorded_by == GAME_VERSION {
        String::new()
    } else {
        format!(
            " (recorded by squad_proto {recorded_by}, this is {GAME_VERSION}: the simulation \
             changed between them)"
        )
    }
}

/// What kind of file an envelope holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub magic: [u8; 8],
    /// "replay", "save".
    pub noun: &'static str,
    /// The format version this build writes (and the newest it reads).
    pub version: u16,
    /// The oldest format version this build still reads.
    pub oldest: u16,
}

/// Format versions: 1 carried the horror layer's tuning inside the simulation's and a
/// `Shot` event without its bullet; 2 (REQ §25) carries only the simulation's tuning
/// and names the bullet. A version-1 file is refused with its version named.
pub const REPLAY: Kind = Kind {
    magic: *b"SQPREPLY",
    noun: "replay",
    version: 2,
    oldest: 2,
};

/// Saves: 3 (S9.5) keeps each scripted walker's progress along its polyline instead of
/// where it began; a version-2 save is refused with its version named.
pub const SAVE: Kind = Kind {
    magic: *b"SQPSAVE1",
    noun: "save",
    version: 3,
    oldest: 3,
};

const KINDS: [Kind; 2] = [REPLAY, SAVE];

/// What the header said about the file's writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u16,
    pub game_version: String,
}

/// Wraps `body` in the envelope of `kind`.
pub fn encode<T: Serialize>(kind: Kind, body: &T) -> Result<Vec<u8>, String> {
    let body =
        postcard::to_allocvec(body).map_err(|e| format!("cannot encode the {}: {e}", kind.noun))?;
    Ok(seal(kind, &body))
}

/// The envelope of `kind` round already encoded body bytes (the fuzzers use it to reach
/// the decoder past the integrity hash).
pub fn seal(kind: Kind, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 64);
    out.extend_from_slice(&kind.magic);
    out.extend_from_slice(&kind.version.to_le_bytes());
    let gv = GAME_VERSION.as_bytes();
    out.push(gv.len().min(255) as u8);
    out.extend_from_slice(&gv[..gv.len().min(255)]);
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(body);
    let digest = Sha256::digest(&out);
    out.extend_from_slice(&digest);
    out
}

/// Reads the envelope of `kind` and decodes its body; every failure is one line that
/// says what is wrong with the file.
pub fn decode<T: DeserializeOwned>(kind: Kind, bytes: &[u8]) -> Result<(Header, T), String> {
    let (header, body) = open(kind, bytes)?;
    let (value, rest) = postcard::take_from_bytes(body).map_err(|e| {
        format!(
            "damaged {}: the contents do not decode ({e}), although the integrity hash matches",
            kind.noun
        )
    })?;
    if !rest.is_empty() {
        return Err(format!(
            "damaged {}: {} bytes of contents left over after decoding (another layout?)",
            kind.noun,
            rest.len()
        ));
    }
    Ok((header, value))
}

/// Checks the envelope and returns the header and the body's bytes.
pub fn open(kind: Kind, bytes: &[u8]) -> Result<(Header, &[u8]), String> {
    let noun = kind.noun;
    let Some(magic) = bytes.get(..8) else {
        return Err(format!(
            "not a squad_proto {noun} file: {} bytes is too short for a header",
            bytes.len()
        ));
    };
    if magic != kind.magic {
        if let Some(other) = KINDS.iter().find(|k| k.magic == magic) {
            return Err(format!(
                "this is a squad_proto {} file, not a {noun}",
                other.noun
            ));
        }
        return Err(format!(
            "not a squad_proto {noun} file (unknown magic bytes)"
        ));
    }
    let mut at = 8;
    let short = || format!("truncated {noun}: the file ends inside its header");
    let version = u16::from_le_bytes(take::<2>(bytes, &mut at).ok_or_else(short)?);
    let gv_len = take::<1>(bytes, &mut at).ok_or_else(short)?[0] as usize;
    let gv = bytes.get(at..at + gv_len).ok_or_else(short)?;
    at += gv_len;
    let game_version = String::from_utf8_lossy(gv).into_owned();
    if version > kind.version {
        return Err(format!(
            "{noun} format version {version} (written by squad_proto {game_version}) is newer \
             than this build reads ({}): use a newer squad_proto",
            kind.version
        ));
    }
    if version < kind.oldest {
        return Err(format!(
            "{noun} format version {version} (written by squad_proto {game_version}) is \
             older than this build reads ({}..={})",
            kind.oldest, kind.version
        ));
    }
    let body_len = u64::from_le_bytes(take::<8>(bytes, &mut at).ok_or_else(short)?);
    let expected = (at as u64).saturating_add(body_len).saturating_add(32);
    if (bytes.len() as u64) < expected {
        return Err(format!(
            "truncated {noun}: {} bytes, the header announces {expected}",
            bytes.len()
        ));
    }
    if (bytes.len() as u64) > expected {
        return Err(format!(
            "damaged {noun}: {} bytes after its end",
            bytes.len() as u64 - expected
        ));
    }
    let end = at + body_len as usize;
    let digest = Sha256::digest(&bytes[..end]);
    if digest.as_slice() != &bytes[end..] {
        return Err(format!(
            "damaged {noun}: the integrity hash does not match its contents (corrupted or edited)"
        ));
    }
    Ok((
        Header {
            version,
            game_version,
        },
        &bytes[at..end],
    ))
}

fn take<const N: usize>(bytes: &[u8], at: &mut usize) -> Option<[u8; N]> {
    let s = bytes.get(*at..*at + N)?;
    *at += N;
    s.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_every_refusal_names_its_reason() {
        let body = (7u32, String::from("body"), vec![1.5f32, -0.0]);
        let bytes = encode(REPLAY, &body).unwrap();
        let (h, back): (Header, (u32, String, Vec<f32>)) = decode(REPLAY, &bytes).unwrap();
        assert_eq!(back, body);
        assert_eq!(h.version, REPLAY.version);
        assert_eq!(h.game_version, GAME_VERSION);

        let err = |b: &[u8]| decode::<(u32, String, Vec<f32>)>(REPLAY, b).unwrap_err();
        assert!(err(&bytes[..5]).contains("too short"));
        assert!(err(b"PK\x03\x04zipzipzip").contains("unknown magic"));
        assert!(decode::<u8>(SAVE, &bytes)
            .unwrap_err()
            .contains("replay file, not a save"));
        for cut in [9, 12, bytes.len() - 1, bytes.len() - 33] {
            assert!(
                err(&bytes[..cut]).contains("truncated"),
                "{cut}: {}",
                err(&bytes[..cut])
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(err(&longer).contains("after its end"));
        let mut flipped = bytes.clone();
        let k = bytes.len() - 40;
        flipped[k] ^= 0x10;
        assert!(err(&flipped).contains("integrity"));
        let mut newer = bytes.clone();
        newer[8] = 99;
        assert!(err(&newer).contains("newer than this build"));
        // A file of the first format (the horror tuning inside the simulation's):
        // refused, naming its version and the ones this build reads.
        let mut old = bytes.clone();
        old[8] = 1;
        assert!(
            err(&old).contains("replay format version 1 (written by squad_proto")
                && err(&old).contains("older than this build reads (2..=2)"),
            "{}",
            err(&old)
        );
        // A body with more than the layout reads (sealed, so the hash matches).
        let mut body = postcard::to_allocvec(&body).unwrap();
        body.push(0);
        assert!(err(&seal(REPLAY, &body)).contains("left over"));
    }
}
