//! The scenario written from small forms (REQ §31): the header's keys and one statement
//! per form, in the text format the game ships (docs/campaign.md), so what the editor
//! writes is what a maker would type. The loader judges the result like any file.

/// A header key the editor's header form sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeaderKey {
    Name,
    Briefing,
    Duration,
    Difficulty,
    Seed,
    Director,
    Map,
}

impl HeaderKey {
    pub const ALL: [HeaderKey; 7] = [
        HeaderKey::Name,
        HeaderKey::Briefing,
        HeaderKey::Duration,
        HeaderKey::Difficulty,
        HeaderKey::Seed,
        HeaderKey::Director,
        HeaderKey::Map,
    ];

    pub fn key(self) -> &'static str {
        match self {
            HeaderKey::Name => "name",
            HeaderKey::Briefing => "briefing",
            HeaderKey::Duration => "duration",
            HeaderKey::Difficulty => "difficulty",
            HeaderKey::Seed => "seed",
            HeaderKey::Director => "director",
            HeaderKey::Map => "map",
        }
    }
}

/// The widest briefing line written (the shipped missions wrap near here).
pub const BRIEFING_WIDTH: usize = 88;

/// The value of header `key` in `text` (a briefing's lines joined), if set.
pub fn header(text: &str, key: HeaderKey) -> Option<String> {
    let values: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once('='))
        .filter(|(k, _)| k.trim() == key.key())
        .map(|(_, v)| v.trim())
        .collect();
    (!values.is_empty()).then(|| values.join(" "))
}

/// `text` with header `key` set to `value` (every old line of it replaced where the
/// first stood; a briefing wrapped over as many lines as it takes), or added after the
/// header's last line; an empty value removes it.
pub fn set_header(text: &str, key: HeaderKey, value: &str) -> String {
    let value = value.trim();
    let new_lines: Vec<String> = if value.is_empty() {
        Vec::new()
    } else if key == HeaderKey::Briefing {
        wrap(value, BRIEFING_WIDTH)
            .into_iter()
            .map(|l| format!("briefing = {l}"))
            .collect()
    } else {
        vec![format!("{} = {value}", key.key())]
    };
    let is_key = |l: &str| {
        l.split_once('=')
            .is_some_and(|(k, _)| k.trim() == key.key() && !k.trim().contains(' '))
    };
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<String> = Vec::new();
    let mut placed = false;
    for l in &lines {
        if is_key(l) {
            if !placed {
                out.extend(new_lines.iter().cloned());
                placed = true;
            }
        } else {
            out.push(l.to_string());
        }
    }
    if !placed {
        // After the last `key = value` line of the header (before the first statement).
        let at = out
            .iter()
            .take_while(|l| {
                let t = l.trim();
                t.is_empty() || t.starts_with('#') || t.contains('=') && !t.starts_with("objective")
            })
            .enumerate()
            .filter(|(_, l)| l.contains('='))
            .map(|(i, _)| i + 1)
            .last()
            .unwrap_or(0);
        for (k, l) in new_lines.into_iter().enumerate() {
            out.insert(at + k, l);
        }
    }
    out.join("\n")
}

/// `s` in lines of at most `width` characters, broken at spaces.
fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for w in s.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + w.len() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// What an objective asks.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    Reach { area: String },
    Survive { seconds: f32 },
    Hold { area: String, seconds: f32 },
    Nests,
    Recover { x: f32, y: f32, area: String },
}

/// When a trigger fires.
#[derive(Clone, Debug, PartialEq)]
pub enum When {
    Enter { area: String },
    Done { objective: String },
}

/// What a trigger does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Wave {
        spawn: usize,
        kind: String,
        count: u32,
    },
    /// `build-up`, `peak`, `fade`, `relax`, `easy`, `normal`, `hard` or `off`.
    Director {
        cue: String,
    },
    Say {
        text: String,
    },
}

/// One statement's form.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    Area {
        name: String,
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
    },
    Objective {
        name: String,
        goal: Goal,
        after: Option<String>,
        label: Option<String>,
    },
    Trigger {
        when: When,
        action: Action,
    },
    Wave {
        at: f32,
        spawn: usize,
        kind: String,
        count: u32,
    },
    Waypoint {
        x: f32,
        y: f32,
        hold: Option<f32>,
    },
    Nest {
        x: f32,
        y: f32,
        kind: Option<String>,
    },
}

