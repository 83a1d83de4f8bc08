//! What the screens say of the campaign's squad (REQ K6): the briefing's members and
//! what is carried, the campaign list's line, and the rows a campaign mission's results
//! add — who is wounded, who was lost and replaced, the charges and rounds carried on.
//! The app's words, handed to the view as plain data.

use sim::tuning::Tuning;
use view::screens::{Mark, MemberLine};

use super::squad::{member_name, End, Member, Squad, State};

/// Health as the screens show it (`62/100`, to the nearest; a standing member never
/// shows 0).
fn health(m: &Member) -> String {
    format!("{:.0}/{:.0}", m.health.round().max(1.0), m.max)
}

/// How a member's health stands, as the screens say it: the word follows the health
/// (the briefing's bar turns red below half too), never the campaign's record of a fall
/// ([`State::Wounded`] only remembers that the member fell and came back, until whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// At its max.
    Whole,
    /// Half its max or more: a brute's blow (25) and more from falling.
    Hurt,
    /// Below half its max: the medkit's first call.
    Wounded,
}

impl Condition {
    pub const ALL: [Condition; 3] = [Condition::Whole, Condition::Hurt, Condition::Wounded];

    pub fn of(m: &Member) -> Condition {
        if !m.hurt() {
            Condition::Whole
        } else if m.max > 0.0 && m.health / m.max >= 0.5 {
            Condition::Hurt
        } else {
            Condition::Wounded
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Condition::Whole => "whole",
            Condition::Hurt => "hurt",
            Condition::Wounded => "wounded",
        }
    }
}

/// Each member as the briefing draws it: the word says its health (`whole`, `hurt`,
/// `wounded` below half, in red); a whole recruit says `recruit` (its max is lower).
pub fn member_lines(s: &Squad, tuning: &Tuning) -> Vec<MemberLine> {
    s.members
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let c = Condition::of(m);
            let recruit = m.state == State::Recruit;
            MemberLine {
                name: member_name(i, tuning),
                health: health(m),
                share: if m.max > 0.0 { m.health / m.max } else { 0.0 },
                word: match (recruit, c) {
                    (true, Condition::Whole) => "recruit".into(),
                    (true, Condition::Hurt) => "hurt recruit".into(),
                    (_, c) => c.word().to_string(),
                },
                mark: match (c, recruit) {
                    (Condition::Wounded, _) => Mark::Wounded,
                    (_, true) => Mark::Recruit,
                    _ => Mark::Fit,
                },
            }
        })
        .collect()
}

