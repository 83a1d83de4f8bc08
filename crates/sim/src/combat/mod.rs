//! Combat: projectiles and what they hit.

pub(crate) mod bullet;
pub(crate) mod damage;
pub(crate) mod spit;
