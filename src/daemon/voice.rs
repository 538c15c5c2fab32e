//! Spoken input: the recording, the pipe or the microphone streamed to the
//! loop, and the recogniser on a thread of its own ([`EarThread`]), so that
//! decoding never holds up the loop; what it hears comes back as an input.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use fluent_bundle::FluentArgs;

use super::{DaemonError, Input, Inputs, Loop, wall_clock};
use crate::i18n::{Reason, Said};
use crate::game::event::{Event, Moment};
use crate::hearing::audio::EndpointConfig;
use crate::hearing::ear::{Ear, EngineChoice, ListenChoice, Talk, open_recognizer, phone_model_missing};
use crate::hearing::grammar::Hearing;
use crate::hearing::mic::open_mic;
use crate::hearing::wav::read_wav_rated;
use crate::notation::Lang;

/// How the daemon listens.
#[derive(Clone, Debug)]
pub struct ListenSetup {
    /// Where spoken moves come from.
    pub input: ListenChoice,
    /// Which recogniser to open.
    pub engine: EngineChoice,
    /// A recogniser model folder given by hand.
    pub model: Option<PathBuf>,
    /// Where installed vosk models are looked for.
    pub models_dirs: Vec<PathBuf>,
    /// Heard always, or one utterance after each empty line (Enter).
    pub talk: Talk,
    /// The only style of file words the grammar offers (`None`: every one).
    pub files: Option<crate::speaking::announce::Files>,
    /// Whether "to" after a piece's name is listened for (`hear-to`).
    pub to: bool,
}

impl Default for ListenSetup {
    fn default() -> Self {
        ListenSetup { input: ListenChoice::None, engine: EngineChoice::Auto, model: None, models_dirs: Vec::new(), talk: Talk::Always, files: None, to: false }
    }
}

/// Opens the recogniser and then streams the audio, on its own thread: a
/// model may take seconds to load, and the game starts at once.
pub(super) fn start_listening(listen: &ListenSetup, lang: Lang, tx: Inputs) {
    let listen = listen.clone();
    std::thread::spawn(move || {
        // `rate`: the sample rate the sound is recorded at.
        let open_ear = |rate: u32| {
            let ear = open_recognizer(listen.engine, lang.base().code(), listen.model.as_deref(), &listen.models_dirs, rate, listen.talk)
                .map_err(|e| e.said())
                .and_then(|rec| {
                    let hearing = Hearing::new(lang).ok_or_else(|| Said::new("why-hear-no-words").data("lang", lang.code()))?.with_files(listen.files).with_to(listen.to);
                    let mut ear = Box::new(Ear::new(rec, hearing, EndpointConfig::default()));
                    ear.set_narrowband_plain(phone_model_missing(rate, ear.engine(), listen.model.is_some(), &listen.models_dirs));
                    Ok(ear)
                });
            // Sent to the main loop; false when it failed (it is said there)
            // or the loop has gone.
            let ok = ear.is_ok();
            tx.send(Input::Ear(ear)).is_ok() && ok
        };
        let path = match &listen.input {
            ListenChoice::None => return,
            ListenChoice::Mic(_) | ListenChoice::Auto => {
                let name = match &listen.input {
                    ListenChoice::Mic(name) => name.clone(),
                    _ => None,
                };
                // The microphone first: with none there is no recogniser
                // to load.
                let audio = tx.clone();
                let mic = match open_mic(name.as_deref(), move |pcm| audio.send(Input::Audio(pcm)).is_ok()) {
                    Ok(mic) => {
                        // For whoever sets the machine up; not said to the
                        // player.
                        eprintln!("tiflo: microphone {}", mic.about());
                        mic
                    }
                    Err(e) if listen.input == ListenChoice::Auto => {
                        let _ = tx.send(Input::NoMic(e.to_string()));
                        return;
                    }
                    Err(e) => {
                        let _ = tx.send(Input::Ear(Err(e.said())));
                        return;
                    }
                };
                if !open_ear(mic.rate()) {
                    return;
                }
                // After the recogniser's readiness is said, once, and before
                // the device is let go.
                if let Err(e) = mic.run() {
                    let _ = tx.send(Input::AudioFailed("listen-mic-failed", e.said()));
                }
                drop(mic);
                return;
            }
            ListenChoice::Wav(p) => p.clone(),
            ListenChoice::Pcm(p) => {
                // Raw PCM is 16 kHz.
                if !open_ear(crate::hearing::recognizer::SAMPLE_RATE) {
                    return;
                }
                // Opening a named pipe waits for its writer.
                let mut file = match std::fs::File::open(p) {
                    Ok(f) => f,
                    Err(e) => {
                        let _ = tx.send(Input::AudioFailed("listen-failed", Said::new("why-audio-file").data("path", p.display().to_string()).with("why", e.said())));
                        return;
                    }
                };
                let mut bytes = vec![0u8; 640];
                let mut odd: Option<u8> = None;
                loop {
                    use std::io::Read;
                    let n = match file.read(&mut bytes) {
                        Ok(0) => break,
                        Ok(n) => n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => {
                            let _ = tx.send(Input::AudioFailed("listen-failed", Said::new("why-audio-file").data("path", p.display().to_string()).with("why", e.said())));
                            return;
                        }
                    };
                    // A sample split across two reads is joined.
                    let mut data: Vec<u8> = odd.take().into_iter().collect();
                    data.extend_from_slice(&bytes[..n]);
                    if data.len() % 2 == 1 {
                        odd = data.pop();
                    }
                    let pcm = data.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
                    if tx.send(Input::Audio(pcm)).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Input::AudioEnd);
                return;
            }
        };
        let (pcm, rate) = match read_wav_rated(&path) {
            Ok(p) => p,
            Err(e) => {
                let _ = tx.send(Input::Ear(Err(e.said())));
                return;
            }
        };
        if !open_ear(rate) {
            return;
        }
        // After half a second of a quiet room, as a microphone hears one
        // before the first word, then at the pace it was recorded, as a
        // sound card delivers it.
        let pcm = crate::hearing::audio::with_lead_in(&pcm);
        const PIECE: usize = 320;
        let start = std::time::Instant::now();
        for (i, piece) in pcm.chunks(PIECE).enumerate() {
            let due = Duration::from_micros((i * PIECE) as u64 * 1_000_000 / 16_000);
            if let Some(wait) = due.checked_sub(start.elapsed()) {
                std::thread::sleep(wait);
            }
            if tx.send(Input::Audio(piece.to_vec())).is_err() {
                return;
            }
        }
        let _ = tx.send(Input::AudioEnd);
    });
}

