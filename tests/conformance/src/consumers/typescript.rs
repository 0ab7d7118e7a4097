//! TypeScript consumers: for every type a schema declares, a function that takes it by its name
//! and uses every part a bridge uses: a `switch` on a union's tag over every tag value, each
//! case's value bound to its member type, after the catch-all's guard where the union is open,
//! and a `never` check; the same over an enum's strings; every field read by its wire key into
//! a binding of the type the TypeScript emitter gives it; and every tolerant parser the module
//! exports named. They compile in one run of tsc.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use cardc_codegen::emit::{self, typescript as ts};
use cardc_codegen::ir::{
    CatchAll, EnumDef, NewtypeDef, Schema, StructDef, Ty, TypeDef, UnionDef, UntaggedDef,
};
use cardc_codegen::naming::typescript::catch_all_type;

use super::{Errors, Unit, WRITE, write_if_changed};
use crate::repo_root;

/// The consumer of every type of `schema`, importing the generated module `module`.
pub fn consumer(schema: &Schema, module: &str) -> String {
    let mut names: Vec<String> = schema.types.keys().cloned().collect();
    let mut out = String::new();
    for def in schema.types.values() {
        match def {
            TypeDef::Struct(def) => consume_struct(&mut out, schema, def),
            TypeDef::Newtype(def) => consume_newtype(&mut out, def),
            TypeDef::Union(def) => consume_union(&mut out, &mut names, schema, def),
            TypeDef::Enum(def) => consume_enum(&mut out, &mut names, def),
            TypeDef::Untagged(def) => consume_untagged(&mut out, def),
        }
    }
    // A type that reaches a reader policy has a tolerant parser, which a consumer may call.
    for name in schema.types.keys() {
        if schema.reaches_tolerance(&Ty::Named(name.clone())) {
            let parser = format!("parse{name}Tolerant");
            writeln!(out, "void {parser};").expect(WRITE);
            names.push(parser);
        }
    }
    format!(
        "import {{ {} }} from {};\n\n\
         /** Compiles only where the switch above it covers every case. */\n\
         function cardcNever(value: never): void {{\n  void value;\n}}\n\n{out}",
        names.join(", "),
        ts::string_literal_text(module)
    )
}

/// The name of the consumer function of type `name`.
fn consume_fn(name: &str) -> String {
    format!("consume_{name}")
}

/// Every key of the object, the keys of flattened fields included, read into a binding of its
/// type as read.
fn consume_struct(out: &mut String, schema: &Schema, def: &StructDef) {
    let name = &def.name;
    writeln!(
        out,
        "export function {}(value: {name}): void {{",
        consume_fn(name)
    )
    .expect(WRITE);
    for (index, field) in schema.object_fields(def).into_iter().enumerate() {
        writeln!(
            out,
            "  const field{index}: {} = value[{}];\n  void field{index};",
            ts::read_field_type_text(field),
            ts::string_literal_text(&field.wire_name)
        )
        .expect(WRITE);
    }
    out.push_str("}\n\n");
}

/// The value, bound to the type the newtype aliases.
fn consume_newtype(out: &mut String, def: &NewtypeDef) {
    let name = &def.name;
    writeln!(
        out,
        "export function {}(value: {name}): void {{\n  const inner: {} = value;\n  void inner;\n}}\n",
        consume_fn(name),
        ts::value_type_text(&def.ty)
    ).expect(WRITE);
}

/// The catch-all's guard and its type, which an open union's or enum's consumer names
/// (`isShapeUnknown`, `ShapeUnknown`), added to the names imported; the guard's narrowing
/// leaves the known members to the switch.
fn guard(out: &mut String, names: &mut Vec<String>, owner: &str, other: &CatchAll) {
    let other = catch_all_type(owner, &other.name);
    writeln!(
        out,
        "  if (is{other}(value)) {{\n    const other: {other} = value;\n    void other;\n    return;\n  }}"
    ).expect(WRITE);
    names.push(other.clone());
    names.push(format!("is{other}"));
}

/// A switch on the tag over every tag value, each case's value bound to its member type, and
/// a `never` check; the catch-all first where the union is open.
fn consume_union(out: &mut String, names: &mut Vec<String>, schema: &Schema, def: &UnionDef) {
    let name = &def.name;
    writeln!(
        out,
        "export function {}(value: {name}): void {{",
        consume_fn(name)
    )
    .expect(WRITE);
    if let Some(other) = &def.other {
        guard(out, names, name, other);
    }
    let tag = format!("value[{}]", ts::string_literal_text(&def.tag));
    writeln!(out, "  switch ({tag}) {{").expect(WRITE);
    for variant in &def.variants {
        writeln!(
            out,
            "    case {}: {{\n      const member: {} = value;\n      void member;\n      break;\n    }}",
            ts::string_literal_text(&variant.tag_value),
            ts::member_type_text(schema, def, variant)
        ).expect(WRITE);
    }
    // The tag, not the value: a union of one member is no union TypeScript narrows away.
    writeln!(out, "    default:\n      cardcNever({tag});\n  }}\n}}\n").expect(WRITE);
}

