//! Writes the codec benchmarks' corpus as JSON lines, for the benchmarks in other languages
//! (`benches/python/decode.py`): `cargo run --release -p cardc-benches --example corpus_jsonl
//! -- <out.jsonl>`. Each line is `{"card", "type", "tag_first", "text"}`: the card kind's name,
//! the union the payload is a value of, whether its tags come first, and the payload's JSON text,
//! exactly as the Rust benchmarks decode it.

use std::io::Write;

use cardc_benches::corpus;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: corpus_jsonl <out.jsonl>");
        std::process::exit(2);
    };
    let write = || -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
        // The seed the codec benchmarks use, so that every language reads the same payloads.
        for payload in corpus::generate(6, corpus::PAYLOADS) {
            let line = serde_json::json!({
                "card": payload.card.name(),
                "type": if payload.card.is_call() { "ToolCallView" } else { "ToolResultView" },
                "tag_first": payload.tag_first,
                "text": payload.text,
            });
            writeln!(out, "{line}")?;
        }
        out.flush()
    };
    if let Err(error) = write() {
        eprintln!("cannot write {path}: {error}");
        std::process::exit(1);
    }
}
