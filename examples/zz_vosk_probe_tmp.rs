// Temporary probe (to be deleted): dump heard alternatives, re-decide offline.
#[path = "../tests/common/hearing.rs"]
mod hearing;
#[path = "../tests/common/korean.rs"]
mod korean;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode};
use tiflo::understand::{Decision, Understander};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "dump" {
        let model = korean::model_dir().unwrap();
        let work = hearing::work_dir("probe");
        let mut rec = tiflo::vosk::VoskRecognizer::open(&model).unwrap();
        let r = hearing::run(&korean::corpus(), "ko", &mut rec, &work).unwrap();
        for d in r {
            let fen = Fen::from_position(&d.case.pos, EnPassantMode::Legal).to_string();
            let heard: Vec<String> = d.heard.iter().map(|h| h.join(" ")).collect();
            println!("{}\t{}\t{}\t{}\t{}\t{}", fen, d.case.mv.to_uci(CastlingMode::Standard), d.case.phrase, d.case.voice.name, d.case.files, heard.join("|"));
        }
    } else {
        let u = Understander::new("ko").unwrap();
        let text = std::fs::read_to_string(&args[2]).unwrap();
        let (mut acc, mut first, mut wrong, mut n) = (0, 0, 0, 0);
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let pos: Chess = f[0].parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            let mv = f[1].parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
            let heard: Vec<Vec<String>> = if f[5].is_empty() { vec![] } else { f[5].split('|').map(|h| h.split(' ').map(str::to_owned).collect()).collect() };
            n += 1;
            let d = u.understand(&pos, &heard);
            let show = |m: &shakmaty::Move| m.to_uci(CastlingMode::Standard).to_string();
            match &d {
                Decision::Accept(m) if *m == mv => acc += 1,
                Decision::Accept(m) => { wrong += 1; let c: Vec<String> = u.candidates(&pos, &heard).iter().take(4).map(|(m, c)| format!("{} {:.2}", show(m), c)).collect(); println!("WRONG {} {} {:?} -> {} heard {:?} cands {:?}", f[1], f[3], f[2], show(m), f[5], c); }
                Decision::Ask(ms) if ms.first() == Some(&mv) => first += 1,
                _ => {}
            }
        }
        println!("n {n} accept {acc} askfirst {first} wrong {wrong} rightfirst {:.1}%", 100.0 * (acc + first) as f64 / n as f64);
    }
}
