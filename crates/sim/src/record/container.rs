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
//! trailing bytes), integrity, the build (a save is this build's only), then the body's
//! decoding. A file another build wrote is refused with a line naming both builds
//! (REQ X13: "made by build X; this is build Y"), never as damaged; damage is what the
//! integrity hash or the decoding of this build's own file finds. Nothing here panics
//! on any input.

use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The version of the game that writes files (shown when a file is refused, and when a
/// replay diverges): the package version and the simulation's revision, `+simN`. The
/// revision goes up with every deliberate change of the simulation's behaviour
/// (docs/decisions.md names each), so a replay recorded before one says why it no
/// longer replays; `tests/digest.rs` pins the route's digest to it.
pub const GAME_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+sim", "18");

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
    /// Only files of this very build are read: a save holds the world's state as this
    /// build lays it out and steps it, and goes on as no other build would.
    pub same_build: bool,
}

/// Format versions: 1 carried the horror layer's tuning inside the simulation's and a
/// `Shot` event without its bullet; 2 (REQ §25) carries only the simulation's tuning
/// and names the bullet; 3 (REQ K3–K5) a tool's use in every tick's input; 4 (REQ W4)
/// whether the disk stays where it was put in every tick's input, and the tuning's
/// corner nudge and gathering; 5 (REQ S10.2) the tuning's `melee.guard_reach`; 6 (REQ
/// S10.1) the tuning's `melee.turn_*` keys. An older file is refused with its version
/// named.
pub const REPLAY: Kind = Kind {
    magic: *b"SQPREPLY",
    noun: "replay",
    version: 6,
    oldest: 6,
    // A replay of another build plays, and names both builds if it diverges.
    same_build: false,
};

/// Saves: 3 (S9.5) keeps each scripted walker's progress along its polyline instead of
/// where it began; 4 (REQ K3–K5) the tools at work and the squad's kit; 5 (REQ K1) the
/// gunners' magazines and reloads, the ammunition pool and the map's pickups; 6 (REQ W4)
/// the tuning's corner nudge and gathering; 7 (REQ S10.2) the tuning's
/// `melee.guard_reach`; 8 (REQ S10.1) the tuning's `melee.turn_*` keys and each blade's
/// wait for its turn. An older save is refused with its version named.
pub const SAVE: Kind = Kind {
    magic: *b"SQPSAVE1",
    noun: "save",
    version: 8,
    oldest: 8,
    same_build: true,
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
    seal_as(kind, GAME_VERSION, body)
}

/// [`seal`] as the build `game_version` would write it (what a file of another build
/// looks like: the tests of the refusals).
pub fn seal_as(kind: Kind, game_version: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 64);
    out.extend_from_slice(&kind.magic);
    out.extend_from_slice(&kind.version.to_le_bytes());
    let gv = game_version.as_bytes();
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
    // Contents this build cannot lay out: another build's layout when another build
    // wrote it, damage only when this one did.
    let refused = |why: String| match another_build(kind, &header.game_version) {
        Some(builds) => format!("{builds}: its contents do not read here ({why})"),
        None => format!("damaged {}: {why}", kind.noun),
    };
    let (value, rest) = postcard::take_from_bytes(body).map_err(|e| {
        refused(format!(
            "the contents do not decode ({e}), although the integrity hash matches"
        ))
    })?;
    if !rest.is_empty() {
        return Err(refused(format!(
            "{} bytes of contents left over after decoding",
            rest.len()
        )));
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
    let builds = made_by(noun, &game_version);
    if version > kind.version {
        return Err(format!(
            "{builds}: its format {version} is newer than this build reads ({}): use a \
             newer squad_proto",
            kind.version
        ));
    }
    if version < kind.oldest {
        return Err(format!(
            "{builds}: its format {version} is older than this build reads ({}..={})",
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
    if kind.same_build && game_version != GAME_VERSION {
        return Err(format!(
            "{builds}: a {noun} goes on only in the build that made it"
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

/// "save made by build X; this is build Y" (REQ X13).
fn made_by(noun: &str, game_version: &str) -> String {
    format!("{noun} made by build {game_version}; this is build {GAME_VERSION}")
}

/// [`made_by`] when another build than this one wrote the file.
fn another_build(kind: Kind, game_version: &str) -> Option<String> {
    (game_version != GAME_VERSION).then(|| made_by(kind.noun, game_version))
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
            err(&old).contains(&format!(
                "replay made by build {GAME_VERSION}; this is build {GAME_VERSION}: its format 1"
            )) && err(&old).contains("older than this build reads (6..=6)"),
            "{}",
            err(&old)
        );
        // A body with more than the layout reads (sealed, so the hash matches): this
        // build's own file, so damaged.
        let mut body = postcard::to_allocvec(&body).unwrap();
        body.push(0);
        assert!(err(&seal(REPLAY, &body)).contains("damaged replay"));
        assert!(err(&seal(REPLAY, &body)).contains("left over"));
    }

    /// The build before this one (its simulation revision one lower).
    fn previous_build() -> String {
        let (package, rev) = GAME_VERSION.split_once("+sim").unwrap();
        format!("{package}+sim{}", rev.parse::<u32>().unwrap() - 1)
    }

    /// REQ X13: a save made by the previous build is refused naming both builds, even
    /// when its contents would decode; a replay of another build whose contents do not
    /// read here names both builds too, never "damaged".
    #[test]
    fn a_file_of_another_build_is_refused_naming_both_builds() {
        let prev = previous_build();
        let body = postcard::to_allocvec(&(7u32, String::from("state"))).unwrap();
        let save = seal_as(SAVE, &prev, &body);
        let why = decode::<(u32, String)>(SAVE, &save).unwrap_err();
        assert_eq!(
            why,
            format!(
                "save made by build {prev}; this is build {GAME_VERSION}: a save goes on only \
                 in the build that made it"
            )
        );
        assert!(decode::<(u32, String)>(SAVE, &seal(SAVE, &body)).is_ok());
        // A replay of the previous build with a layout this one does not read.
        let mut longer = body.clone();
        longer.push(0);
        let why = decode::<(u32, String)>(REPLAY, &seal_as(REPLAY, &prev, &longer)).unwrap_err();
        assert!(
            why.starts_with(&format!(
                "replay made by build {prev}; this is build {GAME_VERSION}"
            )),
            "{why}"
        );
        assert!(!why.contains("damaged"), "{why}");
        // One whose contents do read plays (and names the builds if it diverges).
        assert!(decode::<(u32, String)>(REPLAY, &seal_as(REPLAY, &prev, &body)).is_ok());
    }
}
