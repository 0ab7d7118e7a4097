//! Decodes (or encodes) one card kind with one decoder in a loop, for a profiler:
//! `cargo build --release -p cardc-benches --example profile` then
//! `perf record -g target/release/examples/profile cardc result/search/matches 200`.
//! Arguments: the decoder's name (or `encode:` and an encoder's name), the card kind's name
//! (or `all`), optionally followed by `,first` or `,last` for one tag order, and the number of
//! passes.

use std::hint::black_box;

use cardc_benches::corpus::{self, Card};
use cardc_benches::decoders::{self, Decoder};
use cardc_benches::encoders::{self, Encoder};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage =
        "usage: profile <decoder | encode:encoder> <card kind | all>[,first | ,last] <passes>";
    let (Some(who), Some(kind), Some(passes)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Ok(passes) = passes.parse::<usize>() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let (kind, order) = kind.split_once(',').unwrap_or((kind, "any"));
    let corpus: Vec<_> = corpus::generate(6, corpus::PAYLOADS)
        .into_iter()
        .filter(|payload| match order {
            "first" => payload.tag_first,
            "last" => !payload.tag_first,
            _ => true,
        })
        .filter(|payload| {
            kind == "all"
                || Card::ALL
                    .iter()
                    .any(|card| card.name() == kind && payload.card == *card)
        })
        .collect();
    if let Some(encoder) = who.strip_prefix("encode:") {
        let Some(encoder) = Encoder::ALL.into_iter().find(|e| e.name() == encoder) else {
            eprintln!("{usage}");
            std::process::exit(2);
        };
        let values: Vec<_> = corpus
            .iter()
            .map(|payload| decoders::decode(encoder.decoder(), payload).expect("decodes"))
            .collect();
        let mut out = Vec::new();
        for _ in 0..passes {
            for value in &values {
                out.clear();
                encoders::encode(black_box(value), &mut out);
            }
        }
        return;
    }
    let Some(decoder) = Decoder::ALL.into_iter().find(|d| d.name() == who) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    for _ in 0..passes {
        for payload in &corpus {
            black_box(decoders::decode(decoder, black_box(payload)).ok());
        }
    }
}
