//! Decode and encode benchmarks over the render-intent corpus.
//!
//! `cargo bench -p cardc-benches` first runs criterion over every card kind and decoder
//! (absolute times), then the interleaved rounds that give the ratio tables of decoding and
//! encoding. `CARDC_BENCH` picks the parts, a comma-separated list of `criterion`, `decode`
//! and `encode` (default all three); `CARDC_BENCH_ROUNDS` sets the number of interleaved
//! rounds (default 30).

use std::hint::black_box;
use std::time::{Duration, Instant};

use cardc_benches::corpus::{self, Card, Payload};
use cardc_benches::decoders::{self, Decoded, Decoder};
use cardc_benches::encoders::{self, Encoder};
use cardc_benches::interleave;
use cardc_benches::report::{self, Cell};
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};

/// The corpus seed.
const SEED: u64 = 6;

fn main() {
    let corpus = corpus::generate(SEED, corpus::PAYLOADS);
    let cells = report::cells(&corpus);
    let parts = std::env::var("CARDC_BENCH").unwrap_or_else(|_| "criterion,decode,encode".into());
    let part = |name: &str| parts.split(',').any(|part| part.trim() == name);
    // `cargo bench` passes `--bench`; `cargo test --benches` runs each benchmark once.
    let benching = std::env::args().any(|arg| arg == "--bench");
    if benching {
        summary(&corpus, &cells);
    }
    let values = decoded(&corpus);
    if part("criterion") {
        let mut criterion = Criterion::default()
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .sample_size(10)
            .configure_from_args();
        criterion_decode(&mut criterion, &corpus, &cells);
        criterion_encode(&mut criterion, &corpus, &cells, &values);
        criterion.final_summary();
    }
    let rounds = std::env::var("CARDC_BENCH_ROUNDS")
        .ok()
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(30);
    if benching && part("decode") {
        ratios_decode(&corpus, &cells, rounds);
    }
    if benching && part("encode") {
        ratios_encode(&cells, &values, rounds);
    }
}

/// Prints the corpus's size and make-up.
fn summary(corpus: &[Payload], cells: &[Cell]) {
    let bytes: usize = corpus.iter().map(|payload| payload.text.len()).sum();
    let last = corpus.iter().filter(|payload| !payload.tag_first).count();
    println!(
        "corpus: {} payloads, {:.1} MB, {last} with the tags last",
        corpus.len(),
        bytes as f64 / 1e6
    );
    for card in Card::ALL {
        let (count, bytes) = cells
            .iter()
            .filter(|cell| cell.card == card)
            .fold((0, 0), |(count, bytes), cell| {
                (count + cell.payloads.len(), bytes + cell.bytes)
            });
        println!(
            "  {:<22} {count:>5} payloads, mean {:>6} bytes",
            card.name(),
            bytes / count.max(1)
        );
    }
}

/// Every payload decoded by each encoder's decoder: `values[encoder][payload]`.
fn decoded(corpus: &[Payload]) -> Vec<Vec<Decoded>> {
    Encoder::ALL
        .iter()
        .map(|encoder| {
            corpus
                .iter()
                .map(|payload| {
                    decoders::decode(encoder.decoder(), payload).expect("the corpus decodes")
                })
                .collect()
        })
        .collect()
}

/// Decodes every payload of some cells once.
fn decode_pass(decoder: Decoder, corpus: &[Payload], cells: &[&Cell]) {
    for cell in cells {
        for &index in &cell.payloads {
            black_box(decoders::decode(decoder, black_box(&corpus[index])).ok());
        }
    }
}

/// Encodes every value of some cells once, into a reused buffer.
fn encode_pass(values: &[Decoded], cells: &[&Cell], out: &mut Vec<u8>) {
    for cell in cells {
        for &index in &cell.payloads {
            out.clear();
            encoders::encode(black_box(&values[index]), out);
            black_box(&out);
        }
    }
}

/// The criterion groups of a corpus: each card kind, and every card with its tags last.
fn groups(cells: &[Cell]) -> Vec<(String, Vec<&Cell>)> {
    let mut groups: Vec<(String, Vec<&Cell>)> = Card::ALL
        .iter()
        .map(|card| {
            let chosen = cells.iter().filter(|cell| cell.card == *card).collect();
            (card.name().to_owned(), chosen)
        })
        .collect();
    groups.push((
        "tag last".to_owned(),
        cells.iter().filter(|cell| !cell.tag_first).collect(),
    ));
    groups
}