/// A number as a maker would type it: no `.0` on whole numbers.
fn num(v: f32) -> String {
    if v.fract() == 0.0 && v.abs() < 1e7 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

impl Form {
    /// The statement's line.
    pub fn line(&self) -> String {
        match self {
            Form::Area {
                name,
                x0,
                y0,
                x1,
                y1,
            } => {
                format!(
                    "area {name} {} {} {} {}",
                    num(*x0),
                    num(*y0),
                    num(*x1),
                    num(*y1)
                )
            }
            Form::Objective {
                name,
                goal,
                after,
                label,
            } => {
                let what = match goal {
                    Goal::Reach { area } => format!("reach {area}"),
                    Goal::Survive { seconds } => format!("survive {}", num(*seconds)),
                    Goal::Hold { area, seconds } => format!("hold {area} {}", num(*seconds)),
                    Goal::Nests => "nests".to_string(),
                    Goal::Recover { x, y, area } => {
                        format!("recover {} {} {area}", num(*x), num(*y))
                    }
                };
                let mut l = format!("objective {name} {what}");
                if let Some(a) = after.as_deref().filter(|a| !a.is_empty()) {
                    l += &format!(" after={a}");
                }
                if let Some(t) = label.as_deref().filter(|t| !t.trim().is_empty()) {
                    l += &format!(" | {}", t.trim());
                }
                l
            }
            Form::Trigger { when, action } => {
                let w = match when {
                    When::Enter { area } => format!("enter {area}"),
                    When::Done { objective } => format!("done {objective}"),
                };
                let a = match action {
                    Action::Wave { spawn, kind, count } => format!("wave {spawn} {kind} {count}"),
                    Action::Director { cue } => format!("director {cue}"),
                    Action::Say { text } => format!("say {}", text.trim()),
                };
                format!("trigger {w} {a}")
            }
            Form::Wave {
                at,
                spawn,
                kind,
                count,
            } => {
                format!("wave {} {spawn} {kind} {count}", num(*at))
            }
            Form::Waypoint { x, y, hold } => match hold {
                Some(h) => format!("waypoint {} {} hold={}", num(*x), num(*y), num(*h)),
                None => format!("waypoint {} {}", num(*x), num(*y)),
            },
            Form::Nest { x, y, kind } => match kind {
                Some(k) => format!("nest {} {} {k}", num(*x), num(*y)),
                None => format!("nest {} {}", num(*x), num(*y)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim::read::Scenario;

    #[test]
    fn every_form_writes_a_line_the_loader_reads_as_that_statement() {
        let forms = [
            Form::Area {
                name: "yard".into(),
                x0: 2.0,
                y0: 1.0,
                x1: 6.5,
                y1: 3.0,
            },
            Form::Objective {
                name: "in".into(),
                goal: Goal::Reach {
                    area: "yard".into(),
                },
                after: None,
                label: Some("Get to the yard".into()),
            },
            Form::Objective {
                name: "hold".into(),
                goal: Goal::Hold {
                    area: "yard".into(),
                    seconds: 30.0,
                },
                after: Some("in".into()),
                label: None,
            },
            Form::Trigger {
                when: When::Done {
                    objective: "in".into(),
                },
                action: Action::Say {
                    text: "Hold here.".into(),
                },
            },
            Form::Trigger {
                when: When::Enter {
                    area: "yard".into(),
                },
                action: Action::Wave {
                    spawn: 0,
                    kind: "runner".into(),
                    count: 4,
                },
            },
            Form::Wave {
                at: 5.0,
                spawn: 0,
                kind: "shambler".into(),
                count: 6,
            },
            Form::Waypoint {
                x: 3.5,
                y: 2.5,
                hold: Some(10.0),
            },
        ];
        let body: Vec<String> = forms.iter().map(Form::line).collect();
        assert_eq!(body[0], "area yard 2 1 6.5 3");
        assert_eq!(body[1], "objective in reach yard | Get to the yard");
        assert_eq!(body[2], "objective hold hold yard 30 after=in");
        let text = format!("name = T\nmap = t\nduration = 90\n{}\n", body.join("\n"));
        let s = Scenario::parse("t.scn", &text).expect("the forms' lines load");
        assert_eq!(s.waves.len(), 1);
        assert_eq!(s.route.len(), 1);
    }

    #[test]
    fn header_keys_are_replaced_in_place_added_after_the_header_and_removed() {
        let text = "name = Old\nmap = t\nduration = 60\n\nwave 1 0 shambler 3\n";
        let t = set_header(text, HeaderKey::Name, "New");
        assert_eq!(
            t,
            "name = New\nmap = t\nduration = 60\n\nwave 1 0 shambler 3\n"
        );
        let t = set_header(&t, HeaderKey::Seed, "7");
        assert_eq!(
            t,
            "name = New\nmap = t\nduration = 60\nseed = 7\n\nwave 1 0 shambler 3\n"
        );
        assert_eq!(header(&t, HeaderKey::Seed).as_deref(), Some("7"));
        let long = "word ".repeat(40);
        let t = set_header(&t, HeaderKey::Briefing, &long);
        assert_eq!(
            t.lines().filter(|l| l.starts_with("briefing = ")).count(),
            3
        );
        assert_eq!(header(&t, HeaderKey::Briefing).unwrap(), long.trim());
        let t = set_header(&t, HeaderKey::Briefing, "");
        assert!(!t.contains("briefing"));
        Scenario::parse("t.scn", &t).expect("still loads");
    }
}
