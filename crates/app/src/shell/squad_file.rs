//! The campaign's squad in the progress file (REQ K6, W6): its `[squad]` section,
//!
//! ```toml
//! [squad]
//! members = [
//!     { health = 62.5, max = 100.0, state = "fit" },
//!     { health = 30.0, max = 100.0, state = "wounded" },
//!     { health = 70.0, max = 70.0, state = "recruit" },
//! ]
//! flares = 1
//! medkits = 0
//! grenades = 2
//! rounds = 120
//! ```
//!
//! read with salvage: a bad entry is reported (`file:line:col: [squad] …`) and only that
//! part replaced — a member by a whole, fit one, a count by none, a section that is not
//! a table by a fresh squad — the rest kept.

use sim::read::Kit;
use sim::tuning::Tuning;

use super::squad::{Member, Squad, State};

/// The section's lines, as the progress file ends with them.
pub fn to_toml(s: &Squad) -> String {
    let mut out = String::from(
        "\n# The campaign's squad as the last won mission left it (REQ K6), in squad order:\n\
         # blades, then gunners. state: fit, wounded (fell and came back) or recruit.\n\
         [squad]\nmembers = [\n",
    );
    for m in &s.members {
        out += &format!(
            "    {{ health = {:?}, max = {:?}, state = \"{}\" }},\n",
            m.health,
            m.max,
            m.state.word()
        );
    }
    out += "]\n";
    out += &format!(
        "flares = {}\nmedkits = {}\ngrenades = {}\nrounds = {}\n",
        s.kit.flares, s.kit.medkits, s.kit.grenades, s.rounds
    );
    out
}

/// The squad in `value` (the file's `[squad]`, `text` its whole text for the places,
/// `file` its name): what could be read, and one line for each part that could not
/// (replaced as the module says).
pub fn from_toml(file: &str, text: &str, value: &toml::Value) -> (Squad, Vec<String>) {
    let fresh = Squad::fresh(&Tuning::default());
    // Each fault with its place, told in the file's order.
    let mut faults: Vec<((usize, usize), String)> = Vec::new();
    let at = |key: Option<&str>, nth: Option<usize>| match locate(text, key, nth) {
        Some((l, c)) => ((l, c), format!("{file}:{l}:{c}: [squad]")),
        None => ((0, 0), format!("{file}: [squad]")),
    };
    let mut fault = |(pos, place): ((usize, usize), String), msg: String| {
        faults.push((pos, format!("{place}{msg}")));
    };
    let Some(t) = value.as_table() else {
        fault(
            at(None, None),
            ": expected a table; a fresh squad instead".into(),
        );
        return (fresh, faults.into_iter().map(|(_, f)| f).collect());
    };
    let mut s = Squad {
        members: Vec::new(),
        kit: Kit::default(),
        rounds: 0,
    };
    let count = |v: &toml::Value| v.as_integer().and_then(|n| u32::try_from(n).ok());
    let mut members = None;
    for (k, v) in t {
        let slot = match k.as_str() {
            "members" => {
                members = Some(v);
                continue;
            }
            "flares" => &mut s.kit.flares,
            "medkits" => &mut s.kit.medkits,
            "grenades" => &mut s.kit.grenades,
            "rounds" => &mut s.rounds,
            _ => {
                fault(
                    at(Some(k), None),
                    format!(
                        " unknown key `{k}`: expected members, flares, medkits, grenades, \
                         rounds; dropped"
                    ),
                );
                continue;
            }
        };
        match count(v) {
            Some(n) => *slot = n,
            None => fault(
                at(Some(k), None),
                format!(" `{k} = {v}`: expected a count (a whole number >= 0); none carried"),
            ),
        }
    }
    match members.map(|v| v.as_array()) {
        None => fault(
            at(None, None),
            ": no `members`; a fresh squad's members instead".into(),
        ),
        Some(None) => fault(
            at(Some("members"), None),
            " `members`: expected a list of { health, max, state }; a fresh squad's \
             members instead"
                .into(),
        ),
        Some(Some(list)) => {
            for (i, m) in list.iter().enumerate() {
                match member(m) {
                    Ok(m) => s.members.push(m),
                    Err(why) => {
                        let whole = fresh.members.first().map_or(100.0, |m| m.max);
                        fault(
                            at(Some("members"), Some(i)),
                            format!(" member {}: {why}; a whole, fit member instead", i + 1),
                        );
                        s.members.push(Member::whole(whole));
                    }
                }
            }
        }
    }
    if s.members.is_empty() {
        s.members = fresh.members;
    }
    faults.sort_by_key(|(pos, _)| *pos);
    (s, faults.into_iter().map(|(_, f)| f).collect())
}

/// One member's inline table.
fn member(v: &toml::Value) -> Result<Member, String> {
    let t = v
        .as_table()
        .ok_or("expected { health = H, max = M, state = \"fit\" }")?;
    let number = |key: &str| -> Result<f32, String> {
        let v = t.get(key).ok_or(format!("no `{key}`"))?;
        v.as_float()
            .or_else(|| v.as_integer().map(|i| i as f64))
            .filter(|h| h.is_finite() && *h > 0.0 && *h <= 1e6)
            .map(|h| h as f32)
            .ok_or(format!("`{key} = {v}`: expected a health above 0"))
    };
    for k in t.keys() {
        if !matches!(k.as_str(), "health" | "max" | "state") {
            return Err(format!("unknown key `{k}`: expected health, max, state"));
        }
    }
    let (health, max) = (number("health")?, number("max")?);
    if health > max {
        return Err(format!("health {health} above its max {max}"));
    }
    let state = t
        .get("state")
        .ok_or("no `state`".to_string())
        .and_then(|v| {
            v.as_str()
                .and_then(State::parse)
                .ok_or(format!("`state = {v}`: expected fit, wounded or recruit"))
        })?;
    Ok(Member { health, max, state })
}

