//! The generator's stages, each alone, on the synthetic schema of the generator benchmark
//! (`benches/generator/run.sh` times whole processes; this says where their time goes).
//!
//! `cargo bench -p cardc-benches --bench generator` times, in one criterion group: parse and
//! check; each target's emitter (the Rust one runs on two threads, as the CLI runs it); and the
//! Rust emitter's parts on one thread: building its items as tokens, the tokens as unformatted
//! text (what the derive carries over, and what a printer of tokens could cost at least), and
//! the items printed as the CLI writes them (each parsed into a syn tree for prettyplease).
//! `CARDC_BENCH_UNIONS` sets the schema's size (default 200 unions).

use std::time::Duration;

use cardc_benches::synth;
use cardc_codegen::emit::TARGETS;
use cardc_codegen::emit::rust::{Runtime, items, items_text};
use cardc_codegen::target::Options;
use criterion::Criterion;

/// The allocator of the `cardc` binary, so that the stages cost what they cost there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let unions = std::env::var("CARDC_BENCH_UNIONS")
        .ok()
        .and_then(|unions| unions.parse().ok())
        .unwrap_or(200);
    let text = synth::schema(unions);
    let name = "synth.cards";
    let schema = cardc_codegen::compile(name, &text)
        .unwrap_or_else(|errors| panic!("the synthetic schema has {} errors", errors.len()));
    let options = Options::default();
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .sample_size(10)
        .configure_from_args();
    let mut group = criterion.benchmark_group(format!("generator/{unions} unions"));
    group.bench_function("parse and check", |bench| {
        bench.iter(|| cardc_codegen::compile(name, &text))
    });
    for target in TARGETS {
        group.bench_function(format!("emit {}", target.key()), |bench| {
            bench.iter(|| target.emit(&schema, &options))
        });
    }
    group.bench_function("rust, one thread: tokens", |bench| {
        bench.iter(|| items(&schema, Runtime::Crate))
    });
    group.bench_function("rust, one thread: tokens as text", |bench| {
        bench.iter(|| items(&schema, Runtime::Crate).to_string())
    });
    group.bench_function("rust, one thread: printed", |bench| {
        bench.iter(|| items_text(&schema, Runtime::Crate))
    });
    group.finish();
    criterion.final_summary();
}
