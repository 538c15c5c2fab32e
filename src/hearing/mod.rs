//! What tiflo hears: from the microphone or a sound file to a legal move or
//! a command.
//!
//! Samples go through [`audio`] (resampling, endpointing) to a
//! [`recognizer`] ([`sphinx`] or [`vosk`], restricted by the grammar of the
//! moment from [`grammar`]); what it heard goes to [`understand`], which
//! accepts one legal move, asks, or rejects, and to [`confidence`], which
//! says whether an accepted move is sure enough to take without a
//! question. [`ear`] runs that pipeline for
//! the daemon; [`mic`] and [`wav`] are the sound drivers; [`models`] finds and
//! installs recognisers' models; [`adapt`] adapts the English model to a voice.
//!
//! Pure: `audio`, `confidence`, `grammar`, `recognizer`, `understand`. Drivers: the rest.

pub mod adapt;
pub mod audio;
pub mod confidence;
pub mod costs;
pub mod ear;
pub mod grammar;
pub mod mic;
pub mod models;
pub mod moonshine;
pub mod recognizer;
pub mod sphinx;
pub mod understand;
pub mod vosk;
pub mod wav;
