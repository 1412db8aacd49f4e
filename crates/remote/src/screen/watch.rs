//! A spectator's page by turns: a spectator's link (`#s=…`) opened shows the table's public
//! view it carries. It is no device: nothing is saved, nothing is sent, and a letter opened
//! here is not this page's to take.

use crate::spectator::Watched;

/// The page of a spectator's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchScreen {
    pub watched: Watched,
}
