//! The pure part of the Moonshine recogniser (`super`): its tokenizer
//! (encoding, and decoding a free transcript), the written form of tiflo's
//! phrases, their token trie, the beam search that scores them with any
//! decoder (`search`'s `step`) and the free transcript's greedy decoding
//! (`greedy`), tested here with a made-up decoder.

// Used by the driver only, which the `moonshine` feature builds.
#![cfg_attr(not(feature = "moonshine"), allow(dead_code))]

use std::collections::HashMap;

/// The token that starts a transcript.
pub(crate) const START: u32 = 1;
/// The token that ends it.
pub(crate) const END: u32 = 2;

/// Moonshine's tokenizer: byte-pair encoding over the text with `▁` for
/// each space and before the first word, as its `tokenizer.json` says
/// (a SentencePiece-style model read by Hugging Face's tokenizers, with
/// byte fallback). The phrases are encoded; a free transcript is decoded.
pub(crate) struct Tokenizer {
    vocab: HashMap<String, u32>,
    /// token → its text, for reading back a free decoding
    pieces: Vec<String>,
    /// (left, right) → (rank, merged token)
    merges: HashMap<(u32, u32), (u32, u32)>,
}

/// Why a `tokenizer.json` could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct TokenizerError(String);

impl Tokenizer {
    /// Reads the vocabulary and the merges of a `tokenizer.json`.
    pub(crate) fn from_json(text: &str) -> Result<Tokenizer, TokenizerError> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| TokenizerError(e.to_string()))?;
        let model = &v["model"];
        if model["type"] != "BPE" {
            return Err(TokenizerError(format!("a {} model, not BPE", model["type"])));
        }
        let vocab: HashMap<String, u32> = model["vocab"]
            .as_object()
            .ok_or_else(|| TokenizerError("no vocabulary".into()))?
            .iter()
            .filter_map(|(k, id)| Some((k.clone(), u32::try_from(id.as_u64()?).ok()?)))
            .collect();
        let mut merges = HashMap::new();
        for (rank, m) in model["merges"].as_array().ok_or_else(|| TokenizerError("no merges".into()))?.iter().enumerate() {
            // "a b" in older files, ["a", "b"] in newer ones.
            let (a, b) = match m {
                serde_json::Value::String(s) => s.split_once(' ').ok_or_else(|| TokenizerError(format!("merge {s:?}")))?,
                serde_json::Value::Array(p) if p.len() == 2 => {
                    (p[0].as_str().unwrap_or_default(), p[1].as_str().unwrap_or_default())
                }
                other => return Err(TokenizerError(format!("merge {other}"))),
            };
            let (Some(&l), Some(&r), Some(&to)) = (vocab.get(a), vocab.get(b), vocab.get(&format!("{a}{b}"))) else {
                continue;
            };
            merges.entry((l, r)).or_insert((rank as u32, to));
        }
        let mut pieces = vec![String::new(); vocab.values().max().map_or(0, |&m| m as usize + 1)];
        for (text, &id) in &vocab {
            pieces[id as usize] = text.clone();
        }
        Ok(Tokenizer { vocab, pieces, merges })
    }

    /// The text of `tokens`: `▁` a space (none before the first word),
    /// byte tokens (`<0x2E>`) their bytes, the start, the end and unknown
    /// tokens nothing.
    pub(crate) fn decode(&self, tokens: &[u32]) -> String {
        let mut bytes = Vec::new();
        for &t in tokens {
            if t == START || t == END {
                continue;
            }
            let Some(piece) = self.pieces.get(t as usize) else { continue };
            let byte = piece.strip_prefix("<0x").and_then(|h| h.strip_suffix('>')).and_then(|h| u8::from_str_radix(h, 16).ok());
            match byte {
                Some(b) => bytes.push(b),
                None if piece.starts_with('<') && piece.ends_with('>') => {}
                None => bytes.extend(piece.replace('\u{2581}', " ").bytes()),
            }
        }
        String::from_utf8_lossy(&bytes).trim().to_owned()
    }

    /// The tokens of `text`.
    pub(crate) fn encode(&self, text: &str) -> Vec<u32> {
        let normal = format!("\u{2581}{}", text.replace(' ', "\u{2581}"));
        let mut symbols: Vec<u32> = Vec::with_capacity(normal.len());
        let mut buf = [0u8; 4];
        for c in normal.chars() {
            if let Some(&id) = self.vocab.get(c.encode_utf8(&mut buf) as &str) {
                symbols.push(id);
            } else {
                for b in c.to_string().bytes() {
                    symbols.push(self.vocab.get(&format!("<0x{b:02X}>")).copied().unwrap_or(0));
                }
            }
        }
        // The lowest-ranked merge first, the leftmost of equal ones.
        loop {
            let best = symbols
                .windows(2)
                .enumerate()
                .filter_map(|(i, w)| self.merges.get(&(w[0], w[1])).map(|&(rank, to)| (rank, i, to)))
                .min();
            let Some((_, i, to)) = best else { break };
            symbols[i] = to;
            symbols.remove(i + 1);
        }
        symbols
    }
}

