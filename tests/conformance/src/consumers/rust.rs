//! Rust consumers: for every type a schema declares, a function that takes it by its name and
//! uses every part a bridge uses (an exhaustive `match` on every variant and catch-all, each
//! payload bound to its type; every enum value; every field read by name into a binding of its
//! type as the Rust emitter spells it), and for every union an implementation of its bridge
//! trait, a method per variant. They compile in one crate, checked by one `cargo check`.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use cardc_codegen::emit::{self, rust::Runtime};
use cardc_codegen::ir::{
    EnumDef, NewtypeDef, Schema, StructDef, TypeDef, UnionDef, UnknownFields, UntaggedDef,
};
use cardc_codegen::naming::rust::{bridge_method, bridge_trait, rust_ident_text};
use serde_json::Value;

use super::{Errors, Unit, WRITE, write_if_changed};
use crate::repo_root;

/// The runtime the generated code names, as the `rust` target writes it.
const RUNTIME: Runtime = Runtime::Crate;

/// The consumer of every type of `schema`, as a module body that has the generated types of
/// the schema it is compiled against in scope.
pub fn consumer(schema: &Schema) -> String {
    let mut out = String::new();
    for def in schema.types.values() {
        match def {
            TypeDef::Struct(def) => consume_struct(&mut out, def),
            TypeDef::Newtype(def) => consume_newtype(&mut out, def),
            TypeDef::Union(def) => consume_union(&mut out, def),
            TypeDef::Enum(def) => consume_enum(&mut out, def),
            TypeDef::Untagged(def) => consume_untagged(&mut out, def),
        }
    }
    out
}

/// The name of the consumer function of type `name`: a schema type name is never a keyword.
fn consume_fn(name: &str) -> String {
    format!("consume_{name}")
}

/// Every field read by its Rust name into a binding of its declared type; a constant has no
/// field.
fn consume_struct(out: &mut String, def: &StructDef) {
    let name = &def.name;
    writeln!(out, "pub fn {}(value: &{name}) {{", consume_fn(name)).expect(WRITE);
    for field in &def.fields {
        if let Some(ty) = emit::rust::field_type_text(field, RUNTIME) {
            let ident = rust_ident_text(&field.name);
            writeln!(out, "    let _: &{ty} = &value.{ident};").expect(WRITE);
        }
    }
    out.push_str("}\n\n");
}

/// The wrapped value, bound to its type.
fn consume_newtype(out: &mut String, def: &NewtypeDef) {
    let name = &def.name;
    let ty = emit::rust::value_type_text(&def.ty, RUNTIME);
    writeln!(
        out,
        "pub fn {}(value: &{name}) {{\n    let _: &{ty} = &value.0;\n}}\n",
        consume_fn(name)
    )
    .expect(WRITE);
}

/// A `match` on every variant by its name, in the shape of its pattern (a unit variant bare, or
/// its kept keys bound to their type; a payload bound to its type), and the catch-all; then the
/// bridge trait, a method per variant.
fn consume_union(out: &mut String, def: &UnionDef) {
    let name = &def.name;
    let runtime = RUNTIME.name();
    writeln!(
        out,
        "pub fn {}(value: &{name}) {{\n    match value {{",
        consume_fn(name)
    )
    .expect(WRITE);
    for variant in &def.variants {
        let arm = match &variant.payload {
            Some(payload) => format!(
                "{name}::{}(payload) => {{ let _: &{payload} = payload; }}",
                variant.name
            ),
            // A unit variant that keeps other keys holds them in a field, bound to its type.
            None if variant.unknown == UnknownFields::Keep => format!(
                "{name}::{} {{ extra_fields }} => {{ let _: &::std::collections::BTreeMap<String, \
                 {runtime}::__private::serde_json::Value> = extra_fields; }}",
                variant.name
            ),
            None => format!("{name}::{} => {{}}", variant.name),
        };
        writeln!(out, "        {arm}").expect(WRITE);
    }
    if let Some(other) = &def.other {
        writeln!(
            out,
            "        {name}::{}(unknown) => {{ let _: &::{runtime}::Unknown<{name}> = unknown; }}",
            other.name
        )
        .expect(WRITE);
    }
    out.push_str("    }\n}\n\n");
    // A schema type of this name would shadow the generated one, and OLD's consumer would not
    // compile: a loud failure, never a silent one.
    let consumer = format!("Bridge{name}");
    writeln!(
        out,
        "pub struct {consumer};\n\nimpl {} for {consumer} {{\n    type Output = ();",
        bridge_trait(name)
    )
    .expect(WRITE);
    for variant in &def.variants {
        let method = bridge_method(&variant.name);
        match &variant.payload {
            Some(payload) => {
                writeln!(out, "    fn {method}(&mut self, _: &{payload}) {{}}").expect(WRITE);
            }
            None => {
                writeln!(out, "    fn {method}(&mut self) {{}}").expect(WRITE);
            }
        }
    }
    if let Some(other) = &def.other {
        writeln!(
            out,
            "    fn {}(&mut self, _: &::{runtime}::Unknown<{name}>) {{}}",
            bridge_method(&other.name)
        )
        .expect(WRITE);
    }
    out.push_str("}\n\n");
}

