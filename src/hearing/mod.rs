//! What tiflo hears: from the microphone or a sound file to a legal move or
//! a command.
//!
//! Samples go through [`audio`] (resampling, endpointing) to a
//! [`recognizer`] ([`sphinx`] or [`vosk`], restricted by the grammar of the
//! moment from [`grammar`]); what it heard goes to [`understand`], which
//! accepts one legal move, asks, or rejects. [`ear`] runs that pipeline for
//! the daemon; [`mic`] and [`wav`] are the sound drivers; [`models`] finds and
//! installs recognisers' models; [`adapt`] adapts the English model to a voice.
//!
//! Pure: `audio`, `grammar`, `recognizer`, `understand`. Drivers: the rest.

// The public items of the modules marked `allow(missing_docs)` below are
// not all documented yet; the mark goes when a module's are.
pub mod adapt;
pub mod audio;
pub mod ear;
pub mod grammar;
pub mod mic;
#[allow(missing_docs)]
pub mod models;
pub mod recognizer;
pub mod sphinx;
pub mod understand;
pub mod vosk;
pub mod wav;