/// What the written form needs to know of the pack's words.
pub(crate) struct Spelling<'a> {
    /// the letter (lowercase) a word says a file with ("be" → b), if it is
    /// one
    pub(crate) letter: &'a dyn Fn(&str) -> Option<char>,
    /// whether a word names a file (a letter, a NATO word, …)
    pub(crate) file: &'a dyn Fn(&str) -> bool,
    /// the rank (0 = the first) a word names ("for" → 3)
    pub(crate) rank: &'a dyn Fn(&str) -> Option<usize>,
}

/// A phrase of tiflo's spoken English words as Moonshine writes it: a file
/// letter and a rank word are a square in capitals and a digit (`e four`,
/// `ee for` → `E4`), a file letter alone a capital; a file's other word and
/// a rank are written with the rank's word (`echo for` → `echo four`); the
/// first letter a capital, a full stop at the end (`knight g one f three`
/// → `Knight G1 F3.`). Other words are written as they are ("to" stays
/// "to" outside a square).
pub(crate) fn written(words: &[&str], spelling: &Spelling<'_>) -> String {
    const RANKS: [&str; 8] = ["one", "two", "three", "four", "five", "six", "seven", "eight"];
    let mut out = String::new();
    let mut i = 0;
    while i < words.len() {
        if !out.is_empty() {
            out.push(' ');
        }
        let w = words[i];
        let rank_next = words.get(i + 1).and_then(|n| (spelling.rank)(n)).filter(|&r| r < 8);
        if let Some(l) = (spelling.letter)(w) {
            out.push(l.to_ascii_uppercase());
            if let Some(r) = rank_next {
                out.push(char::from(b'1' + r as u8));
                i += 1;
            }
        } else if (spelling.file)(w) && rank_next.is_some() {
            out.push_str(w);
            out.push(' ');
            out.push_str(RANKS[rank_next.unwrap_or_default()]);
            i += 1;
        } else {
            out.push_str(w);
        }
        i += 1;
    }
    if let Some(first) = out.get(..1) {
        let up = first.to_uppercase();
        out.replace_range(..1, &up);
    }
    out.push('.');
    out
}

/// The tokens of many phrases as a tree: phrases that begin alike share
/// their first nodes. Node 0 is the start of every phrase. A node where
/// phrases end keeps the first of them (the others are written alike).
#[derive(Debug)]
pub(crate) struct Trie {
    nodes: Vec<TrieNode>,
    /// (node, token) → child
    index: HashMap<(u32, u32), u32>,
}

#[derive(Debug)]
struct TrieNode {
    token: u32,
    /// how many tokens lead here
    depth: u32,
    children: Vec<u32>,
    /// the phrase that ends here
    end: Option<u32>,
}

impl Default for Trie {
    fn default() -> Trie {
        Trie { nodes: vec![TrieNode { token: START, depth: 0, children: Vec::new(), end: None }], index: HashMap::new() }
    }
}