/// What the loop hands the ear's thread, in order.
enum ToEar {
    /// Samples heard while tiflo spoke (`muted`) or not, at `moment`.
    Audio { pcm: Vec<i16>, muted: bool, moment: Moment },
    /// The game after the events last heard were handled: what follows is
    /// heard in it.
    Moment(Moment),
    /// Push to talk: the next utterance is heard.
    ListenOnce,
    /// Push to talk: the talk key went down (`held`) or up, at `moment`.
    Talk { held: bool, moment: Moment },
    /// Push to talk: the talk key joined a chord; what it opened is dropped.
    TalkCancelled,
    /// The audio has ended: an open utterance is decided, and the thread ends.
    Flush(Moment),
}

/// What the ear's thread sends the loop.
#[derive(Debug)]
pub(super) enum Heard {
    /// Events heard: nothing more is heard until the loop has handled them
    /// and sent the game as it is then ([`EarThread::moment`]).
    Events(Vec<Event>),
    /// The recogniser failed (why); the thread has ended.
    Failed(Said),
    /// The audio has ended, with what its last utterance said.
    Ended(Vec<Event>),
}

/// The ear on its own thread, seen from the loop. Audio is handed over as
/// it comes, with the game it is heard in; after it reports events the
/// thread keeps what comes next until the loop sends the game those events
/// made, so that an utterance is never heard against the position before
/// the move just said.
pub(super) struct EarThread {
    tx: mpsc::Sender<ToEar>,
    talk: Talk,
    /// The talk key's press was taken for talking and it is still down.
    held: bool,
}

