//! Writes the synthetic cardc schema of the generator benchmark ([`cardc_benches::synth`]):
//! `synth-schema UNIONS OUT`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(unions), Some(out)) = (args.get(1).and_then(|n| n.parse().ok()), args.get(2)) else {
        eprintln!("usage: synth-schema UNIONS OUT.cards");
        std::process::exit(2);
    };
    if let Err(error) = std::fs::write(out, cardc_benches::synth::schema(unions)) {
        eprintln!("error: cannot write {out}: {error}");
        std::process::exit(2);
    }
}