/// `n` things, singular or plural (`1 flare`, `2 flares`).
fn count(n: u32, one: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

/// What the squad carries into a mission beyond its issue, as the briefing says it:
/// `carries +3 flares +120 rounds` (what is none is left out).
pub fn carried(s: &Squad) -> String {
    let parts: Vec<String> = [
        (s.kit.flares, "flare"),
        (s.kit.medkits, "medkit"),
        (s.kit.grenades, "grenade"),
        (s.rounds, "round"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|&(n, one)| format!("+{}", count(n, one)))
    .collect();
    if parts.is_empty() {
        "carries nothing beyond the issue yet".into()
    } else {
        format!("carries {}", parts.join(" "))
    }
}

/// The squad in a line for the campaign's list: how its members stand and what it
/// carries.
pub fn summary(s: &Squad) -> String {
    let mut words: Vec<String> = Condition::ALL
        .iter()
        .map(|&c| {
            (
                s.members.iter().filter(|m| Condition::of(m) == c).count(),
                c,
            )
        })
        .filter(|(n, _)| *n > 0)
        .map(|(n, c)| format!("{n} {}", c.word()))
        .collect();
    if words.len() == 1 && words[0].ends_with("whole") {
        words[0] = "all whole".into();
    }
    match s.count(State::Recruit) {
        0 => {}
        1 => words.push("one of them a recruit".into()),
        n => words.push(format!("{n} of them recruits")),
    }
    format!("The squad: {}; it {}.", words.join(", "), carried(s))
}

/// A campaign mission's run that started with `before` ended in `w`, `won` or not:
/// the squad the campaign keeps (`None`: failed, nothing changes) and the results' rows
/// saying so — the one place the window and `--screenshot` settle it.
pub fn kept(
    before: &Squad,
    w: &sim::read::World,
    won: bool,
) -> (Option<Squad>, Vec<(&'static str, String, String)>) {
    let end = End::of(w);
    let after = won.then(|| super::squad::after(before, &end, &super::squad::STAKES));
    let rows = results_rows(before, after.as_ref(), &end, w.tuning());
    (after, rows)
}

/// The rows a campaign mission's results show in place of the standing row: the
/// squad that `before` started became `after` (`None`: the mission failed, nothing
/// changes) at `end`.
pub fn results_rows(
    before: &Squad,
    after: Option<&Squad>,
    end: &End,
    tuning: &Tuning,
) -> Vec<(&'static str, String, String)> {
    let n = end.agents.len();
    let stood = end.agents.iter().filter(|a| a.2).count();
    let value = format!("{stood} of {n}");
    let Some(after) = after else {
        return vec![(
            "Standing",
            value,
            "(a failed mission costs the campaign nothing: retry with the squad as it came)".into(),
        )];
    };
    let mut said = Vec::new();
    for (i, (&(_, _, alive), m)) in end.agents.iter().zip(&after.members).enumerate() {
        let name = member_name(i, tuning);
        let was_wounded = before
            .members
            .get(i)
            .is_some_and(|b| b.state == State::Wounded);
        match (alive, m.state) {
            (false, State::Recruit) => said.push(format!("{name} lost: a recruit, {}", health(m))),
            // "fell": a playtest read "4 of 5 (Gunner 3 back wounded)" and could not tell
            // whether he had fallen.
            (false, _) => said.push(format!("{name} fell: back wounded, {}", health(m))),
            (true, State::Wounded) if was_wounded && Condition::of(m) == Condition::Wounded => {
                said.push(format!("{name} still wounded, {}", health(m)))
            }
            _ => {}
        }
    }
    let squad_note = if said.is_empty() {
        "(no one fell: all go on as they ended)".to_string()
    } else {
        format!("({})", said.join("; "))
    };
    let k = after.kit;
    vec![
        ("Standing", value, squad_note),
        (
            "Carried on",
            count(k.flares + k.medkits + k.grenades, "charge"),
            format!(
                "({}, {}, {}; {})",
                count(k.flares, "flare"),
                count(k.medkits, "medkit"),
                count(k.grenades, "grenade"),
                count(after.rounds, "round")
            ),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::squad::{after, STAKES};
    use sim::read::{Difficulty, Kit};

    fn end(d: Difficulty) -> End {
        End {
            agents: vec![
                (100.0, 100.0, true),
                (0.0, 100.0, false),
                (40.2, 100.0, true),
                (0.0, 100.0, false),
                (100.0, 100.0, true),
            ],
            kit: Kit {
                flares: 1,
                medkits: 0,
                grenades: 2,
            },
            pool: Some(120),
            difficulty: d,
            whole: 100.0,
        }
    }

    #[test]
    fn the_results_say_who_came_back_who_was_lost_and_what_carries_on() {
        let t = Tuning::default();
        let before = Squad::fresh(&t);
        let e = end(Difficulty::Hard);
        let a = after(&before, &e, &STAKES);
        let rows = results_rows(&before, Some(&a), &e, &t);
        assert_eq!((rows[0].0, rows[0].1.as_str()), ("Standing", "3 of 5"));
        assert_eq!(
            rows[0].2,
            "(Blade 2 lost: a recruit, 70/70; Gunner 2 lost: a recruit, 70/70)"
        );
        assert_eq!(rows[1].1, "3 charges");
        assert_eq!(rows[1].2, "(1 flare, 0 medkits, 2 grenades; 120 rounds)");
        let e = end(Difficulty::Normal);
        let a = after(&before, &e, &STAKES);
        let rows = results_rows(&before, Some(&a), &e, &t);
        assert!(
            rows[0].2.contains("Blade 2 fell: back wounded, 30/100"),
            "{rows:?}"
        );
        // Failed: one row, nothing changes.
        let rows = results_rows(&before, None, &e, &t);
        assert_eq!(rows.len(), 1);
        assert!(rows[0].2.contains("costs the campaign nothing"));
    }

    #[test]
    fn the_briefing_shows_each_member_and_what_is_carried() {
        let t = Tuning::default();
        let before = Squad::fresh(&t);
        assert_eq!(carried(&before), "carries nothing beyond the issue yet");
        let a = after(&before, &end(Difficulty::Normal), &STAKES);
        let lines = member_lines(&a, &t);
        assert_eq!(lines[1].name, "Blade 2");
        assert_eq!(lines[1].health, "30/100");
        assert_eq!(
            (lines[1].word.as_str(), lines[1].mark),
            ("wounded", Mark::Wounded)
        );
        assert_eq!(lines[2].health, "40/100", "to the nearest");
        assert_eq!(
            lines[2].word, "wounded",
            "below half: the word follows the health"
        );
        assert!((lines[2].share - 0.402).abs() < 1e-6);
        assert_eq!(carried(&a), "carries +1 flare +2 grenades +120 rounds");
        assert_eq!(
            summary(&a),
            "The squad: 2 whole, 3 wounded; it carries +1 flare +2 grenades +120 rounds."
        );
    }

    /// The playtest's squad: a member who stood through the last mission at 4/100 was
    /// called "fit" and one who fell and came back at 30/100 "wounded".
    #[test]
    fn the_word_follows_health_not_the_record_of_a_fall() {
        let t = Tuning::default();
        let mut s = Squad::fresh(&t);
        let m = |health: f32, max: f32, state: State| Member { health, max, state };
        s.members = vec![
            m(30.0, 100.0, State::Wounded),
            m(4.0, 100.0, State::Fit),
            m(86.0, 100.0, State::Wounded),
            m(100.0, 100.0, State::Fit),
            m(50.0, 70.0, State::Recruit),
        ];
        let lines = member_lines(&s, &t);
        let words: Vec<(&str, Mark)> = lines.iter().map(|l| (l.word.as_str(), l.mark)).collect();
        assert_eq!(
            words,
            [
                ("wounded", Mark::Wounded),
                ("wounded", Mark::Wounded),
                ("hurt", Mark::Fit),
                ("whole", Mark::Fit),
                ("hurt recruit", Mark::Recruit),
            ]
        );
        // Red exactly where the bar is red (below half).
        for l in &lines {
            assert_eq!(l.mark == Mark::Wounded, l.share < 0.5, "{l:?}");
        }
        assert_eq!(
            summary(&s),
            "The squad: 1 whole, 2 hurt, 2 wounded, one of them a recruit; it carries \
             nothing beyond the issue yet."
        );
        assert_eq!(
            summary(&Squad::fresh(&t)),
            "The squad: all whole; it carries nothing beyond the issue yet."
        );
    }
}
