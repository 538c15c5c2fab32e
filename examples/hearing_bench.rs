//! Measures hearing with pocketsphinx end to end on English moves
//! (`tests/common/hearing.rs`), as markdown tables for `docs/benchmarks.md`.
//!
//! By default, the noisy hall: the corpus's training and held-out parts
//! (`Split`: voices of espeak-ng, flite and festival, positions of two
//! games), clean and in a hall (pink noise or babble at 20 and 10 dB SNR,
//! from 1.5 s before the speech to 1.5 s after it, a door or a clock press
//! in the noise alone), by split, source, condition and file words: the
//! right move first, what the rest became, what was heard in the noise
//! alone, the latency from the end of an utterance to the decision.
//! `--per-position` moves are said in each position of a game (4 unless
//! given), on `--threads` threads (1 unless given).
//!
//! With `--curve`, the confidence's curve instead of the hall tables: for
//! the rule chosen on training (`tiflo::hearing::confidence::TRAINED`) and for the same
//! rule with its thresholds moved, the share of utterances decided without
//! a question and the wrong records, by split and condition; with
//! `--features FILE`, every utterance's features written to FILE (one
//! tab-separated line each) for choosing the rule on the training part.
//!
//! With `--training-tables`, the older tables instead, on the four
//! espeak-ng training voices: clean and pink noise over the speech at
//! 20 dB, adapted to each voice, the speaker's file words only, and spoken
//! commands.
//!
//! With `--rate 8000`, the cases are said through a headset in call mode
//! instead (`Split::phone_cases`: the telephone band at 8 kHz, with
//! festival's 8 kHz voices), clean unless `--noise` asks for the hall.
//! `--adapted DIR` decodes with the adapted means and variances in DIR;
//! `--each-adapted` adapts to each voice first, as a player would with
//! `tiflo adapt` (its enrolment voice: slower, the adaptation phrases,
//! clean), and decodes its cases (other sentences, other rates, in noise)
//! with that; `--stand-out`, how far utterances stood out of the floor;
//! `--snr 10,5`, the noises at these SNRs instead of 20 and 10 dB;
//! `--endpointing`, the endpointer alone (no recogniser): utterances over
//! the speech and in the noise alone;
//! `--lengths`, how long the utterances the endpointer cut were, the moves
//! said and what the noise alone was read as;
//! `--adapted phone-takes` (or `hall-takes`) makes a telephone-band (or
//! hall) model from the training voices first and decodes with it; with
//! `--speeds 0.9,1.1` its recordings are also played at these speeds
//! (`scripts/phone-model.sh` makes its model with the speeds of
//! `examples/phone_model.rs`), with `--extra` also said by
//! `hearing::EXTRA_ESPEAK`, and with `--leave-out SPEAKER` the training
//! voices of that speaker are left out of it and only they are heard.
//!
//! With `--phrasings N`, the phrases Lichess asked its voice users to say
//! instead (`../shared/data/crowdv`): N of each kind per split, clean and in
//! babble at 20 dB. With `--natural N`, moves said with a word before the
//! destination ("pawn to e four", "queen to e two check":
//! `hearing::natural_cases`; and captures said with "takes on"), the same
//! way.
//!
//! With `--to` (hall or phrasings), the grammars hold "to" after a piece's
//! name, as the `hear-to = true` setting has them (`Forms::WITH_TO`).
//! With `--no-partial` (hall), an utterance whose grammar search ends in
//! no reading is heard as nothing, as before the partial reading was given
//! (`Sphinx::set_partial_readings`).
//!
//! With `--answers`, the answers a question takes instead ("yes", "no",
//! "one" to "four") said by the training voices, clean and in the training
//! babble at 20 and 10 dB, heard by the daemon's listener hearing always,
//! with its check of an answer's length (`tiflo::hearing::ear::ANSWER_MAX_MS`)
//! off and on; and what five
//! minutes of the training babble alone made of a question standing
//! (training part only: the babble's talkers are the training voices).
//! With `--answers --split heldout` (or `all`), the held-out voices' answers
//! too, in the hall's babble.
//!
//! With `--dump FILE` (hall or phrasings), what was said and heard is
//! written to FILE, one utterance a line, for `examples/costs.rs`.
//!
//! With `--engine moonshine` (hall, 8 kHz, phrasings), the cases are heard by the Moonshine
//! recogniser instead of pocketsphinx (`scripts/moonshine-model.sh`
//! installs it).
//!
//! With `--save-audio DIR` (hall), nothing is heard: each case's sound, as
//! the recogniser would get it, is written to DIR as a 16 kHz WAV, with
//! `manifest.tsv` naming its part, condition, voice, the phrase and move
//! said, and every legal move of its position with the phrases the
//! announcer has for it, so that another recogniser can be measured on
//! the same sound.
//!
//! ```sh
//! bash scripts/setup.sh --test
//! taskset -c 0 cargo run --release --example hearing_bench -- [--split train|heldout|all|fresh|fresh2] [--per-position N] [--threads N] [--noise pink|babble] [--misses]
//! taskset -c 0 cargo run --release --example hearing_bench -- --rate 8000 --split train [--adapted phone-takes|DIR] [--misses]
//! taskset -c 0 cargo run --release --example hearing_bench -- --curve --split train [--features FILE] [--per-position N] [--threads N]
//! taskset -c 0 cargo run --release --example hearing_bench -- --training-tables [--misses]
//! ```

