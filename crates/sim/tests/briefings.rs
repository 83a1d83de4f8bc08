//! What the campaign says matches what it asks (REQ C2): a duration spoken in a
//! mission's briefing, its lines or its objective labels ("two and a half minutes",
//! "ninety seconds", "(150 s)") is the length of one of its hold or survive objectives,
//! and "the three nests" counts the nests the mission places. A player who is told
//! ninety seconds and held for 150 learns to distrust the briefing.

use sim::content;
use sim::script::mission::Goal;
use sim::script::scenario::Scenario;

/// The value of a number word, `None` for any other word.
fn number_word(w: &str) -> Option<f32> {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if let Some(i) = UNITS.iter().position(|u| *u == w) {
        return Some(i as f32);
    }
    if let Some(i) = TENS.iter().position(|t| *t == w) {
        return Some(20.0 + 10.0 * i as f32);
    }
    match w {
        "a" | "an" => Some(1.0),
        "hundred" => Some(100.0),
        "half" => Some(0.5),
        _ => w.parse().ok(),
    }
}

/// Every duration in `text`, in seconds: a run of number words (with "and", "a half",
/// "hundred", hyphens) or digits followed by `seconds`, `s`, `minute(s)`.
fn durations(text: &str) -> Vec<f32> {
    let words: Vec<String> = text
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .flat_map(|w| w.split('-').map(str::to_string).collect::<Vec<_>>())
        .map(|w| w.trim_end_matches('.').to_string())
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let scale = match w.as_str() {
            "second" | "seconds" | "s" => 1.0,
            "minute" | "minutes" => 60.0,
            _ => continue,
        };
        // Walk back over the number: "two and a half", "a hundred and fifty", "90".
        let (mut total, mut part, mut seen) = (0.0f32, 0.0f32, false);
        let mut j = i;
        let mut run = Vec::new();
        while j > 0 {
            let v = &words[j - 1];
            if v == "and" || number_word(v).is_some() {
                run.push(v.as_str());
                j -= 1;
            } else {
                break;
            }
        }
        run.reverse();
        let mut k = 0;
        while k < run.len() {
            match run[k] {
                "and" => {}
                "a" | "an" if run.get(k + 1) == Some(&"half") => {
                    part += 0.5;
                    seen = true;
                    k += 1;
                }
                "hundred" => {
                    part = part.max(1.0) * 100.0;
                    seen = true;
                }
                v => {
                    let n = number_word(v).expect("a number word");
                    // "a", "an", the first word, or the tens after "hundred and"
                    // add; a second word after a small one starts a new part.
                    if v == "a" || v == "an" || part >= 100.0 || part == 0.0 {
                        part += n;
                    } else {
                        total += part;
                        part = n;
                    }
                    seen = true;
                }
            }
            k += 1;
        }
        total += part;
        if seen {
            out.push(total * scale);
        }
    }
    out
}

/// "three nests" → 3.
fn nest_counts(text: &str) -> Vec<usize> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter(|p| p[1] == "nests")
        .filter_map(|p| number_word(p[0]).filter(|n| *n >= 2.0).map(|n| n as usize))
        .collect()
}

fn campaign() -> Vec<Scenario> {
    content::CAMPAIGN
        .iter()
        .map(|(name, text)| {
            Scenario::parse(&format!("{name}.scn"), text).expect("the campaign parses")
        })
        .collect()
}

#[test]
fn the_reader_understands_how_durations_are_spoken() {
    assert_eq!(durations("open for ninety seconds."), vec![90.0]);
    assert_eq!(durations("open for two and a half minutes."), vec![150.0]);
    assert_eq!(durations("a hundred and fifty seconds"), vec![150.0]);
    assert_eq!(durations("Hold it (150 s)"), vec![150.0]);
    assert_eq!(
        durations("twenty-five seconds, then one minute"),
        vec![25.0, 60.0]
    );
    assert_eq!(durations("Two seconds without fire"), vec![2.0]);
    assert!(durations("six hours ago").is_empty());
    assert_eq!(nest_counts("Find the three nests and burn"), vec![3]);
}

#[test]
fn every_spoken_duration_is_an_objective_s_length() {
    let mut checked = 0;
    for s in campaign() {
        let lengths: Vec<f32> = s
            .mission
            .objectives
            .iter()
            .filter_map(|o| match o.goal {
                Goal::Hold { seconds, .. } | Goal::Survive { seconds } => Some(seconds),
                _ => None,
            })
            .collect();
        let texts = std::iter::once(s.briefing.clone())
            .chain(s.mission.lines.iter().cloned())
            .chain(s.mission.objectives.iter().map(|o| o.label.clone()));
        for text in texts {
            // Training's "Two seconds without fire" is the reload's length, not a goal.
            if s.file.starts_with("m0_") && text.contains("reload") {
                continue;
            }
            for d in durations(&text) {
                assert!(
                    lengths.iter().any(|l| (l - d).abs() < 0.5),
                    "{}: {text:?} speaks of {d} s, but its timed objectives last {lengths:?}",
                    s.file
                );
                checked += 1;
            }
        }
    }
    // m1's (20 s), m3's briefing and label, m4's, m5's and m6's labels.
    assert!(checked >= 6, "only {checked} durations found");
}

#[test]
fn every_spoken_nest_count_is_the_mission_s() {
    let mut checked = 0;
    for s in campaign() {
        let texts = std::iter::once(s.briefing.clone())
            .chain(s.mission.lines.iter().cloned())
            .chain(s.mission.objectives.iter().map(|o| o.label.clone()));
        for text in texts {
            for n in nest_counts(&text) {
                assert_eq!(
                    n,
                    s.mission.nests.len(),
                    "{}: {text:?} speaks of {n} nests",
                    s.file
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "only {checked} nest counts found");
}