impl EarThread {
    /// Moves `ear` onto its own thread; `report` hears what it hears
    /// (`false` when the loop has gone, which ends the thread).
    pub(super) fn start(ear: Ear, report: impl Fn(Heard) -> bool + Send + 'static) -> EarThread {
        let talk = ear.talk_mode();
        let (tx, rx) = mpsc::channel::<ToEar>();
        std::thread::spawn(move || {
            let mut ear = ear;
            // What waits for the game after the events reported.
            let mut kept: VecDeque<ToEar> = VecDeque::new();
            let mut waiting = false;
            for message in rx {
                match message {
                    ToEar::Moment(now) => {
                        // What was handed over before it was heard in the
                        // game before: it is heard in this one.
                        for k in kept.iter_mut() {
                            if let ToEar::Audio { moment, .. } | ToEar::Talk { moment, .. } | ToEar::Flush(moment) = k {
                                *moment = now.clone();
                            }
                        }
                        waiting = false;
                    }
                    m => kept.push_back(m),
                }
                while !waiting && let Some(m) = kept.pop_front() {
                    let heard = match m {
                        ToEar::Audio { pcm, muted, moment } => ear.hear(&pcm, muted, &moment),
                        ToEar::Talk { held, moment } => ear.talk(held, &moment),
                        ToEar::ListenOnce => {
                            ear.listen_once();
                            continue;
                        }
                        ToEar::TalkCancelled => {
                            ear.talk_cancelled();
                            continue;
                        }
                        ToEar::Flush(moment) => {
                            let _ = report(Heard::Ended(ear.flush(&moment).unwrap_or_default()));
                            return;
                        }
                        ToEar::Moment(_) => continue,
                    };
                    match heard {
                        Ok(events) if events.is_empty() => {}
                        Ok(events) => {
                            waiting = true;
                            if !report(Heard::Events(events)) {
                                return;
                            }
                        }
                        Err(e) => {
                            let _ = report(Heard::Failed(e.said()));
                            return;
                        }
                    }
                }
            }
        });
        EarThread { tx, talk, held: false }
    }

    /// Hands samples over.
    pub(super) fn hear(&self, pcm: Vec<i16>, muted: bool, moment: Moment) {
        let _ = self.tx.send(ToEar::Audio { pcm, muted, moment });
    }

    /// The game once the events heard were handled.
    pub(super) fn moment(&self, moment: Moment) {
        let _ = self.tx.send(ToEar::Moment(moment));
    }

    /// Push to talk: the next utterance is heard.
    pub(super) fn listen_once(&self) {
        let _ = self.tx.send(ToEar::ListenOnce);
    }

    /// Push to talk: the talk key went down (`held`) or up. A press is
    /// taken only when talking is push to talk; a release only after a
    /// press taken. Whether it was taken.
    pub(super) fn talk(&mut self, held: bool, moment: Moment) -> bool {
        // A press is always taken (a release lost with a display unplugged
        // must not cost the next press).
        if self.talk != Talk::Push || (!held && !self.held) {
            return false;
        }
        self.held = held;
        let _ = self.tx.send(ToEar::Talk { held, moment });
        true
    }

    /// Push to talk: the talk key joined a chord.
    pub(super) fn talk_cancelled(&mut self) {
        if self.held {
            self.held = false;
            let _ = self.tx.send(ToEar::TalkCancelled);
        }
    }

    /// Whether the talk key is held down, taken for talking.
    pub(super) fn talk_held(&self) -> bool {
        self.held
    }

    /// The audio has ended.
    pub(super) fn flush(&self, moment: Moment) {
        let _ = self.tx.send(ToEar::Flush(moment));
    }

    pub(super) fn talk_mode(&self) -> Talk {
        self.talk
    }
}

/// The recogniser is open (or why not).
pub(super) fn on_ear<W: Write>(lp: &mut Loop<'_, W>, opened: Result<Box<Ear>, Said>, tx: &Inputs) -> Result<Vec<Event>, DaemonError> {
    match opened {
        Ok(mut e) => {
            e.set_talk_mode(lp.listen.talk);
            let mut args = FluentArgs::new();
            args.set("engine", e.engine());
            let id = if e.adapted() { "listen-ready-adapted" } else { "listen-ready" };
            lp.daemon.notice(id, Some(&args), wall_clock())?;
            if e.narrowband_plain() {
                // Said once: heard, but less well than it could be.
                lp.daemon.notice("listen-narrowband-plain", None, wall_clock())?;
            }
            let tx = tx.clone();
            lp.ear = Some(EarThread::start(*e, move |h| tx.send(Input::Heard(h)).is_ok()));
        }
        Err(why) => {
            lp.audio_open = false;
            let mut args = FluentArgs::new();
            args.set("why", lp.daemon.session().texts().say(&why));
            lp.daemon.notice("listen-unavailable", Some(&args), wall_clock())?;
        }
    }
    Ok(vec![Event::Tick])
}

