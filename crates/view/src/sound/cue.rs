//! What a sound is (REQ §21 AU2): every sound the layer plays has a cue, which sets
//! its importance when the voices are full (AU4: nearest and loudest win, and among
//! equals what matters more to the player) and lets a test or a listener hear one cue
//! alone.

/// One kind of sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cue {
    Gunshot,
    WallHit,
    Ricochet,
    FleshHit,
    BladeWindup,
    BladeSwish,
    BladeHit,
    EnemyWindup,
    EnemyBlow,
    EnemyWhiff,
    EnemyGrunt,
    EnemyDeath,
    Moan,
    Shriek,
    /// A spitter's spit leaving (T1).
    SpitRelease,
    /// A spit bursting on an agent.
    SpitHit,
    /// A spit bursting on a wall or the floor.
    SpitSplat,
    /// A stalker caught in a beam (T2).
    StalkerLit,
    CrowdBed,
    Shuffle,
    Footstep,
    AgentCry,
    /// The HUD's notice that an agent is down: a toll heard wherever it happened.
    Notice,
    Breath,
    Heartbeat,
    Drone,
    Distant,
    // The player's tools and the ammunition (REQ §27).
    /// A flare or a grenade leaving the hand.
    Throw,
    /// A flare struck.
    FlarePop,
    /// A flare burning (held, the nearest few).
    FlareHiss,
    /// A thrown tool landing.
    Clatter,
    /// The fuse's blink, heard.
    FuseTick,
    /// A grenade's burst.
    Boom,
    /// A crate or case taken.
    Pickup,
    /// The medkit at work (held), done, broken.
    HealHum,
    HealChime,
    HealCut,
    /// A reload's magazine out, in; a gunner out of rounds.
    MagOut,
    MagIn,
    DryClick,
    /// A use of a tool refused.
    Refusal,
}

impl Cue {
    pub const ALL: [Cue; 41] = [
        Cue::Gunshot,
        Cue::WallHit,
        Cue::Ricochet,
        Cue::FleshHit,
        Cue::BladeWindup,
        Cue::BladeSwish,
        Cue::BladeHit,
        Cue::EnemyWindup,
        Cue::EnemyBlow,
        Cue::EnemyWhiff,
        Cue::EnemyGrunt,
        Cue::EnemyDeath,
        Cue::Moan,
        Cue::Shriek,
        Cue::SpitRelease,
        Cue::SpitHit,
        Cue::SpitSplat,
        Cue::StalkerLit,
        Cue::CrowdBed,
        Cue::Shuffle,
        Cue::Footstep,
        Cue::AgentCry,
        Cue::Notice,
        Cue::Breath,
        Cue::Heartbeat,
        Cue::Drone,
        Cue::Distant,
        Cue::Throw,
        Cue::FlarePop,
        Cue::FlareHiss,
        Cue::Clatter,
        Cue::FuseTick,
        Cue::Boom,
        Cue::Pickup,
        Cue::HealHum,
        Cue::HealChime,
        Cue::HealCut,
        Cue::MagOut,
        Cue::MagIn,
        Cue::DryClick,
        Cue::Refusal,
    ];

    /// Importance, multiplied by the voice's level to rank it when the voices are full.
    /// The beds (drone, crowd) and the heartbeat are never the first to go; a blow on
    /// the squad or a cry outranks a shot, a shot a moan, a moan a footstep. The
    /// player's own tools answer the player: a refusal, the burst and the fuse that
    /// warns of it, the medkit's end and a dry gun rank with the blows on the squad.
    pub fn importance(self) -> f32 {
        match self {
            Cue::Drone | Cue::CrowdBed => 50.0,
            Cue::Heartbeat => 20.0,
            Cue::Notice | Cue::Refusal => 10.0,
            Cue::Boom => 9.0,
            Cue::AgentCry | Cue::EnemyBlow | Cue::SpitHit | Cue::HealCut => 8.0,
            Cue::FuseTick | Cue::DryClick | Cue::HealChime => 7.0,
            Cue::EnemyWindup | Cue::Shriek | Cue::SpitRelease | Cue::StalkerLit => 6.0,
            Cue::Breath | Cue::Pickup | Cue::HealHum => 5.0,
            Cue::Gunshot | Cue::BladeWindup | Cue::BladeSwish | Cue::BladeHit => 4.0,
            Cue::FlarePop => 4.0,
            Cue::FleshHit | Cue::EnemyWhiff | Cue::EnemyGrunt | Cue::EnemyDeath => 3.0,
            Cue::Throw | Cue::FlareHiss | Cue::MagOut | Cue::MagIn => 3.0,
            Cue::WallHit | Cue::Ricochet | Cue::Moan | Cue::SpitSplat | Cue::Clatter => 2.0,
            Cue::Distant => 1.5,
            Cue::Shuffle | Cue::Footstep => 1.0,
        }
    }

    /// Its bus: the ambience's volume or the effects'.
    pub fn bus(self) -> audio::Bus {
        match self {
            Cue::Drone | Cue::Distant | Cue::CrowdBed | Cue::Shuffle => audio::Bus::Ambience,
            _ => audio::Bus::Effects,
        }
    }
}