/// Where `key` of `[squad]` stands (its `nth` element's line for a list written one
/// element a line; the section's header with no key): line and column from 1.
fn locate(text: &str, key: Option<&str>, nth: Option<usize>) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().position(|l| {
        l.trim_start()
            .strip_prefix('[')
            .is_some_and(|r| r.split(']').next().map(str::trim) == Some("squad"))
    })?;
    let indent = |l: &str| l.len() - l.trim_start().len() + 1;
    let Some(key) = key else {
        return Some((header + 1, indent(lines[header])));
    };
    let body = lines[header + 1..]
        .iter()
        .take_while(|l| !l.trim_start().starts_with('['));
    let (k, line) = body.enumerate().find(|(_, l)| {
        let name = l.split('=').next().unwrap_or("").trim().trim_matches('"');
        l.contains('=') && name == key
    })?;
    let at = header + 1 + k;
    let Some(n) = nth else {
        return Some((at + 1, indent(line)));
    };
    // The list's elements, one a line after `key = [` up to its `]`.
    lines[at + 1..]
        .iter()
        .enumerate()
        .take_while(|(_, l)| !l.trim_start().starts_with(']'))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .nth(n)
        .map(|(j, l)| (at + 2 + j, indent(l)))
        .or(Some((at + 1, indent(line))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad() -> Squad {
        Squad {
            members: vec![
                Member {
                    health: 62.37,
                    max: 100.0,
                    state: State::Fit,
                },
                Member {
                    health: 30.000002,
                    max: 100.0,
                    state: State::Wounded,
                },
                Member::whole(70.0),
            ],
            kit: Kit {
                flares: 1,
                medkits: 0,
                grenades: 7,
            },
            rounds: 123,
        }
    }

    fn read(text: &str) -> (Squad, Vec<String>) {
        let t: toml::Table = text.parse().unwrap();
        from_toml("p.toml", text, &t["squad"])
    }

    #[test]
    fn the_squad_round_trips_through_its_section() {
        let s = squad();
        let text = to_toml(&s);
        assert_eq!(read(&text), (s, Vec::new()));
    }

    #[test]
    fn a_bad_entry_is_reported_where_it_stands_and_only_it_replaced() {
        let text = to_toml(&squad())
            .replace("health = 30.000002", "health = -4")
            .replace("grenades = 7", "grenades = \"lots\"")
            .replace("rounds = 123", "rounds = 123\nmorale = 3");
        let (s, faults) = read(&text);
        assert_eq!(faults.len(), 3, "{faults:#?}");
        // In the file's order, each at its line.
        let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert!(
            faults[0].starts_with(&format!("p.toml:{}:5: [squad] member 2", line_of("-4"))),
            "{}",
            faults[0]
        );
        assert!(
            faults[1].starts_with(&format!("p.toml:{}:1:", line_of("grenades"))),
            "{}",
            faults[1]
        );
        assert!(faults[1].contains("`grenades = \"lots\"`"), "{}", faults[1]);
        assert!(
            faults[2].starts_with(&format!("p.toml:{}:1:", line_of("morale"))),
            "{}",
            faults[2]
        );
        // The rest kept; the bad member whole and fit, the bad count none.
        let good = squad();
        assert_eq!(s.members[0], good.members[0]);
        assert_eq!(s.members[1], Member::whole(100.0));
        assert_eq!(s.members[2], good.members[2]);
        assert_eq!((s.kit.flares, s.kit.grenades, s.rounds), (1, 0, 123));
    }

    #[test]
    fn members_that_cannot_be_are_named() {
        for (member, says) in [
            (
                "{ health = 80.0, max = 70.0, state = \"fit\" }",
                "above its max",
            ),
            ("{ health = 80.0, max = 100.0, state = \"dead\" }", "`state"),
            ("{ health = 80.0, state = \"fit\" }", "no `max`"),
            (
                "{ health = 80.0, max = 100.0, state = \"fit\", rank = 2 }",
                "`rank`",
            ),
            ("3", "expected {"),
        ] {
            let text = format!("[squad]\nmembers = [\n    {member},\n]\nrounds = 0\n");
            let (s, faults) = read(&text);
            assert_eq!(faults.len(), 1, "{member}: {faults:?}");
            assert!(faults[0].starts_with("p.toml:3:5: [squad] member 1: "));
            assert!(faults[0].contains(says), "{}", faults[0]);
            assert_eq!(s.members, [Member::whole(100.0)]);
        }
        // Not a table, no members, members not a list: a fresh squad's.
        let fresh = Squad::fresh(&Tuning::default());
        let t: toml::Table = "squad = 3".parse().unwrap();
        let (s, f) = from_toml("p.toml", "squad = 3", &t["squad"]);
        assert_eq!((s, f.len()), (fresh.clone(), 1));
        let (s, f) = read("[squad]\nrounds = 5\n");
        assert_eq!(
            (s.members, s.rounds, f.len()),
            (fresh.members.clone(), 5, 1)
        );
        let (s, f) = read("[squad]\nmembers = 5\n");
        assert!(f[0].starts_with("p.toml:2:1: [squad] `members`"), "{f:?}");
        assert_eq!(s.members, fresh.members);
    }
}
