//! Writes a synthetic cardc schema of the benchmarks ([`cardc_benches::synth`]):
//! `synth-schema UNIONS OUT` the generator's, `synth-schema --editor UNIONS OUT` the language
//! server's (the one to profile a compile of a large file with).

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let editor = args.first().is_some_and(|first| first == "--editor");
    if editor {
        args.remove(0);
    }
    let (Some(unions), Some(out)) = (args.first().and_then(|n| n.parse().ok()), args.get(1)) else {
        eprintln!("usage: synth-schema [--editor] UNIONS OUT.cards");
        std::process::exit(2);
    };
    let text = match editor {
        true => cardc_benches::synth::editor_schema(unions),
        false => cardc_benches::synth::schema(unions),
    };
    if let Err(error) = std::fs::write(out, text) {
        eprintln!("error: cannot write {out}: {error}");
        std::process::exit(2);
    }
}