impl Trie {
    /// The trie of `phrases` (each a list of tokens).
    #[cfg(test)]
    fn of(phrases: &[Vec<u32>]) -> Trie {
        let mut trie = Trie::default();
        for (p, tokens) in phrases.iter().enumerate() {
            let at = tokens.iter().fold(0, |at, &t| trie.child(at, t));
            trie.end(at, p);
        }
        trie
    }

    /// The node after `at` by `token`, made if new.
    pub(crate) fn child(&mut self, at: usize, token: u32) -> usize {
        if let Some(&c) = self.index.get(&(at as u32, token)) {
            return c as usize;
        }
        let depth = self.nodes[at].depth + 1;
        self.nodes.push(TrieNode { token, depth, children: Vec::new(), end: None });
        let c = self.nodes.len() - 1;
        self.nodes[at].children.push(c as u32);
        self.index.insert((at as u32, token), c as u32);
        c
    }

    /// Marks phrase `phrase` as ending at `at`, unless one already does;
    /// whether it was marked.
    pub(crate) fn end(&mut self, at: usize, phrase: usize) -> bool {
        let n = &mut self.nodes[at];
        if n.end.is_some() {
            return false;
        }
        n.end = Some(phrase as u32);
        true
    }

    /// How many nodes it has (the start included).
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }
}

/// One row of a decoder step: the row of the step before that it goes on
/// from, and the token it is fed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Feed {
    pub(crate) from: usize,
    pub(crate) token: u32,
}

/// A decoder step's scores: one row of `width` logits a row fed.
#[derive(Debug, Default)]
pub(crate) struct Logits {
    pub(crate) values: Vec<f32>,
    pub(crate) width: usize,
}

/// The logarithm of the sum of the exponentials of `row` (a decoder's
/// 32,768 logits, a row each step and beginning of phrase: the search's
/// own largest cost). The exponentials are taken eight at a time by
/// [`exp_below_zero`], which the compiler turns into vector instructions.
fn log_sum_exp(row: &[f32]) -> f32 {
    let mut highs = [f32::NEG_INFINITY; 8];
    let mut chunks = row.chunks_exact(8);
    for chunk in &mut chunks {
        for (h, &x) in highs.iter_mut().zip(chunk) {
            *h = if x > *h { x } else { *h };
        }
    }
    let max = chunks.remainder().iter().chain(&highs).copied().fold(f32::NEG_INFINITY, f32::max);
    if !max.is_finite() {
        return max;
    }
    let mut lanes = [0f32; 8];
    let mut chunks = row.chunks_exact(8);
    for chunk in &mut chunks {
        for (l, &x) in lanes.iter_mut().zip(chunk) {
            *l += exp_below_zero(x - max);
        }
    }
    let rest: f32 = chunks.remainder().iter().map(|&x| exp_below_zero(x - max)).sum();
    max + (lanes.iter().sum::<f32>() + rest).ln()
}

/// e^x for x ≤ 0, to a few units in the last place: x split into
/// n·ln 2 + r (|r| ≤ ln 2 / 2), e^r by its Taylor polynomial to the 7th
/// power, times 2^n written into the exponent's bits. Under -87 it is
/// e^-87 (about 1.6e-38). Plain arithmetic only (n rounded by adding and
/// taking away 1.5·2^23), so that it is vectorised.
#[inline(always)]
fn exp_below_zero(x: f32) -> f32 {
    const ROUND: f32 = 12_582_912.0;
    let x = if x < -87.0 { -87.0 } else { x };
    let shifted = x * std::f32::consts::LOG2_E + ROUND;
    let n = shifted - ROUND;
    // ln 2 in two parts, so that r loses nothing.
    let r = x - n * 0.693_145_75 - n * 1.428_606_8e-6;
    let p = 1.0 + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    // The low bits of `shifted` hold n (two's complement).
    let n = shifted.to_bits().wrapping_sub(ROUND.to_bits()) as i32;
    p * f32::from_bits(((n + 127) as u32) << 23)
}

