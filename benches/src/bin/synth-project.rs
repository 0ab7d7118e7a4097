//! Writes the synthetic project of the scale benchmark ([`cardc_benches::synth::project`]) into
//! DIR, with its project file (every target in `out/`), and the same contract as one file,
//! `DIR/one/one.cards`: `synth-project FILES UNIONS DIR`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(files), Some(unions), Some(dir)) = (
        args.get(1).and_then(|n| n.parse().ok()),
        args.get(2).and_then(|n| n.parse().ok()),
        args.get(3),
    ) else {
        eprintln!("usage: synth-project FILES UNIONS DIR");
        std::process::exit(2);
    };
    let dir = std::path::Path::new(dir);
    let write = |path: &std::path::Path, text: &str| {
        let written = std::fs::create_dir_all(path.parent().unwrap_or(dir))
            .and_then(|()| std::fs::write(path, text));
        if let Err(error) = written {
            eprintln!("error: cannot write {}: {error}", path.display());
            std::process::exit(2);
        }
    };
    let mut roots = Vec::new();
    for (name, text) in cardc_benches::synth::project(files, unions) {
        write(&dir.join("schema").join(&name), &text);
        roots.push(format!("\"schema/{name}\""));
    }
    let targets: String = ["rust", "json-schema", "typescript", "python"]
        .iter()
        .map(|key| format!("\n[{key}]\nout = \"out\"\n"))
        .collect();
    write(
        &dir.join("cardc.toml"),
        &format!("schemas = [{}]\n{targets}", roots.join(", ")),
    );
    write(
        &dir.join("one/one.cards"),
        &cardc_benches::synth::project_as_one_file(files, unions),
    );
}
