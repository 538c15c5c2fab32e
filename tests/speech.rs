//! Speech output with the real engines: espeak-ng writing WAV files, and
//! speech-dispatcher, or the fall-back to text where it cannot speak.

use std::path::Path;
use std::time::{Duration, Instant};

use tiflo::speaking::speech::{
    SpeechChoice, SpeechQueue, TTS_CONNECT_TIMEOUT, TTS_SETUP_TIMEOUT, Voice, WavVoice, default_estimate, drive, open_voice, VoiceSettings,
};

/// Samples, RMS (full scale = 1) and duration of a WAV file.
fn measure(path: &Path) -> (usize, f64, Duration) {
    let mut reader = hound::WavReader::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let spec = reader.spec();
    let samples: Vec<f64> = match spec.sample_format {
        hound::SampleFormat::Int => {
            let full = f64::from(1u32 << (spec.bits_per_sample - 1));
            reader.samples::<i32>().map(|s| f64::from(s.unwrap()) / full).collect()
        }
        hound::SampleFormat::Float => reader.samples::<f32>().map(|s| f64::from(s.unwrap())).collect(),
    };
    let rms = (samples.iter().map(|s| s * s).sum::<f64>() / samples.len().max(1) as f64).sqrt();
    let frames = samples.len() / usize::from(spec.channels);
    (samples.len(), rms, Duration::from_secs_f64(frames as f64 / f64::from(spec.sample_rate)))
}

#[test]
fn espeak_writes_one_wav_per_utterance() {
    let dir = tempfile::tempdir().unwrap();
    let phrases = [("es", "caballo f tres"), ("pt", "cavalo f três"), ("en", "knight f three")];
    for (n, (lang, phrase)) in phrases.iter().enumerate() {
        // A voice opened on a folder that has files goes on after them.
        let (mut voice, notice) = open_voice(&SpeechChoice::Wav(dir.path().to_owned()), lang, &VoiceSettings::default());
        assert_eq!(notice, None, "espeak-ng must run here (scripts/setup.sh --test installs it)");
        assert!(voice.describe().contains("espeak-ng"), "{}", voice.describe());
        voice.speak(phrase).unwrap();
        assert_eq!(voice.is_speaking(), Some(false), "synchronous");
        let path = dir.path().join(format!("{:04}.wav", n + 1));
        let (samples, rms, duration) = measure(&path);
        println!("{lang} {phrase:?}: {} samples, RMS {rms:.3}, {duration:?}", samples);
        assert!(samples > 0, "{lang}: no samples");
        assert!(rms > 0.01, "{lang}: silent (RMS {rms})");
        assert!(duration >= Duration::from_millis(300) && duration <= Duration::from_secs(5), "{lang}: {duration:?}");
    }
}

#[test]
fn wav_voice_numbers_files_and_reads_text_as_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("0007.wav"), b"").unwrap();
    std::fs::write(dir.path().join("notes.txt"), b"").unwrap();
    let mut voice = WavVoice::new(dir.path(), "en").unwrap();
    assert_eq!(voice.voice(), "en-gb");
    // A phrase that looks like an option is spoken, not obeyed.
    voice.speak("-v xx --help").unwrap();
    assert_eq!(voice.last_file(), Some(dir.path().join("0008.wav").as_path()));
    assert!(measure(voice.last_file().unwrap()).1 > 0.01);
    voice.speak("e4").unwrap();
    assert_eq!(voice.last_file(), Some(dir.path().join("0009.wav").as_path()));
}

#[test]
fn wav_voice_falls_back_when_it_cannot_write() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let (mut voice, notice) = open_voice(&SpeechChoice::Wav(file.path().join("sub")), "es", &VoiceSettings::default());
    let notice = notice.expect("a folder inside a file cannot be made");
    assert!(notice.to_string().contains("cannot create"), "{notice}");
    assert_eq!(voice.describe(), "text");
    voice.speak("caballo f tres").unwrap();
    let (_, notice) = open_voice(&SpeechChoice::Wav(std::env::temp_dir()), "figurine", &VoiceSettings::default());
    assert!(notice.is_some_and(|n| n.to_string().contains("figurine")));
}

#[test]
fn tts_speaks_or_falls_back_to_text() {
    let start = Instant::now();
    let (mut voice, notice) = open_voice(&SpeechChoice::Tts, "en", &VoiceSettings::default());
    let took = start.elapsed();
    let limit = TTS_CONNECT_TIMEOUT + TTS_SETUP_TIMEOUT + Duration::from_secs(3);
    assert!(took < limit, "opening speech-dispatcher must not hang: {took:?}");
    match notice {
        None => {
            println!("speech-dispatcher works here: {} (opened in {took:?})", voice.describe());
            assert!(voice.describe().starts_with("speech-dispatcher"), "{}", voice.describe());
            voice.speak("knight f three").unwrap();
            assert!(voice.is_speaking().is_some(), "speech-dispatcher reports the end of utterances");
            voice.stop().unwrap();
            assert_eq!(voice.is_speaking(), Some(false), "stopped");
            // Through the queue: both messages are started and reported ended.
            let mut queue = SpeechQueue::new();
            let t0 = Instant::now();
            queue.push("check".into(), false, t0.elapsed());
            queue.push("ten seconds".into(), true, t0.elapsed());
            while (queue.speaking() || queue.waiting() > 0) && t0.elapsed() < Duration::from_secs(15) {
                drive(&mut queue, voice.as_mut(), t0.elapsed()).unwrap();
                std::thread::sleep(Duration::from_millis(20));
            }
            assert!(!queue.speaking() && queue.waiting() == 0, "speech-dispatcher finished both in time");
            assert_eq!(queue.last(), Some("check"));
        }
        Some(reason) => {
            println!("speech-dispatcher does not speak here ({reason}); fell back to text after {took:?}");
            assert!(!reason.to_string().is_empty());
            assert_eq!(voice.describe(), "text");
            voice.speak("knight f three").unwrap();
            assert_eq!(voice.is_speaking(), Some(false));
            // The text voice drives a queue straight through.
            let mut queue = SpeechQueue::with_estimate(default_estimate);
            queue.push("check".into(), false, Duration::ZERO);
            drive(&mut queue, voice.as_mut(), Duration::ZERO).unwrap();
            drive(&mut queue, voice.as_mut(), Duration::from_millis(1)).unwrap();
            assert!(!queue.speaking());
        }
    }
}