/// Scores the phrases of `trie` with a decoder: `step` is given the rows to
/// decode next (the first call: one row, fed the start token) and returns
/// their logits. Keeps the best `beam` beginnings of each length (by the
/// sum of their tokens' log-probabilities, all of one length). Returns the
/// phrases reached, best first, each with the mean log-probability of its
/// tokens and its end, and the lowest of those log-probabilities.
pub(crate) fn search<E>(trie: &Trie, beam: usize, mut step: impl FnMut(&[Feed]) -> Result<Logits, E>) -> Result<Vec<Scored>, E> {
    let mut done: Vec<Scored> = Vec::new();
    // (node, sum, lowest)
    let mut level: Vec<(usize, f32, f32)> = vec![(0, 0.0, 0.0)];
    let mut logits = step(&[Feed { from: 0, token: START }])?;
    loop {
        let mut next: Vec<(usize, f32, f32, usize)> = Vec::new();
        for (row, &(node, score, lowest)) in level.iter().enumerate() {
            let Some(values) = logits.values.get(row * logits.width..(row + 1) * logits.width) else {
                break;
            };
            let z = log_sum_exp(values);
            let n = &trie.nodes[node];
            let lp = |t: u32| values.get(t as usize).map_or(f32::NEG_INFINITY, |v| v - z);
            if let Some(p) = n.end {
                let end = lp(END);
                done.push(Scored { phrase: p as usize, mean: (score + end) / (n.depth + 1) as f32, lowest: lowest.min(end) });
            }
            for &c in &n.children {
                let l = lp(trie.nodes[c as usize].token);
                next.push((c as usize, score + l, lowest.min(l), row));
            }
        }
        if next.is_empty() {
            break;
        }
        next.sort_by(|a, b| b.1.total_cmp(&a.1));
        next.truncate(beam.max(1));
        let feeds: Vec<Feed> = next.iter().map(|&(c, _, _, row)| Feed { from: row, token: trie.nodes[c].token }).collect();
        logits = step(&feeds)?;
        level = next.iter().map(|&(c, s, l, _)| (c, s, l)).collect();
    }
    done.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    Ok(done)
}

/// A phrase the search reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scored {
    /// its index in the trie's phrases
    pub(crate) phrase: usize,
    /// the mean log-probability of its tokens and its end
    pub(crate) mean: f32,
    /// the lowest log-probability of one of them
    pub(crate) lowest: f32,
}