/// Samples from the input: handed to the ear, muted while tiflo speaks.
pub(super) fn on_audio<W: Write>(lp: &mut Loop<'_, W>, pcm: Vec<i16>) -> Vec<Event> {
    if let Some(e) = &lp.ear {
        e.hear(pcm, lp.daemon.speaking(), lp.daemon.session().moment(wall_clock()));
    }
    vec![Event::Tick]
}

/// The recording or the pipe has ended: the ear decides what it holds.
pub(super) fn on_audio_end<W: Write>(lp: &mut Loop<'_, W>) -> Result<Vec<Event>, DaemonError> {
    match &lp.ear {
        // Listening ends once the ear has said what it holds (`Heard::Ended`).
        Some(e) => e.flush(lp.daemon.session().moment(wall_clock())),
        None => {
            lp.audio_open = false;
            lp.daemon.notice("listen-ended", None, wall_clock())?;
        }
    }
    Ok(vec![Event::Tick])
}

/// What the ear heard.
pub(super) fn on_heard<W: Write>(lp: &mut Loop<'_, W>, heard: Heard) -> Result<Vec<Event>, DaemonError> {
    Ok(match heard {
        Heard::Events(events) => {
            lp.ear_waits = true;
            spoken(lp.daemon.session().texts(), events)
        }
        Heard::Failed(error) => {
            lp.ear = None;
            let mut args = FluentArgs::new();
            args.set("error", lp.daemon.session().texts().say(&error));
            lp.daemon.notice("listen-failed", Some(&args), wall_clock())?;
            vec![Event::Tick]
        }
        Heard::Ended(events) => {
            lp.audio_open = false;
            lp.ear = None;
            lp.daemon.notice("listen-ended", None, wall_clock())?;
            spoken(lp.daemon.session().texts(), events)
        }
    })
}

/// The ear's answers (yes, no, a number: commands, as a key would send
/// them) marked as spoken, [`Event::Said`] with the line a player would
/// type for them: a spoken answer counts only soon after its question,
/// since anyone nearby may have said it.
fn spoken(texts: &crate::i18n::Texts, events: Vec<Event>) -> Vec<Event> {
    use crate::game::command::Command;
    let first = |id: &str| texts.text(id).split(',').next().unwrap_or_default().trim().to_owned();
    events
        .into_iter()
        .map(|e| match e {
            Event::Command(command) => {
                let line = match &command {
                    Command::Yes => first("cmd-yes"),
                    Command::No => first("cmd-no"),
                    Command::Choice(n) => n.to_string(),
                    // The ear sends no other command as a command.
                    _ => String::new(),
                };
                Event::Said { line, command }
            }
            e => e,
        })
        .collect()
}

/// After the events heard were handled: the ear hears on in the game they
/// made.
pub(super) fn heard_handled<W: Write>(lp: &mut Loop<'_, W>) {
    if std::mem::take(&mut lp.ear_waits)
        && let Some(e) = &lp.ear
    {
        e.moment(lp.daemon.session().moment(wall_clock()));
    }
}

/// The audio input failed (`listen-failed`, or `listen-mic-failed`, and
/// why): listening stops.
pub(super) fn on_audio_failed<W: Write>(lp: &mut Loop<'_, W>, id: &'static str, why: Said) -> Result<Vec<Event>, DaemonError> {
    lp.audio_open = false;
    lp.ear = None;
    let mut args = FluentArgs::new();
    args.set("error", lp.daemon.session().texts().say(&why));
    lp.daemon.notice(id, Some(&args), wall_clock())?;
    Ok(vec![Event::Tick])
}