/// Criterion's absolute decode times.
fn criterion_decode(criterion: &mut Criterion, corpus: &[Payload], cells: &[Cell]) {
    for (name, chosen) in groups(cells) {
        let mut group = criterion.benchmark_group(format!("decode/{name}"));
        group.sampling_mode(SamplingMode::Flat);
        group.throughput(Throughput::Bytes(
            chosen.iter().map(|cell| cell.bytes as u64).sum(),
        ));
        for decoder in Decoder::ALL {
            group.bench_function(BenchmarkId::from_parameter(decoder.name()), |bencher| {
                bencher.iter(|| decode_pass(decoder, corpus, &chosen));
            });
        }
        group.finish();
    }
}

/// Criterion's absolute encode times.
fn criterion_encode(
    criterion: &mut Criterion,
    corpus: &[Payload],
    cells: &[Cell],
    values: &[Vec<Decoded>],
) {
    let mut out = Vec::with_capacity(corpus.iter().map(|p| p.text.len()).max().unwrap_or(0));
    for (name, chosen) in groups(cells) {
        let mut group = criterion.benchmark_group(format!("encode/{name}"));
        group.sampling_mode(SamplingMode::Flat);
        group.throughput(Throughput::Bytes(
            chosen.iter().map(|cell| cell.bytes as u64).sum(),
        ));
        for (encoder, values) in Encoder::ALL.iter().zip(values) {
            group.bench_function(BenchmarkId::from_parameter(encoder.name()), |bencher| {
                bencher.iter(|| encode_pass(values, &chosen, &mut out));
            });
        }
        group.finish();
    }
}

/// How many passes of each cell make a measurement of about 5 ms, timed once with `pass`.
fn repeats(cells: &[Cell], mut pass: impl FnMut(&Cell)) -> Vec<u32> {
    cells
        .iter()
        .map(|cell| {
            pass(cell);
            let start = Instant::now();
            pass(cell);
            interleave::repeats_for(start.elapsed(), Duration::from_millis(5))
        })
        .collect()
}

/// The interleaved decode rounds and their ratio table.
fn ratios_decode(corpus: &[Payload], cells: &[Cell], rounds: usize) {
    let pass = |decoder: Decoder, cell: &Cell| decode_pass(decoder, corpus, &[cell]);
    let repeats = repeats(cells, |cell| pass(Decoder::Floor, cell));
    let samples = interleave::measure(Decoder::ALL.len(), &repeats, rounds, |decoder, cell| {
        pass(Decoder::ALL[decoder], &cells[cell]);
    });
    let names: Vec<&str> = Decoder::ALL.iter().map(|decoder| decoder.name()).collect();
    println!("\ndecode, time as a ratio to the floor (median of {rounds} interleaved rounds):\n");
    println!(
        "{}",
        report::table(cells, &report::rows(cells), &names, &samples)
    );
}

/// The interleaved encode rounds and their ratio table.
fn ratios_encode(cells: &[Cell], values: &[Vec<Decoded>], rounds: usize) {
    let mut out = Vec::new();
    let repeats = repeats(cells, |cell| encode_pass(&values[0], &[cell], &mut out));
    let samples = interleave::measure(Encoder::ALL.len(), &repeats, rounds, |encoder, cell| {
        encode_pass(&values[encoder], &[&cells[cell]], &mut out);
    });
    let names: Vec<&str> = Encoder::ALL.iter().map(|encoder| encoder.name()).collect();
    println!("\nencode, time as a ratio to the floor (median of {rounds} interleaved rounds):\n");
    println!(
        "{}",
        report::table(cells, &report::rows(cells), &names, &samples)
    );
    let rows = report::rows(cells);
    println!("encode, cardc's time as a ratio to serde derive's:\n");
    println!("| payloads | cardc / serde tag |\n| --- | ---: |");
    for row in &rows {
        println!("| {} | {:.3}× |", row.name, samples.ratio(1, 2, &row.cells));
    }
}
