//! Save files (REQ §17): the world's state mid-run, with where the run came from, the
//! route pilot's state (when a route was steering) and the view's cosmetic state (fog
//! memory, blood, tracers, camera: opaque bytes the view encodes), in the versioned
//! envelope of [`super::container`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::driver::route::RouteDriver;
use crate::record::container::{self, Header, SAVE};
use crate::record::origin::Origin;
use crate::script::scenario::Scenario;
use crate::space::map::Map;
use crate::world::state::WorldState;
use crate::world::World;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Save {
    pub origin: Origin,
    pub world: WorldState,
    /// The scripted route's pilot, when it was steering.
    pub pilot: Option<RouteDriver>,
    /// The view's state (see `view::ViewState`), when the save was made by a window.
    pub view: Option<Vec<u8>>,
}

/// A save opened: the world continues from it.
pub struct Loaded {
    pub map: Arc<Map>,
    pub scenario: Scenario,
    pub world: World,
    pub pilot: Option<RouteDriver>,
    pub view: Option<Vec<u8>>,
    pub header: Header,
}

impl Save {
    /// The save of `world` (a copy), run from `origin`.
    pub fn of(origin: &Origin, world: &World, pilot: Option<&RouteDriver>) -> Save {
        Save {
            origin: origin.clone(),
            world: world.snapshot(),
            pilot: pilot.cloned(),
            view: None,
        }
    }

    pub fn encode(&self) -> Result<Vec<u8>, String> {
        container::encode(SAVE, self)
    }

    /// Reads a save file's bytes: the envelope, then the contents.
    pub fn decode(bytes: &[u8]) -> Result<(Header, Save), String> {
        container::decode(SAVE, bytes)
    }

    /// Decodes and opens a save: its files parsed again, its world restored and checked.
    /// Nothing outside the returned value is touched, so a refused save changes nothing.
    pub fn load(bytes: &[u8]) -> Result<Loaded, String> {
        let (header, save) = Save::decode(bytes)?;
        save.open(header)
    }

    /// Opens a decoded save.
    pub fn open(self, header: Header) -> Result<Loaded, String> {
        let refuse = |e: String| format!("save refused: {e}");
        let (map, scenario) = self.origin.open().map_err(refuse)?;
        if let Some(p) = &self.pilot {
            p.validate(&scenario).map_err(refuse)?;
        }
        let world = World::restore(map.clone(), self.world).map_err(refuse)?;
        Ok(Loaded {
            map,
            scenario,
            world,
            pilot: self.pilot,
            view: self.view,
            header,
        })
    }
}