#[path = "../tests/common/hearing.rs"]
mod hearing;

use std::process::ExitCode;

use tiflo::speaking::announce::{Files, Style};
use tiflo::hearing::sphinx::Sphinx;
use tiflo::hearing::understand::Forms;

/// The English corpus of the tests and this benchmark.
pub fn english() -> Vec<hearing::Case> {
    let voices = hearing::TRAIN_ESPEAK.map(hearing::Voice::new);
    hearing::cases("en", &hearing::spots(9), &voices, &[Style::Short, Style::Long], &[Files::Letters, Files::Nato])
}

/// The English spoken commands of the tests and this benchmark.
pub fn commands() -> Vec<hearing::CommandCase> {
    let voices = hearing::TRAIN_ESPEAK.map(hearing::Voice::new);
    hearing::command_cases(&hearing::spots(9), &voices, 8)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let show_misses = args.iter().any(|a| a == "--misses");
    if args.iter().any(|a| a == "--training-tables") {
        return training_tables(show_misses);
    }
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str);
    let splits = match value("--split").unwrap_or("all") {
        "train" => vec![hearing::Split::Train],
        "heldout" | "held-out" => vec![hearing::Split::HeldOut],
        "all" => vec![hearing::Split::Train, hearing::Split::HeldOut],
        // Heard only once a choice is made (`Split::Fresh`), never with `all`.
        "fresh" => vec![hearing::Split::Fresh],
        "fresh2" => vec![hearing::Split::Fresh2],
        other => {
            eprintln!("hearing_bench: --split takes train, heldout, all, fresh or fresh2, not {other:?}");
            return ExitCode::from(2);
        }
    };
    let per_position = match value("--per-position").map(str::parse::<usize>) {
        None => 4,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("hearing_bench: --per-position takes a number of moves");
            return ExitCode::from(2);
        }
    };
    let threads = match value("--threads").map(str::parse::<usize>) {
        None => 1,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("hearing_bench: --threads takes a number");
            return ExitCode::from(2);
        }
    };
    // "to" after a piece's name listened for, as `hear-to = true` has it.
    let forms = if args.iter().any(|a| a == "--to") { Forms::WITH_TO } else { Forms::DEFAULT };
    if args.iter().any(|a| a == "--answers") {
        // The answers of the training part unless another is asked.
        let splits = if value("--split").is_none() { vec![hearing::Split::Train] } else { splits };
        return match answers(&splits) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("hearing_bench: {e}");
                ExitCode::from(2)
            }
        };
    }
    if let Some((per_kind, natural)) = value("--phrasings").map(|n| (n, false)).or_else(|| value("--natural").map(|n| (n, true))) {
        let Ok(per_kind) = per_kind.parse::<usize>() else {
            eprintln!("hearing_bench: --phrasings and --natural take a number of phrases of each kind");
            return ExitCode::from(2);
        };
        let dump = value("--dump").map(std::path::PathBuf::from);
        let moonshine = value("--engine") == Some("moonshine");
        return match phrasings(&splits, per_kind, natural, forms, threads, show_misses, dump.as_deref(), moonshine) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("hearing_bench: {e}");
                ExitCode::from(2)
            }
        };
    }
    let phone = match value("--rate") {
        None | Some("16000") => false,
        Some("8000") => true,
        Some(other) => {
            eprintln!("hearing_bench: --rate takes 16000 or 8000, not {other:?}");
            return ExitCode::from(2);
        }
    };
    let noises = match value("--noise") {
        // At 8 kHz the headset's own speech, clean, unless a hall is asked.
        None if phone => vec![],
        None => vec![hearing::Noise::Pink, hearing::Noise::Babble],
        Some("pink") => vec![hearing::Noise::Pink],
        Some("babble") => vec![hearing::Noise::Babble],
        Some(other) => {
            eprintln!("hearing_bench: --noise takes pink or babble, not {other:?}");
            return ExitCode::from(2);
        }
    };
    // `--speeds 0.9,1.1` and `--leave-out SPEAKER`: how a model made here
    // (`--adapted phone-takes` or `hall-takes`) is made (`hearing::Recipe`);
    // with a speaker left out, only that speaker's cases are heard.
    let recipe = hearing::Recipe {
        speeds: match value("--speeds").map(|l| l.split(',').map(str::parse::<f32>).collect::<Result<Vec<_>, _>>()) {
            None => Vec::new(),
            Some(Ok(l)) => l,
            Some(Err(_)) => {
                eprintln!("hearing_bench: --speeds takes factors separated by commas");
                return ExitCode::from(2);
            }
        },
        leave_out: value("--leave-out").map(str::to_owned),
        // `--extra`: also the voices in no part of the corpus
        extra: if args.iter().any(|a| a == "--extra") { hearing::EXTRA_ESPEAK.iter().map(|a| hearing::Voice::new(a)).collect() } else { Vec::new() },
    };
    let made_here = matches!(value("--adapted"), Some("phone-takes" | "hall-takes"));
    let adapted = match value("--adapted") {
        Some(which @ ("phone-takes" | "hall-takes")) => {
            // The telephone-band or hall adaptation made here from the training voices.
            let work = hearing::work_dir("bench-setup-adapt");
            let takes = if which == "phone-takes" {
                hearing::phone_takes_with(&work, &recipe)
            } else {
                hearing::hall_takes_with(&work, &hearing::HALL_BABBLE_SNRS, &hearing::HALL_PINK_SNRS, &recipe)
            };
            let made = takes.and_then(|takes| {
                eprintln!("hearing_bench: adapting to {} recordings", takes.len());
                let out = work.join("model");
                tiflo::hearing::adapt::adapt(std::path::Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), &takes, &out).map_err(|e| e.to_string())?;
                Ok(out)
            });
            match made {
                Ok(out) => Some(out),
                Err(e) => {
                    eprintln!("hearing_bench: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        other => other.map(std::path::PathBuf::from),
    };
    // `--snr 10,5`: the noises at these SNRs instead of the usual 20 and 10 dB
    // (a harder condition of the training part to choose on).
    let snrs: Option<Vec<f32>> = match value("--snr").map(|l| l.split(',').map(str::parse::<f32>).collect::<Result<Vec<_>, _>>()) {
        None => None,
        Some(Ok(l)) if !l.is_empty() => Some(l),
        Some(_) => {
            eprintln!("hearing_bench: --snr takes SNRs in dB separated by commas");
            return ExitCode::from(2);
        }
    };
    let output = Output { endpointing: args.iter().any(|a| a == "--endpointing"), snrs, each_adapted: args.iter().any(|a| a == "--each-adapted"), stand_out: args.iter().any(|a| a == "--stand-out"), lengths: args.iter().any(|a| a == "--lengths"), misses: show_misses, curve: args.iter().any(|a| a == "--curve"), features: value("--features").map(std::path::PathBuf::from), dump: value("--dump").map(std::path::PathBuf::from), phone, adapted, forms, partial: !args.iter().any(|a| a == "--no-partial"), only: recipe.leave_out.clone(), save_audio: value("--save-audio").map(std::path::PathBuf::from), moonshine: value("--engine") == Some("moonshine") };
    let done = hall(&splits, per_position, threads, &noises, &output);
    if let Some(made) = output.adapted.as_ref().filter(|_| made_here) {
        let _ = std::fs::remove_dir_all(made.parent().unwrap_or(made));
    }
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hearing_bench: {e}");
            ExitCode::from(2)
        }
    }
}

