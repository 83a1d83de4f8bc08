//! Drivers: what produces tick inputs from outside the simulation (the scripted route
//! pilot), as a player would. Not part of the simulation step.

pub mod route;