/// The decoder's own transcript, not bound to any phrase: from the first
/// step's logits (`first`, one row: the start token's), the most likely
/// token each step, until the end token or `max` tokens.
pub(crate) fn greedy<E>(first: Logits, max: usize, mut step: impl FnMut(u32) -> Result<Logits, E>) -> Result<Vec<u32>, E> {
    let mut tokens = Vec::new();
    let mut logits = first;
    while tokens.len() < max {
        let row = logits.values.get(..logits.width).unwrap_or_default();
        let Some(best) = row.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map(|(i, _)| i as u32) else { break };
        if best == END {
            break;
        }
        tokens.push(best);
        logits = step(best)?;
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English words of a made-up pack: letters, their sound-alikes,
    /// NATO words, rank words and their sound-alikes.
    fn spelling_test(words: &[&str]) -> String {
        let letter = |w: &str| match w {
            "be" | "bee" => Some('b'),
            w if w.len() == 1 && matches!(w.as_bytes()[0], b'a'..=b'h') => w.chars().next(),
            _ => None,
        };
        let file = |w: &str| letter(w).is_some() || ["alpha", "echo", "golf"].contains(&w);
        let rank = |w: &str| match w {
            "for" | "fore" => Some(3),
            "to" | "too" => Some(1),
            w => ["one", "two", "three", "four", "five", "six", "seven", "eight"].iter().position(|r| *r == w),
        };
        written(words, &Spelling { letter: &letter, file: &file, rank: &rank })
    }

    #[test]
    fn phrases_are_written_as_moonshine_writes() {
        assert_eq!(spelling_test(&["knight", "g", "one", "f", "three"]), "Knight G1 F3.");
        assert_eq!(spelling_test(&["e", "four"]), "E4.");
        assert_eq!(spelling_test(&["e", "takes", "d", "five"]), "E takes D5.");
        assert_eq!(spelling_test(&["pawn", "echo", "two", "echo", "four"]), "Pawn echo two echo four.");
        assert_eq!(spelling_test(&["castle", "short"]), "Castle short.");
        assert_eq!(spelling_test(&["yes"]), "Yes.");
    }

    #[test]
    fn words_said_alike_are_written_as_the_letter_or_digit() {
        assert_eq!(spelling_test(&["be", "for"]), "B4.");
        assert_eq!(spelling_test(&["echo", "for"]), "Echo four.");
        // "to" is a rank only after a file.
        assert_eq!(spelling_test(&["pawn", "to", "e", "for"]), "Pawn to E4.");
        assert_eq!(spelling_test(&["bee", "to", "bee", "fore"]), "B2 B4.");
    }

    /// A tokenizer of a few made-up merges, to check the order of merging.
    fn toy() -> Tokenizer {
        let json = r#"{"model": {"type": "BPE",
            "vocab": {"<unk>": 0, "<s>": 1, "</s>": 2, "<0x2E>": 3, "\u2581": 4, "a": 5, "b": 6, "c": 7,
                      "ab": 8, "bc": 9, "\u2581a": 10, "\u2581ab": 11},
            "merges": ["b c", "a b", "\u2581 a", "\u2581a b"]}}"#;
        Tokenizer::from_json(json).expect("a valid tokenizer")
    }

    #[test]
    fn the_lowest_ranked_merge_goes_first() {
        let t = toy();
        // "▁abc": "b c" (rank 0) before "a b" (rank 1); then "▁ a".
        assert_eq!(t.encode("abc"), vec![10, 9]);
        // "▁ab": "a b", then "▁ ab" is no merge; "▁ a" came too late.
        assert_eq!(t.encode("ab"), vec![4, 8]);
        // A character outside the vocabulary falls back to its bytes.
        assert_eq!(t.encode("a."), vec![10, 3]);
    }

    #[test]
    fn decoding_gives_back_the_encoded_text() {
        let t = toy();
        assert_eq!(t.decode(&t.encode("abc")), "abc");
        assert_eq!(t.decode(&t.encode("a.")), "a.");
        assert_eq!(t.decode(&[START, 10, 4, 8, END]), "a ab");
    }

    #[test]
    fn the_free_transcript_takes_the_likeliest_token_until_the_end() {
        let ninf = -1e9;
        // After start: 4 (then 3, then the end); 3 is never first.
        let table = vec![
            vec![ninf; 5],
            vec![ninf, ninf, -3.0, -1.0, 0.0],
            vec![ninf; 5],
            vec![ninf, ninf, 0.0, -1.0, -2.0],
            vec![ninf, ninf, -1.0, 0.0, -2.0],
        ];
        let mut decoder = fake(table.clone());
        let first = decoder(&[Feed { from: 0, token: START }]).expect("no error");
        let mut decoder = fake(table.clone());
        let got = greedy(first, 10, |t| decoder(&[Feed { from: 0, token: t }])).expect("no error");
        assert_eq!(got, vec![4, 3]);
        // At most `max` tokens.
        let mut decoder = fake(table.clone());
        let first = Logits { values: table[1].clone(), width: 5 };
        assert_eq!(greedy(first, 1, |t| decoder(&[Feed { from: 0, token: t }])).expect("no error"), vec![4]);
    }

    #[test]
    fn the_sum_of_exponentials_is_the_textbook_one() {
        let mut seed = 1u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        for len in [1, 7, 8, 9, 100, 32_768] {
            let row: Vec<f32> = (0..len).map(|_| next() * 60.0 - 40.0).collect();
            let max = row.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let textbook = max as f64 + row.iter().map(|&x| (f64::from(x) - f64::from(max)).exp()).sum::<f64>().ln();
            let got = f64::from(log_sum_exp(&row));
            assert!((got - textbook).abs() < 1e-4 * textbook.abs().max(1.0), "{len}: {got} against {textbook}");
        }
        for x in [0.0f32, -0.3, -1.0, -5.5, -20.0, -80.0] {
            let (got, want) = (exp_below_zero(x), x.exp());
            assert!((got - want).abs() <= 2e-6 * want, "e^{x}: {got} against {want}");
        }
        assert!(exp_below_zero(-200.0) < 1e-37);
        assert_eq!(log_sum_exp(&[f32::NEG_INFINITY; 3]), f32::NEG_INFINITY);
    }

    #[test]
    fn phrases_that_begin_alike_share_nodes() {
        let mut trie = Trie::of(&[vec![5, 6, 7], vec![5, 6, 8], vec![9]]);
        // start, 5, 6, 7, 8, 9
        assert_eq!(trie.len(), 6);
        // A phrase written as another keeps the first.
        assert!(!trie.end(3, 7));
        assert_eq!(trie.nodes[3].end, Some(0));
    }

    /// A made-up decoder: each token's logit depends only on the token fed
    /// before it, from `table` (row = token fed, column = next token).
    fn fake(table: Vec<Vec<f32>>) -> impl FnMut(&[Feed]) -> Result<Logits, ()> {
        move |feeds: &[Feed]| {
            let width = table[0].len();
            let mut values = Vec::new();
            for f in feeds {
                values.extend_from_slice(&table[f.token as usize]);
            }
            Ok(Logits { values, width })
        }
    }

    #[test]
    fn the_search_scores_each_phrase_by_its_mean_log_probability() {
        // Tokens: 0 unused, 1 start, 2 end, 3 and 4 words.
        let ninf = -1e9;
        let table = vec![
            vec![ninf; 5],
            vec![ninf, ninf, ninf, 0.0, (0.5f32).ln() - (1.5f32).ln() + 0.0], // after start: 3 more likely than 4
            vec![ninf; 5],
            vec![ninf, ninf, 0.0, ninf, 0.0], // after 3: end or 4, alike
            vec![ninf, ninf, 0.0, ninf, ninf], // after 4: the end
        ];
        let trie = Trie::of(&[vec![3], vec![3, 4], vec![4]]);
        let got = search(&trie, 16, fake(table)).expect("no error");
        let by: HashMap<usize, f32> = got.iter().map(|g| (g.phrase, g.mean)).collect();
        let p3 = (1.0f32 / (1.0 + 0.5f32 / 1.5)).ln();
        let p4 = (1.0 - (1.0f32 / (1.0 + 0.5f32 / 1.5))).ln();
        let half = 0.5f32.ln();
        assert!((by[&0] - (p3 + half) / 2.0).abs() < 1e-4, "{got:?}");
        assert!((by[&1] - (p3 + half + 0.0) / 3.0).abs() < 1e-4, "{got:?}");
        assert!((by[&2] - (p4 + 0.0) / 2.0).abs() < 1e-4, "{got:?}");
        // Best first.
        assert!(got.windows(2).all(|w| w[0].mean >= w[1].mean), "{got:?}");
        // The lowest of a phrase's log-probabilities: 4 after 3 for [3, 4].
        let lowest: HashMap<usize, f32> = got.iter().map(|g| (g.phrase, g.lowest)).collect();
        assert!((lowest[&1] - half).abs() < 1e-4 && (lowest[&0] - half).abs() < 1e-4 && (lowest[&2] - p4).abs() < 1e-4, "{got:?}");
    }

    #[test]
    fn a_narrow_beam_drops_the_unlikely_beginnings() {
        let ninf = -1e9;
        let table = vec![
            vec![ninf; 5],
            vec![ninf, ninf, ninf, 0.0, -5.0],
            vec![ninf; 5],
            vec![ninf, ninf, 0.0, ninf, ninf],
            vec![ninf, ninf, 0.0, ninf, ninf],
        ];
        let trie = Trie::of(&[vec![3], vec![4]]);
        let got = search(&trie, 1, fake(table.clone())).expect("no error");
        assert_eq!(got.iter().map(|g| g.phrase).collect::<Vec<_>>(), vec![0]);
        let got = search(&trie, 2, fake(table)).expect("no error");
        assert_eq!(got.iter().map(|g| g.phrase).collect::<Vec<_>>(), vec![0, 1]);
    }
}
