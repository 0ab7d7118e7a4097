//! Compiles one schema file, as `cardc` does before it emits, for a profiler:
//! `cargo build --release -p cardc-benches --example compile`, then
//! `valgrind --tool=callgrind target/release/examples/compile schema.cards` (a large one from
//! `synth-schema --editor 2000 editor.cards`). Arguments: the schema, then optionally `parse`
//! to stop after the syntax or `check` to parse once and time only the checker (what the
//! language server runs on every edit), and a number of passes (1 by default).

use std::hint::black_box;

/// The allocator of the `cardc` binary, so that the stages cost what they cost there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: compile SCHEMA.cards [parse | check] [PASSES]";
    let Some(path) = args.first() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let parse_only = args.iter().any(|arg| arg == "parse");
    let check_only = args.iter().any(|arg| arg == "check");
    let passes = args
        .iter()
        .skip(1)
        .find_map(|arg| arg.parse::<usize>().ok())
        .unwrap_or(1);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {path}: {error}");
            std::process::exit(2);
        }
    };
    let parsed = check_only.then(|| cardc_codegen::syntax::parse(&text));
    for _ in 0..passes {
        if let Some((file, errors)) = &parsed {
            match cardc_codegen::check_parsed("schema.cards", file, errors.clone()) {
                Ok(schema) => println!("{} types", black_box(schema).types.len()),
                Err(errors) => println!("{} errors", errors.len()),
            }
        } else if parse_only {
            let (file, errors) = cardc_codegen::syntax::parse(&text);
            println!("{} items, {} errors", file.items.len(), errors.len());
            black_box(file);
        } else {
            match cardc_codegen::compile("schema.cards", &text) {
                Ok(schema) => println!("{} types", black_box(schema).types.len()),
                Err(errors) => println!("{} errors", errors.len()),
            }
        }
    }
}