/// No microphone could be opened (`--listen auto`): said once; moves are
/// typed.
pub(super) fn on_no_mic<W: Write>(lp: &mut Loop<'_, W>, why: String) -> Result<Vec<Event>, DaemonError> {
    lp.audio_open = false;
    // The reason is the sound system's, in English: for whoever sets the
    // machine up, not said to the player.
    eprintln!("tiflo: no microphone: {why}");
    lp.daemon.notice("listen-no-microphone", None, wall_clock())?;
    Ok(vec![Event::Tick])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearing::recognizer::{Grammar, HearError, Recognizer};
    use std::sync::Mutex;

    /// A recogniser whose decoding blocks until the test lets it go: it
    /// says when it has begun deciding, then waits.
    struct Blocking {
        deciding: mpsc::Sender<()>,
        release: Mutex<mpsc::Receiver<()>>,
    }

    impl Recognizer for Blocking {
        fn engine(&self) -> &'static str {
            "blocking"
        }
        fn set_grammar(&mut self, _: &Grammar) -> Result<(), HearError> {
            Ok(())
        }
        fn start(&mut self) -> Result<(), HearError> {
            Ok(())
        }
        fn feed(&mut self, _: &[i16]) -> Result<(), HearError> {
            Ok(())
        }
        fn finish(&mut self) -> Result<Vec<Vec<String>>, HearError> {
            let _ = self.deciding.send(());
            let _ = self.release.lock().unwrap().recv();
            Ok(Vec::new())
        }
    }

    /// Half a second of a tone between a room's quiet noise: one utterance.
    fn utterance() -> Vec<i16> {
        let mut seed = 7u32;
        let mut noise = |n: usize| -> Vec<i16> {
            (0..n)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    ((f64::from(seed >> 16) / 32768.0 - 1.0) * 0.003 * 32767.0) as i16
                })
                .collect()
        };
        let mut pcm = noise(8000);
        pcm.extend((0..9600).map(|i| ((i as f32 * 440.0 * std::f32::consts::TAU / 16000.0).sin() * 0.3 * 32767.0) as i16));
        pcm.extend(noise(24000));
        pcm
    }

    #[test]
    fn the_ears_answers_are_marked_as_spoken() {
        use crate::game::command::Command;
        let texts = crate::i18n::Texts::new(Lang::Es);
        let heard = vec![Event::Command(Command::Yes), Event::Command(Command::No), Event::Command(Command::Choice(2)), Event::Tick];
        assert_eq!(
            spoken(&texts, heard),
            [
                Event::Said { line: "sí".into(), command: Command::Yes },
                Event::Said { line: "no".into(), command: Command::No },
                Event::Said { line: "2".into(), command: Command::Choice(2) },
                Event::Tick,
            ]
        );
    }

    #[test]
    fn decoding_runs_off_the_callers_thread_and_what_follows_waits_for_the_game() {
        let (deciding_tx, deciding) = mpsc::channel();
        let (release, release_rx) = mpsc::channel();
        let (report, reports) = mpsc::channel();
        let rec = Blocking { deciding: deciding_tx, release: Mutex::new(release_rx) };
        let ear = Ear::new(Box::new(rec), Hearing::new(Lang::En).unwrap(), EndpointConfig::default());
        let thread = EarThread::start(ear, move |h| report.send(h).is_ok());
        let moment = Moment::at(shakmaty::Chess::default());
        // Every piece is handed over although the recogniser is stuck
        // deciding the first utterance: the caller (the loop) never waits.
        for piece in utterance().chunks(320) {
            thread.hear(piece.to_vec(), false, moment.clone());
        }
        deciding.recv().unwrap();
        for piece in utterance().chunks(320) {
            thread.hear(piece.to_vec(), false, moment.clone());
        }
        assert!(reports.try_recv().is_err(), "nothing is heard before the recogniser decides");
        release.send(()).unwrap();
        // Sound with no words is still an event, never dropped.
        match reports.recv().unwrap() {
            Heard::Events(events) => assert_eq!(events, [Event::Heard { heard: String::new(), moves: Vec::new(), sure: false }]),
            other => panic!("{other:?}"),
        }
        // The second utterance is heard only once the game after the first
        // is sent: the recogniser has not begun deciding it.
        assert!(deciding.try_recv().is_err());
        thread.moment(moment.clone());
        deciding.recv().unwrap();
        release.send(()).unwrap();
        assert!(matches!(reports.recv().unwrap(), Heard::Events(_)));
        thread.moment(moment.clone());
        thread.flush(moment);
        assert!(matches!(reports.recv().unwrap(), Heard::Ended(e) if e.is_empty()));
    }
}
