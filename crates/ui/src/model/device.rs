//! What the browser says about the screen and the pointer: the shell measures it and sends
//! it in; the view lays itself out from it.

use crate::layout::chrome::Chrome;
use crate::layout::Layout;

/// The device part of the [`super::Model`].
#[derive(Clone, Debug)]
pub struct Device {
    pub layout: Layout,
    /// The status bar and the action bar around the canvas, from the viewport's size.
    pub chrome: Chrome,
    /// The canvas's device pixel ratio.
    pub dpr: f64,
    /// The browser asks for reduced motion: nothing is animated.
    pub reduced_motion: bool,
    /// The main pointer is a finger (`(pointer: coarse)`).
    pub touch: bool,
}
