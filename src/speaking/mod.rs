//! What tiflo says: moves in words ([`announce`]), clock readouts
//! ([`readout`]), sentences made speakable for a speech engine
//! ([`pronounce`]), and the queue and voices that speak them ([`speech`]).
//!
//! Pure except the voices in [`speech`], the one driver of this room.

pub mod announce;
pub mod pronounce;
pub mod readout;
pub mod speech;
