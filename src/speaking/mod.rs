//! What tiflo says: moves in words ([`announce`]), clock readouts
//! ([`readout`]), sentences made speakable for a speech engine
//! ([`pronounce`]), and the queue and voices that speak them ([`speech`]).
//!
//! Pure except the voices in [`speech`], the one driver of this room.

// The public items of the modules marked `allow(missing_docs)` below are
// not all documented yet; the mark goes when a module's are.
pub mod announce;
pub mod pronounce;
pub mod readout;
#[allow(missing_docs)]
pub mod speech;
