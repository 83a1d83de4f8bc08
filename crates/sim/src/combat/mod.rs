//! Combat: projectiles and what they hit.

pub mod bullet;
pub mod damage;