/// A switch over every string, and a `never` check; the catch-all first where the enum is open.
fn consume_enum(out: &mut String, names: &mut Vec<String>, def: &EnumDef) {
    let name = &def.name;
    writeln!(
        out,
        "export function {}(value: {name}): void {{",
        consume_fn(name)
    )
    .expect(WRITE);
    if let Some(other) = &def.other {
        guard(out, names, name, other);
    }
    out.push_str("  switch (value) {\n");
    for value in &def.values {
        writeln!(
            out,
            "    case {}:\n      break;",
            ts::string_literal_text(&value.wire_name)
        )
        .expect(WRITE);
    }
    out.push_str("    default:\n      cardcNever(value);\n  }\n}\n\n");
}

/// The value, bound to the union of its variants' types.
fn consume_untagged(out: &mut String, def: &UntaggedDef) {
    let name = &def.name;
    let types: Vec<String> = def
        .variants
        .iter()
        .map(|variant| format!("({})", ts::value_type_text(&variant.ty)))
        .collect();
    writeln!(
        out,
        "export function {}(value: {name}): void {{\n  const inner: {} = value;\n  void inner;\n}}\n",
        consume_fn(name),
        types.join(" | ")
    ).expect(WRITE);
}

/// Compiles every unit with one run of tsc (`--strict`, no output) and gives each unit's
/// errors. Each unit is two modules in `dir`: the TypeScript its `against` schema generates
/// (`<unit>__types.ts`) and its consumer (`<unit>.ts`), which imports that alone, so that each
/// catch-all's brand is the one of the module compiled against. Panics when tsc cannot run, or
/// fails without an error in a consumer: an error in generated code is no measurement.
pub fn check(units: &[Unit], dir: &Path) -> Errors {
    let typescript = emit::target("typescript").expect("the TypeScript target");
    let mut consumers: Vec<PathBuf> = Vec::new();
    for unit in units {
        let types = format!("{}__types", unit.name);
        write_if_changed(
            &dir.join(format!("{types}.ts")),
            &typescript.emit(unit.against, &Default::default()),
        );
        let consumer_path = dir.join(format!("{}.ts", unit.name));
        write_if_changed(
            &consumer_path,
            &consumer(unit.consumer_of, &format!("./{types}")),
        );
        consumers.push(consumer_path);
    }
    let root = repo_root();
    assert!(
        root.join("node_modules/typescript").is_dir(),
        "the pinned npm tools are not installed: run `npm ci` at the repository root (scripts/test does)"
    );
    let output = Command::new("node")
        .current_dir(&root)
        .args([
            "node_modules/typescript/bin/tsc",
            "--strict",
            "--noEmit",
            "--pretty",
            "false",
        ])
        .args(["--target", "es2022", "--module", "es2022"])
        .args(&consumers)
        .output()
        .unwrap_or_else(|error| {
            panic!("cannot run node ({error}): install Node.js (scripts/test does)")
        });
    let mut errors: Errors = units
        .iter()
        .map(|unit| (unit.name.clone(), Vec::new()))
        .collect();
    let mut elsewhere = Vec::new();
    for (file, error) in diagnostics(&String::from_utf8_lossy(&output.stdout)) {
        let unit = Path::new(&file).file_stem().and_then(|stem| stem.to_str());
        match unit.and_then(|unit| errors.get_mut(unit)) {
            Some(unit_errors) => unit_errors.push(error),
            None => elsewhere.push(error),
        }
    }
    assert!(
        elsewhere.is_empty(),
        "errors outside the consumers:\n{}",
        elsewhere.join("\n")
    );
    assert!(
        output.status.success() || errors.values().any(|unit| !unit.is_empty()),
        "tsc failed without an error in a consumer:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    errors
}

/// tsc's errors (`file(line,col): error TS…: message`, then indented lines of detail), each
/// with the file it is in.
fn diagnostics(stdout: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in stdout.lines() {
        match (
            line.find("): error TS"),
            line.starts_with(' '),
            out.last_mut(),
        ) {
            (Some(_), false, _) => {
                let file = line.split('(').next().unwrap_or(line).to_owned();
                out.push((file, line.to_owned()));
            }
            (_, _, Some((_, error))) => {
                error.push('\n');
                error.push_str(line);
            }
            (_, _, None) => out.push((String::new(), line.to_owned())),
        }
    }
    out
}