/// What the hall run prints.
struct Output {
    misses: bool,
    /// the SNRs of the noisy conditions, when not the usual ones
    snrs: Option<Vec<f32>>,
    /// the confidence's curve instead of the hall tables
    curve: bool,
    /// where to write every utterance's features
    features: Option<std::path::PathBuf>,
    /// where to write what was said and heard (`dump_lines`)
    dump: Option<std::path::PathBuf>,
    /// the cases said through a headset in call mode (8 kHz)
    phone: bool,
    /// the adapted means and variances to decode with
    adapted: Option<std::path::PathBuf>,
    /// how far utterances stood out of the floor instead of the tables
    stand_out: bool,
    /// how long utterances were instead of the tables
    lengths: bool,
    /// the endpointer alone (no recogniser): where it opened utterances
    endpointing: bool,
    /// every voice heard with pocketsphinx adapted to it (`tiflo adapt`)
    each_adapted: bool,
    /// the forms the grammars hold besides the moves (`--to`: "to" after a
    /// piece's name, as `hear-to = true`)
    forms: Forms,
    /// whether the partial reading is given when the search ends in none
    partial: bool,
    /// only the voices whose speaker holds this text are heard
    only: Option<String>,
    /// where to write each case's sound and a manifest instead of hearing
    save_audio: Option<std::path::PathBuf>,
    /// heard by Moonshine instead of pocketsphinx (`--engine moonshine`)
    moonshine: bool,
}