/// A `match` on every value by its name, and the catch-all.
fn consume_enum(out: &mut String, def: &EnumDef) {
    let name = &def.name;
    writeln!(
        out,
        "pub fn {}(value: &{name}) {{\n    match value {{",
        consume_fn(name)
    )
    .expect(WRITE);
    for value in &def.values {
        writeln!(out, "        {name}::{} => {{}}", value.name).expect(WRITE);
    }
    if let Some(other) = &def.other {
        let runtime = RUNTIME.name();
        writeln!(
            out,
            "        {name}::{}(unknown) => {{ let _: &::{runtime}::UnknownValue<{name}> = unknown; }}",
            other.name
        ).expect(WRITE);
    }
    out.push_str("    }\n}\n\n");
}

/// A `match` on every variant by its name, each value bound to its type.
fn consume_untagged(out: &mut String, def: &UntaggedDef) {
    let name = &def.name;
    writeln!(
        out,
        "pub fn {}(value: &{name}) {{\n    match value {{",
        consume_fn(name)
    )
    .expect(WRITE);
    for variant in &def.variants {
        let ty = emit::rust::value_type_text(&variant.ty, RUNTIME);
        writeln!(
            out,
            "        {name}::{}(inner) => {{ let _: &{ty} = inner; }}",
            variant.name
        )
        .expect(WRITE);
    }
    out.push_str("    }\n}\n\n");
}

/// Compiles every unit in one crate under `dir` and gives each unit's errors. The crate holds,
/// for each unit, the Rust its `against` schema generates (`types::<unit>`) and its consumer
/// (`<unit>`, which sees those types alone); it is checked by `cargo check` in trybuild's target
/// directory, which the other generated crates of the suite share. Panics when cargo cannot
/// run, or fails without an error in a consumer: an error in generated code or the crate's
/// setup is no measurement.
pub fn check(units: &[Unit], dir: &Path) -> Errors {
    let rust = emit::target("rust").expect("the Rust target");
    let mut lib = String::from(
        "//! Exhaustive consumers, each against the types of one schema.\n\
         // The consumers bind values only to name their types.\n\
         #![allow(warnings)]\n\npub mod types {\n",
    );
    for unit in units {
        let types = format!("src/types/{}.rs", unit.name);
        write_if_changed(
            &dir.join(&types),
            &rust.emit(unit.against, &Default::default()),
        );
        let consumer = format!(
            "use crate::types::{}::*;\n\n{}",
            unit.name,
            consumer(unit.consumer_of)
        );
        write_if_changed(&dir.join(format!("src/{}.rs", unit.name)), &consumer);
        writeln!(
            lib,
            "    pub mod {} {{\n        include!(\"types/{}.rs\");\n    }}",
            unit.name, unit.name
        )
        .expect(WRITE);
    }
    lib.push_str("}\n\n");
    for unit in units {
        writeln!(lib, "pub mod {};", unit.name).expect(WRITE);
    }
    write_if_changed(&dir.join("src/lib.rs"), &lib);
    write_manifest(dir);
    let output = Command::new(env!("CARGO"))
        .current_dir(dir)
        .env(
            "CARGO_TARGET_DIR",
            repo_root().join("target/tests/trybuild"),
        )
        .args(["check", "--quiet", "--message-format=json"])
        .output()
        .expect("run cargo");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut errors: Errors = units
        .iter()
        .map(|unit| (unit.name.clone(), Vec::new()))
        .collect();
    let mut elsewhere = Vec::new();
    for message in stdout.lines().filter_map(error_message) {
        match unit_of(&message).and_then(|unit| errors.get_mut(&unit)) {
            Some(unit_errors) => unit_errors.push(rendered(&message)),
            None => elsewhere.push(rendered(&message)),
        }
    }
    assert!(
        elsewhere.is_empty(),
        "errors outside the consumers:\n{}",
        elsewhere.join("\n")
    );
    assert!(
        output.status.success() || errors.values().any(|unit| !unit.is_empty()),
        "cargo check failed without an error in a consumer:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    errors
}

/// The crate's manifest, depending on the runtime the generated code names, with the
/// workspace's lockfile, which pins the same dependency versions (cargo drops what is unused).
fn write_manifest(dir: &Path) {
    let root = repo_root().canonicalize().expect("repository root");
    write_if_changed(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"cardc-compat-consumers\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
             [dependencies]\ncardc-runtime = {{ path = {:?} }}\n\n[workspace]\n",
            root.join("runtime")
        ),
    );
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).expect("Cargo.lock");
    write_if_changed(&dir.join("Cargo.lock"), &lock);
}

/// The compiler message of one line of cargo's JSON output, when it is an error.
fn error_message(line: &str) -> Option<Value> {
    let value: Value = serde_json::from_str(line).ok()?;
    let message = value.get("message")?;
    // rustc ends with a count of the errors, which points at no file.
    let count = message["spans"].as_array().is_some_and(Vec::is_empty)
        && message["message"]
            .as_str()
            .is_some_and(|text| text.starts_with("aborting due to"));
    (value["reason"] == "compiler-message" && message["level"] == "error" && !count)
        .then(|| message.clone())
}

/// The unit whose consumer file (`src/<unit>.rs`) holds the error's primary span.
fn unit_of(message: &Value) -> Option<String> {
    let spans = message["spans"].as_array()?;
    let primary = spans.iter().find(|span| span["is_primary"] == true)?;
    let file = primary["file_name"].as_str()?;
    let unit = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    (!unit.contains('/')).then(|| unit.to_owned())
}

/// The error as rustc renders it.
fn rendered(message: &Value) -> String {
    message["rendered"]
        .as_str()
        .or_else(|| message["message"].as_str())
        .unwrap_or("an error without text")
        .to_owned()
}