/// Writes each case's sound as it would be heard (16 kHz mono WAV) into
/// `dir`, with `manifest.tsv`: the file, part, condition, synthesizer,
/// voice, the phrase said, the move said (UCI), and every legal move of
/// the position with the phrases tiflo's announcer has for it (short and
/// long style, letters and NATO words), for measuring other recognisers
/// on the same sound.
fn save_audio(cases: &[hearing::Case], split: &str, work: &std::path::Path, dir: &std::path::Path) -> Result<(), String> {
    use std::io::Write;
    use shakmaty::Position;
    use tiflo::speaking::announce::Announcer;
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let manifest = dir.join("manifest.tsv");
    let mut out = std::fs::OpenOptions::new().create(true).append(true).open(&manifest).map_err(|e| e.to_string())?;
    let announcers: Vec<Announcer> = [Style::Short, Style::Long]
        .iter()
        .flat_map(|st| [Files::Letters, Files::Nato].map(|f| Announcer::new("en", *st, f).expect("the English pack")))
        .collect();
    for (i, c) in cases.iter().enumerate() {
        let (pcm, _) = hearing::sound(c, work)?;
        let name = format!("{split}-{i:05}.wav");
        let spec = hound::WavSpec { channels: 1, sample_rate: 16_000, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
        let mut w = hound::WavWriter::create(dir.join(&name), spec).map_err(|e| e.to_string())?;
        for s in &pcm {
            w.write_sample(*s).map_err(|e| e.to_string())?;
        }
        w.finalize().map_err(|e| e.to_string())?;
        let mut alternatives = Vec::new();
        for m in c.pos.legal_moves() {
            let mut after = c.pos.clone();
            after.play_unchecked(m);
            let mut phrases: Vec<String> = announcers.iter().map(|a| a.phrase(&c.pos, m, &after)).collect();
            phrases.dedup();
            alternatives.push(format!("{}={}", m.to_uci(shakmaty::CastlingMode::Standard), phrases.join("|")));
        }
        writeln!(
            out,
            "{name}\t{split}\t{}\t{:?}\t{}\t{}\t{}\t{}",
            c.condition(),
            c.voice.synth,
            c.voice.name,
            c.phrase,
            c.mv.to_uci(shakmaty::CastlingMode::Standard),
            alternatives.join(";")
        )
        .map_err(|e| e.to_string())?;
    }
    eprintln!("{split}: {} cases written to {}", cases.len(), dir.display());
    Ok(())
}

/// The Moonshine recogniser's folder, installed system-wide.
fn moonshine_model() -> Result<std::path::PathBuf, String> {
    let dirs = tiflo::hearing::models::search_dirs(std::path::Path::new(tiflo::hearing::models::SYSTEM_DIRS[0]));
    tiflo::hearing::moonshine::find_in(&dirs).ok_or_else(|| "the Moonshine model is not installed: run scripts/moonshine-model.sh".to_owned())
}

/// The noisy-hall tables for `splits`.
fn hall(splits: &[hearing::Split], per_position: usize, threads: usize, noises: &[hearing::Noise], output: &Output) -> Result<(), String> {
    hearing::check_tools("en")?;
    let mut results = Vec::new();
    for split in splits {
        let mut clean = if output.phone { split.phone_cases(per_position) } else { split.cases(per_position) };
        if let Some(who) = &output.only {
            clean.retain(|c| c.voice.speaker().contains(who.as_str()));
            if clean.is_empty() {
                return Err(format!("--leave-out {who}: no voice of this part is that speaker's"));
            }
        }
        hearing::check_voices(&if output.phone { split.phone_voices() } else { split.voices() })?;
        let mut cases = clean.clone();
        let conditions: Vec<(hearing::Noise, f32)> = match &output.snrs {
            Some(snrs) => noises.iter().flat_map(|n| snrs.iter().map(move |s| (*n, *s))).collect(),
            None => hearing::HALL_CONDITIONS.into_iter().filter(|(n, _)| noises.contains(n)).collect(),
        };
        for (noise, snr) in conditions {
            cases.extend(hearing::hall(&clean, noise, snr));
        }
        let work = hearing::work_dir("bench-hall");
        if let Some(dir) = &output.save_audio {
            let saved = save_audio(&cases, split.name(), &work, dir);
            let _ = std::fs::remove_dir_all(&work);
            saved?;
            continue;
        }
        if output.endpointing {
            let got = endpointing(&cases, &work, threads);
            let _ = std::fs::remove_dir_all(&work);
            print_endpointing(split.name(), &got?);
            continue;
        }
        let t = std::time::Instant::now();
        let adapted = output.adapted.clone();
        let partial = output.partial;
        let open = || {
            let mut rec = Sphinx::open_adapted(std::path::Path::new(tiflo::hearing::sphinx::DEFAULT_MODEL), adapted.as_deref()).map_err(|e| e.to_string())?;
            rec.set_partial_readings(partial);
            Ok::<_, String>(rec)
        };
        let mut got = if output.moonshine {
            let dir = moonshine_model()?;
            let open = || tiflo::hearing::moonshine::Moonshine::open(&dir).map_err(|e| e.to_string());
            hearing::run_parallel_with_forms(&cases, "en", output.forms, open, &work, threads)?
        } else if output.each_adapted {
            // Each voice adapted to as a player would (`tiflo adapt`): its
            // enrolment voice, slower, reading the adaptation phrases, clean.
            hearing::run_adapted(&cases, "en", &work, threads)?
        } else {
            hearing::run_parallel_with_forms(&cases, "en", output.forms, open, &work, threads)?
        };
        let _ = std::fs::remove_dir_all(&work);
        eprintln!("{}: {} utterances in {:.0?}", split.name(), cases.len(), t.elapsed());
        results.append(&mut got);
    }
    if output.endpointing || output.save_audio.is_some() {
        return Ok(());
    }
    let split_of = |r: &hearing::Decoded| if splits.len() == 1 { splits[0] } else { split_of_voice(&r.case.voice) };
    let by_condition = |r: &hearing::Decoded| format!("{}, {}", split_of(r).name(), r.case.condition());
    if let Some(file) = &output.dump {
        std::fs::write(file, dump_lines(&results, |r| split_of(r).name().to_owned())).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    if let Some(file) = &output.features {
        std::fs::write(file, hearing::feature_lines(&results, |r| split_of(r).name().to_owned())).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    if output.curve {
        println!("Confidence by split:\n\n{}", hearing::curve_table(&results, |r| split_of(r).name().to_owned()));
        // The rule in use for the recogniser's scores (Moonshine's for
        // its own, else the rule chosen on training for pocketsphinx's).
        let (rule, named) = if output.moonshine {
            (tiflo::hearing::confidence::TOKENS, "Moonshine's rule in use, `TOKENS`")
        } else {
            (tiflo::hearing::confidence::TRAINED, "the rule chosen on training")
        };
        println!("Confidence by split and condition ({named}):\n");
        println!("| speech | utterances | decided without a question | wrong records over the speech | wrong records in the noise alone |\n|---|---:|---:|---:|---:|");
        let mut names: Vec<String> = results.iter().map(by_condition).collect();
        names.sort();
        names.dedup();
        for name in names {
            let rows: Vec<&hearing::Decoded> = results.iter().filter(|r| by_condition(r) == name).collect();
            let d = hearing::Decided::of(&rows, &rule);
            println!("| {name} | {} | {} ({:.1} %) | {} | {} |", d.utterances, d.decided, 100.0 * d.share(), d.wrong, d.phantoms);
        }
        return Ok(());
    }
    let show_misses = output.misses;
    if output.lengths {
        println!(
            "How long utterances were, by split and condition:\n\n{}",
            hearing::length_table(&results, by_condition, &[3_000, 3_300, 3_500, 3_700, 4_000])
        );
        return Ok(());
    }
    if output.stand_out {
        println!(
            "How far utterances stood out of the floor, by split and condition:\n\n{}",
            hearing::stand_out_table(&results, by_condition, &[8.0, 10.0, 12.0, 14.0, 16.0])
        );
        return Ok(());
    }
    println!("By split and condition:\n\n{}", hearing::hall_table(&results, by_condition));
    println!(
        "By split, source and condition:\n\n{}",
        hearing::hall_table(&results, |r| format!("{}, {}, {}", split_of(r).name(), hearing::source(r), r.case.condition()))
    );
    println!(
        "By split, condition and file words:\n\n{}",
        hearing::hall_table(&results, |r| format!("{}, {}, {}", split_of(r).name(), r.case.condition(), hearing::file_words(r)))
    );
    println!(
        "By split and knock (noisy conditions):\n\n{}",
        hearing::hall_table(
            &results.iter().filter(|r| r.case.hall.is_some()).cloned().collect::<Vec<_>>(),
            |r| format!("{}, {:?} in the {}", split_of(r).name(), r.case.hall.map(|h| h.knock).expect("a hall"), if r.case.hall.is_some_and(|h| h.in_lead) { "lead" } else { "tail" })
        )
    );
    println!("By split and voice:\n\n{}", hearing::hall_table(&results, |r| format!("{}, {}", split_of(r).name(), r.case.voice.name)));
    if show_misses {
        print!("{}", hearing::misses(&results));
    }
    Ok(())
}

/// What the endpointer alone made of a case: the utterances over the
/// speech and in the noise alone.
struct Endpointed {
    case: hearing::Case,
    over_speech: usize,
    in_noise: usize,
}

/// The endpointer alone (as the daemon's, with its default thresholds) over
/// every case, on `threads` threads.
fn endpointing(cases: &[hearing::Case], work: &std::path::Path, threads: usize) -> Result<Vec<Endpointed>, String> {
    use tiflo::hearing::audio::{EndpointConfig, Endpointer, Vad};
    hearing::in_parallel(cases, work, threads, |part, work| {
        let mut out = Vec::new();
        for c in part {
            let (pcm, (s0, s1)) = hearing::sound(c, work)?;
            let mut ep = Endpointer::new(EndpointConfig::default());
            let mut events = Vec::new();
            for piece in pcm.chunks(320) {
                events.extend(ep.push(piece));
            }
            events.extend(ep.flush());
            let (mut start, mut over_speech, mut in_noise) = (0u64, 0, 0);
            for ev in events {
                match ev {
                    Vad::Start { at } => start = at,
                    Vad::End { at } if at as usize > s0 && (start as usize) < s1 => over_speech += 1,
                    Vad::End { .. } => in_noise += 1,
                    Vad::Audio(_) | Vad::Pause | Vad::Resume => {}
                }
            }
            out.push(Endpointed { case: c.clone(), over_speech, in_noise });
        }
        Ok(out)
    })
}

/// The endpointer's table: by condition and by source and condition.
fn print_endpointing(split: &str, got: &[Endpointed]) {
    // Each case counts under its condition, and its condition and source.
    let keyed: Vec<([String; 2], &Endpointed)> = got
        .iter()
        .map(|e| ([e.case.condition(), format!("{}, {}", e.case.condition(), e.case.voice.synth.name())], e))
        .collect();
    let mut keys: Vec<&String> = keyed.iter().flat_map(|(k, _)| k).collect();
    keys.sort();
    keys.dedup();
    println!("The endpointer alone, {split}:\n\n| speech | utterances | none over the speech | one | cut in two or more | extra utterances in the noise alone |\n|---|---:|---:|---:|---:|---:|");
    for k in keys {
        let rows: Vec<&Endpointed> = keyed.iter().filter(|(ks, _)| ks.contains(k)).map(|(_, e)| *e).collect();
        let none = rows.iter().filter(|e| e.over_speech == 0).count();
        let one = rows.iter().filter(|e| e.over_speech == 1).count();
        let more = rows.iter().filter(|e| e.over_speech > 1).count();
        let noise: usize = rows.iter().map(|e| e.in_noise).sum();
        println!("| {k} | {} | {none} | {one} | {more} | {noise} |", rows.len());
    }
    println!();
}

/// The phrases players say (Lichess's voice prompts), clean and in babble
/// at 20 dB, by split, kind and condition.
fn phrasings(
    splits: &[hearing::Split],
    per_kind: usize,
    natural: bool,
    forms: Forms,
    threads: usize,
    show_misses: bool,
    dump: Option<&std::path::Path>,
    moonshine: bool,
) -> Result<(), String> {
    hearing::check_tools("en")?;
    let mut results = Vec::new();
    for split in splits {
        let clean = if natural { hearing::natural_cases(*split, per_kind) } else { hearing::phrasing_cases(*split, per_kind)? };
        hearing::check_voices(&split.voices())?;
        let mut cases = clean.clone();
        cases.extend(hearing::hall(&clean, hearing::Noise::Babble, 20.0));
        let work = hearing::work_dir("bench-phrasings");
        let mut got = if moonshine {
            let dir = moonshine_model()?;
            hearing::run_parallel_with_forms(&cases, "en", forms, || tiflo::hearing::moonshine::Moonshine::open(&dir).map_err(|e| e.to_string()), &work, threads)?
        } else {
            hearing::run_parallel_with_forms(&cases, "en", forms, || Sphinx::open_default().map_err(|e| e.to_string()), &work, threads)?
        };
        let _ = std::fs::remove_dir_all(&work);
        results.append(&mut got);
    }
    let split_of = |r: &hearing::Decoded| if splits.len() == 1 { splits[0] } else { split_of_voice(&r.case.voice) };
    if let Some(file) = dump {
        std::fs::write(file, dump_lines(&results, |r| split_of(r).name().to_owned())).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    println!("Players' phrasings by split and condition:\n\n{}", hearing::hall_table(&results, |r| format!("{}, {}", split_of(r).name(), r.case.condition())));
    println!("By split, kind and condition:\n\n{}", hearing::hall_table(&results, |r| format!("{}, {}, {}", split_of(r).name(), r.case.position, r.case.condition())));
    if show_misses {
        print!("{}", hearing::misses(&results));
    }
    Ok(())
}

/// What was said and heard, one utterance a line, tab-separated: the
/// split, the condition, the kind of position, the FEN, the move (UCI),
/// the words said, and the recogniser's alternatives (best first, each
/// its words joined by spaces, the alternatives by " | "). What the
/// understanding makes of it can be worked out again from this alone
/// (`examples/costs.rs rescore`), and the costs learnt from it
/// (`examples/costs.rs learn`).
fn dump_lines(results: &[hearing::Decoded], split: impl Fn(&hearing::Decoded) -> String) -> String {
    let mut out = String::from("# split\tcondition\tkind\tfen\tuci\tsaid\theard\n");
    for r in results {
        let fen = shakmaty::fen::Fen::from_position(&r.case.pos, shakmaty::EnPassantMode::Legal).to_string();
        let uci = r.case.mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
        let heard: Vec<String> = r.heard.iter().map(|h| h.join(" ")).collect();
        out.push_str(&format!("{}\t{}\t{}\t{fen}\t{uci}\t{}\t{}\n", split(r), r.case.condition(), r.case.position, r.case.phrase, heard.join(" | ")));
    }
    out
}

/// The part of the corpus a voice belongs to.
fn split_of_voice(v: &hearing::Voice) -> hearing::Split {
    if hearing::Split::Train.phone_voices().contains(v) {
        hearing::Split::Train
    } else if hearing::Split::Fresh.voices().contains(v) {
        hearing::Split::Fresh
    } else if hearing::Split::Fresh2.voices().contains(v) {
        hearing::Split::Fresh2
    } else {
        hearing::Split::HeldOut
    }
}

/// The older tables, on the four espeak-ng training voices.
fn training_tables(show_misses: bool) -> ExitCode {
    let run = || -> Result<(), String> {
        hearing::check_tools("en")?;
        let work = hearing::work_dir("bench");
        let clean = english();
        let mut cases = clean.clone();
        cases.extend(hearing::noisy(&clean, 20.0));
        let mut rec = Sphinx::open_default().map_err(|e| e.to_string())?;
        let results = hearing::run(&cases, "en", &mut rec, &work)?;
        let mut checker = Sphinx::open_default().map_err(|e| e.to_string())?;
        checker.set_alternatives(1);
        let t = std::time::Instant::now();
        let agreement = hearing::agreement(&results, "en", &mut checker, &work)?;
        println!("agreement checks took {:?}", t.elapsed());
        println!("Readings a sure understanding would accept: {} ({} of them wrong); the open grammar agreed on {} ({} of them wrong).\n", agreement.clear, agreement.clear_wrong, agreement.agreed, agreement.agreed_wrong);
        let _ = std::fs::remove_dir_all(&work);
        let by_condition = |r: &hearing::Decoded| match r.case.snr {
            Some(snr) => format!("pocketsphinx, noise {snr} dB SNR"),
            None => "pocketsphinx, clean".to_owned(),
        };
        let by_words = |r: &hearing::Decoded| {
            format!("{}, {:?} files, {}", by_condition(r), r.case.files, if r.case.snr.is_some() { "noisy" } else { "clean" })
        };
        println!("{}", hearing::table(&results, by_condition));
        println!("{}", hearing::table(&results, by_words));
        println!("{}", hearing::table(&results, |r| format!("{}, {}", by_condition(r), r.case.voice.name)));
        if show_misses {
            print!("{}", hearing::misses(&results));
        }
        // The same utterances with pocketsphinx adapted to each voice
        // (`tiflo adapt`).
        let work = hearing::work_dir("bench-adapted");
        let adapted = hearing::run_adapted(&cases, "en", &work, 1)?;
        let _ = std::fs::remove_dir_all(&work);
        println!("Adapted to each voice (tiflo adapt):\n");
        println!("{}", hearing::table(&adapted, by_words));
        println!("{}", hearing::table(&adapted, |r| format!("{}, {}", by_condition(r), r.case.voice.name)));
        if show_misses {
            print!("{}", hearing::misses(&adapted));
        }
        // The same utterances with the grammar offering only the file words
        // each is said in (`hear-files`).
        let work = hearing::work_dir("bench-own-files");
        let results = hearing::run_own_files(&cases, "en", &mut rec, &work)?;
        let _ = std::fs::remove_dir_all(&work);
        println!("Grammar with the speaker's file words only (hear-files):\n");
        println!("{}", hearing::table(&results, by_words));
        if show_misses {
            print!("{}", hearing::misses(&results));
        }
        // Spoken commands through the daemon's listener.
        let clean = commands();
        let mut cases = clean.clone();
        cases.extend(hearing::noisy_commands(&clean, 20.0));
        let work = hearing::work_dir("bench-commands");
        let results = hearing::run_commands(&cases, || Sphinx::open_default().map_err(|e| e.to_string()), &work, 1)?;
        let _ = std::fs::remove_dir_all(&work);
        let condition = |snr: Option<f32>| match snr {
            Some(snr) => format!("pocketsphinx, noise {snr} dB SNR"),
            None => "pocketsphinx, clean".to_owned(),
        };
        println!("{}", hearing::command_table(&results, |r| condition(r.case.snr)));
        println!("{}", hearing::command_table(&results, |r| format!("{}, {}", condition(r.case.snr), r.case.voice.name)));
        if show_misses {
            print!("{}", hearing::command_misses(&results));
        }
        // The same commands with pocketsphinx adapted to each voice.
        let work = hearing::work_dir("bench-commands-adapted");
        let results = hearing::run_commands_adapted(&cases, &work, 1)?;
        let _ = std::fs::remove_dir_all(&work);
        println!("Commands, adapted to each voice (tiflo adapt):\n");
        println!("{}", hearing::command_table(&results, |r| condition(r.case.snr)));
        if show_misses {
            print!("{}", hearing::command_misses(&results));
        }
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hearing_bench: {e}");
            ExitCode::from(2)
        }
    }
}

/// The answers' tables (`--answers`) of `splits`, and the minutes of the
/// training babble alone when the training part is among them.
fn answers(splits: &[hearing::Split]) -> Result<(), String> {
    let work = hearing::work_dir("answers");
    println!("| speech | check | said | taken | taken as another answer | dropped by the check | other | utterances taken (ms) |");
    println!("|---|---|---:|---:|---:|---:|---:|---|");
    for split in splits {
        let babble = if *split == hearing::Split::Train { "training babble" } else { "the hall's babble" };
        for snr in [None, Some(20.0), Some(10.0)] {
            for check in [false, true] {
                let c = hearing::answers_heard(*split, snr, check, &work)?;
                let speech = snr.map_or(format!("{}, clean", split.name()), |s| format!("{}, {babble} {s} dB", split.name()));
                println!("| {speech} | {} | {} | {} | {} | {} | {} | {} to {} |", if check { "on" } else { "off" }, c.said, c.taken, c.wrong, c.dropped, c.other, c.lengths.0, c.lengths.1);
                for (voice, word, taken) in &c.confusions {
                    eprintln!("{speech}, check {check}: {word:?} said by {voice} taken as {taken}");
                }
            }
        }
    }
    println!();
    if !splits.contains(&hearing::Split::Train) {
        // The minutes of babble alone are the training babble's.
        return Ok(());
    }
    println!("| question standing | check | babble (s) | answers taken | pauses and resumes | moves read | dropped by the check | answers aloud stopped at (s) | shortest utterance read as an answer or pause (ms) |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for check in [false, true] {
        let [yes_no, choice, none] = hearing::babble_answers(300.0, check, &work)?;
        for (name, c) in [("yes or no", &yes_no), ("a choice of four", &choice), ("none", &none)] {
            println!("| {name} | {} | {:.0} | {} | {} | {} | {} | {} | {} |", if check { "on" } else { "off" }, c.secs, c.answers, c.listening, c.moves.len(), c.dropped, c.talk_around_at.map_or("-".to_owned(), |t| format!("{t:.0}")), c.shortest.map_or("-".to_owned(), |m| m.to_string()));
        }
        for (name, c) in [("a choice of four", &choice), ("none", &none)] {
            let lengths: Vec<String> = c.moves.iter().map(|(ms, at)| format!("{ms} ms at {at:.0} s")).collect();
            eprintln!("moves read, question {name}, check {check}: {}", lengths.join(", "));
        }
    }
    Ok(())
}
