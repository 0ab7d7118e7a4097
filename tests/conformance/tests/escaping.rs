//! Every identifier and string that reaches an output is escaped for that output, or refused
//! with a located error.
//!
//! The schemas are built here from word lists rather than written by hand:
//!
//! - `keywords`: every Rust keyword (strict from 2015 to 2024, reserved and weak), every
//!   JavaScript and TypeScript reserved, strict-mode and contextual word, every
//!   `Object.prototype` member, and the prelude, global and parameter names the generated code
//!   could lean on, each as a type, variant and enum-value name, as a field name (or a field's
//!   wire name where it is no identifier) and as a tag value and an enum wire value;
//! - `hostile_<n>`: one hostile string (comment closers, line breaks, CR, NUL, quotes, a
//!   backtick, `${`, `</script>`, `<!--`, U+2028, U+2029, bidirectional controls) in every place
//!   a schema string goes: the docs of the file, a union, a variant, a struct, a field, an enum
//!   and an enum value, a tag field name, tag values, renames, the title, the schema's path
//!   (and through it the default `$id` and title), and, in `hostile_<n>_id`, the `#![id]`.
//!
//! Every output is then used the way its readers use it: the Rust compiled in one edition-2024
//! crate under `#![deny(warnings)]`, without and with schemars, the TypeScript compiled by tsc
//! with the web renderer's strict tsconfig and imported by node, which must print nothing, and
//! the JSON Schema checked against the 2020-12 meta-schema and loaded by the `jsonschema` crate
//! under its `$id`. The Rust output of a hostile schema must hold exactly the items of the same
//! schema with a harmless string in every place, so no text became an item.

use std::collections::BTreeSet;
use std::path::PathBuf;

use cardc_codegen::diagnostics::{Diagnostic, Source};
use cardc_codegen::{compile, emit, ir};
use cardc_conformance::outputs;
use quote::ToTokens;

/// Rust's strict keywords, 2015 to 2024.
const RUST_STRICT: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "gen",
];

/// Rust's reserved keywords (`try` since 2018).
const RUST_RESERVED: &[&str] = &[
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield", "try",
];

/// Rust's weak keywords.
const RUST_WEAK: &[&str] = &["union", "'static", "macro_rules", "raw", "safe", "auto"];

/// ECMAScript's reserved words.
const JS_RESERVED: &[&str] = &[
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
];

/// Words reserved in strict-mode JavaScript, or restricted there.
const JS_STRICT: &[&str] = &[
    "implements",
    "interface",
    "let",
    "package",
    "private",
    "protected",
    "public",
    "static",
    "yield",
    "await",
    "arguments",
    "eval",
];

/// TypeScript's contextual keywords and built-in type names.
const TS_CONTEXTUAL: &[&str] = &[
    "abstract",
    "accessor",
    "any",
    "as",
    "asserts",
    "async",
    "bigint",
    "boolean",
    "constructor",
    "declare",
    "from",
    "get",
    "global",
    "infer",
    "intrinsic",
    "is",
    "keyof",
    "module",
    "namespace",
    "never",
    "number",
    "object",
    "of",
    "out",
    "override",
    "readonly",
    "require",
    "satisfies",
    "set",
    "string",
    "symbol",
    "type",
    "undefined",
    "unique",
    "unknown",
    "using",
];

/// Every member of `Object.prototype`.
const OBJECT_PROTOTYPE: &[&str] = &[
    "constructor",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

/// Python's keywords and soft keywords, the builtins a generated class body names, and the
/// attributes every pydantic model and the runtime's models have.
const PYTHON_WORDS: &[&str] = &[
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "match",
    "case",
    "type",
    "bool",
    "dict",
    "float",
    "int",
    "list",
    "object",
    "str",
    "construct",
    "copy",
    "fields",
    "from_orm",
    "json",
    "parse_file",
    "parse_obj",
    "parse_raw",
    "schema",
    "schema_json",
    "update_forward_refs",
    "validate",
    "model_config",
    "model_dump",
    "model_fields",
    "model_validate",
    "model_post_init",
    "from_json",
    "from_data",
    "to_json",
    "to_data",
];

/// Type names the generated code could lean on: the Rust 2024 prelude's traits, types and
/// variants and the derives, the serde and cardc names it uses, the type parameters of its
/// impls (`S`, `D`, `B`) and handlers (`R`), TypeScript's global types and values, and the
/// names whose guards would be JavaScript globals (`isFinite`, `parseInt`, `isNaN`).
const GENERATED_CODE_NAMES: &[&str] = &[
    "Copy",
    "Send",
    "Sized",
    "Sync",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "AsyncFn",
    "AsyncFnMut",
    "AsyncFnOnce",
    "ToOwned",
    "Clone",
    "PartialEq",
    "PartialOrd",
    "Eq",
    "Ord",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "Default",
    "Iterator",
    "Extend",
    "IntoIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "ToString",
    "TryFrom",
    "TryInto",
    "FromIterator",
    "Future",
    "IntoFuture",
    "Debug",
    "Hash",
    "Output",
    "Serialize",
    "Deserialize",
    "Serializer",
    "Deserializer",
    "Value",
    "BTreeMap",
    "DecodeError",
    "Union",
    "Marker",
    "S",
    "D",
    "B",
    "R",
    "T",
    "Object",
    "Array",
    "Function",
    "Symbol",
    "Boolean",
    "Number",
    "BigInt",
    "Error",
    "Promise",
    "Record",
    "Partial",
    "Required",
    "Readonly",
    "ReadonlyArray",
    "Pick",
    "Omit",
    "Exclude",
    "Extract",
    "NonNullable",
    "ReturnType",
    "Awaited",
    "PropertyKey",
    "Set",
    "WeakMap",
    "Date",
    "RegExp",
    "JSON",
    "Math",
    "Reflect",
    "Proxy",
    "Iterable",
    "NaN",
    "Infinity",
    "Finite",
    "Int",
    "Float",
    "Never",
    "Unknown",
    "Any",
];

/// The type names a schema cannot declare: Rust's `Self` and the schema language's built-ins.
const REFUSED_TYPE_NAMES: &[&str] = &[
    "Self", "String", "Vec", "Option", "Box", "Json", "Nullable", "Map", "Const",
];

/// Strings that end a comment, a line or a string literal, or start code or markup, in some
/// output. Each carries a `console.log` so that a string that became code would print.
const HOSTILE: &[&str] = &[
    "*/ console.log(\"block comment\"); /*",
    "\n console.log(\"newline\"); //",
    "\r console.log(\"carriage return\"); //",
    "\u{2028} console.log(\"line separator\"); //",
    "\u{2029} console.log(\"paragraph separator\"); //",
    "\0 NUL \u{1b} ESC \u{7f} DEL \u{85} NEL",
    "' + console.log(\"single quote\") + '",
    "\" + console.log(\"double quote\") + \"",
    "` + console.log(\"backtick\") + `",
    "${console.log(\"template\")}",
    "\\' + console.log(\"backslash\") + '\\",
    "</script><script>console.log(\"script\")</script><!--",
    "\u{202e} console.log(\"bidi\") \u{2066}\u{2069}\u{202a}",
    "#/$defs/x ~0 ~1 %00 %zz",
    "*/console.log('uri');/*",
];

/// Every word of the lists, once, in list order.
fn words() -> Vec<&'static str> {
    let mut seen = BTreeSet::new();
    [
        RUST_STRICT,
        RUST_RESERVED,
        RUST_WEAK,
        JS_RESERVED,
        JS_STRICT,
        TS_CONTEXTUAL,
        OBJECT_PROTOTYPE,
        PYTHON_WORDS,
    ]
    .concat()
    .into_iter()
    .filter(|word| seen.insert(*word))
    .collect()
}

/// A word in UpperCamelCase: `macro_rules` gives `MacroRules`, `__proto__` gives `Proto`.
fn upper_camel(word: &str) -> String {
    let mut out = String::new();
    let mut capitalize = true;
    for c in word.chars() {
        if !c.is_ascii_alphanumeric() {
            capitalize = true;
        } else if capitalize {
            out.push(c.to_ascii_uppercase());
            capitalize = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// A string as a Rust string literal in schema text.
fn lit(text: &str) -> String {
    format!("{text:?}")
}

/// The keywords schema: every word as a field (`r#word`; `word_` with a rename for the
/// keywords `r#` cannot escape; a plain name with a rename for words that are no identifier),
/// and every word and generated-code name as a variant, its payload struct and an enum value,
/// whose tag and wire value is the word itself.
fn keywords_schema() -> String {
    let mut fields = String::new();
    let mut variants = String::new();
    let mut payloads = String::new();
    let mut values = String::new();
    // The schema's own three types: a word named like one (pydantic's `fields`) is renamed.
    let mut names: BTreeSet<String> = ["Fields", "Words", "Values"]
        .into_iter()
        .map(String::from)
        .collect();
    for (index, word) in words().into_iter().enumerate() {
        let snake = word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            && word.starts_with(|c: char| c.is_ascii_lowercase() || c == '_');
        if word == "__proto__" {
            // Refused as a wire key: see `refused_names_are_refused_where_written`.
        } else if ["self", "super", "crate"].contains(&word) {
            fields.push_str(&format!(
                "    #[rename = {}]\n    {word}_: String,\n",
                lit(word)
            ));
        } else if snake {
            fields.push_str(&format!("    r#{word}: String,\n"));
        } else {
            fields.push_str(&format!(
                "    #[rename = {}]\n    word_{index}: String,\n",
                lit(word)
            ));
        }
        let mut name = upper_camel(word);
        if REFUSED_TYPE_NAMES.contains(&name.as_str()) || !names.insert(name.clone()) {
            name = format!("Word{index}");
            names.insert(name.clone());
        }
        variants.push_str(&format!(
            "    #[rename = {}]\n    {name}({name}),\n",
            lit(word)
        ));
        payloads.push_str(&format!("struct {name} {{}}\n\n"));
        values.push_str(&format!("    #[rename = {}]\n    {name},\n", lit(word)));
    }
    for name in GENERATED_CODE_NAMES {
        // `Fn`, `Any` and others are some word's name already.
        if !names.insert((*name).to_owned()) {
            continue;
        }
        variants.push_str(&format!("    {name}({name}),\n"));
        payloads.push_str(&format!(
            "/// A payload named `{name}`.\nstruct {name} {{\n    value: Option<Values>,\n}}\n\n"
        ));
        values.push_str(&format!("    {name},\n"));
    }
    format!(
        "//! Every keyword and reserved name, in every place a name goes.\n\n\
         /// Every word as a field name or wire name.\nstruct Fields {{\n{fields}    words: Vec<Words>,\n}}\n\n\
         /// Every word as a variant and tag value.\n#[union(tag = \"constructor\")]\nenum Words {{\n{variants}}}\n\n\
         {payloads}\
         /// Every word as an enum value.\nenum Values {{\n{values}}}\n"
    )
}

/// A schema with `text` in every place a schema string goes (a field's pattern included) but
/// the id, and, with `id`, an explicit `#![id]` and `#![title]` holding it too.
fn hostile_schema(text: &str, id: bool) -> String {
    let doc = lit(text);
    let settings = if id {
        format!(
            "#![id = {}]\n#![title = {doc}]\n",
            lit(&format!("urn:cardc:id{text}"))
        )
    } else {
        String::new()
    };
    let tag = lit(&format!("tag{text}"));
    let kind = lit(&format!("kind{text}"));
    let field = lit(&format!("field{text}"));
    let nested = lit(&format!("nested{text}"));
    // The text as a default: a JSON string in a schema string, for a string and an enum value.
    let default = lit(&serde_json::Value::from(text).to_string());
    // The text as a pattern that matches it literally: a pattern goes into every output.
    let pattern = lit(&text
        .chars()
        .map(|c| {
            if "^$\\.*+?()[]{}|/".contains(c) {
                format!("\\{c}")
            } else {
                c.to_string()
            }
        })
        .collect::<String>());
    format!(
        "//! File docs.\n#![doc = {doc}]\n{settings}\n\
         #[doc = {doc}]\n#[union(tag = {tag})]\nenum Hostile {{\n    #[doc = {doc}]\n    #[rename = {doc}]\n    Plain(Plain),\n    \
         #[rename = {nested}]\n    Nested(Nested),\n}}\n\n\
         #[doc = {doc}]\nstruct Plain {{\n    #[doc = {doc}]\n    #[rename = {field}]\n    field: Option<Value>,\n    \
         #[doc = {doc}]\n    other: Vec<String>,\n    #[pattern = {pattern}]\n    matched: Option<String>,\n    \
         #[default = {default}]\n    fallback: String,\n    #[default = {default}]\n    #[omit_default]\n    chosen: Value,\n}}\n\n\
         #[union(tag = {kind})]\nenum Nested {{\n    #[doc = {doc}]\n    #[rename = {doc}]\n    Inner(Inner),\n}}\n\n\
         struct Inner {{}}\n\n\
         #[doc = {doc}]\nenum Value {{\n    #[doc = {doc}]\n    #[rename = {doc}]\n    Hostile,\n    Plain,\n}}\n"
    )
}

/// The path a hostile schema is compiled from: the text in a directory name and in the stem.
fn hostile_path(text: &str) -> String {
    format!("schemas/dir{text}/hostile{text}.cards")
}

/// Compiles schema text, panicking with the rendered report when it does not check.
fn checked(source_name: &str, text: &str) -> ir::Schema {
    compile(source_name, text).unwrap_or_else(|errors| {
        panic!(
            "{source_name:?} does not check:\n{}\n{text}",
            Source {
                name: source_name,
                text
            }
            .render(&errors)
        )
    })
}

/// One compiled schema of the test, by the module name its Rust output gets.
struct Case {
    module: String,
    schema: ir::Schema,
    /// The same schema with a harmless string in every place, for a hostile case.
    clean: Option<ir::Schema>,
}

/// The keywords schema and every hostile schema whose id is a URI, compiled.
fn cases() -> Vec<Case> {
    let mut cases = vec![Case {
        module: "keywords".to_owned(),
        schema: checked("schemas/keywords.cards", &keywords_schema()),
        clean: None,
    }];
    for (index, text) in HOSTILE.iter().enumerate() {
        for id in [false, true] {
            let schema_text = hostile_schema(text, id);
            let schema = match compile(&hostile_path(text), &schema_text) {
                Ok(schema) => schema,
                // Refused ids are `hostile_ids_are_used_or_refused_at_the_id`'s business.
                Err(_) if id => continue,
                Err(errors) => panic!("hostile_{index}: {errors:?}\n{schema_text}"),
            };
            let clean = checked(&hostile_path("x"), &hostile_schema("x", id));
            cases.push(Case {
                module: format!("hostile_{index}{}", if id { "_id" } else { "" }),
                schema,
                clean: Some(clean),
            });
        }
    }
    cases
}

/// The first error of a schema that should not check.
fn refusal(source_name: &str, text: &str) -> Diagnostic {
    match compile(source_name, text) {
        Ok(_) => panic!("{source_name:?} checked, but should not:\n{text}"),
        Err(mut errors) => errors.remove(0),
    }
}

/// Asserts that a diagnostic points at `needle` in the schema text and carries a hint.
fn assert_located(diagnostic: &Diagnostic, text: &str, needle: &str) {
    let start = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in {text}"));
    assert!(
        diagnostic.span.start >= start && diagnostic.span.end <= start + needle.len(),
        "{diagnostic:?} does not point at {needle:?}"
    );
    assert!(!diagnostic.hint.is_empty(), "{diagnostic:?} has no hint");
}

#[test]
fn refused_names_are_refused_where_written() {
    for name in REFUSED_TYPE_NAMES {
        let text = format!("struct Holder {{\n    a: bool,\n}}\n\nstruct {name} {{}}\n");
        assert_located(&refusal("x.cards", &text), &text, &format!("{name} {{}}"));
    }
    let text = "#[union(tag = \"t\")]\nenum U {\n    Self(A),\n}\n\nstruct A {}\n";
    assert_located(&refusal("x.cards", text), text, "Self");
    let text = "enum E {\n    Self,\n}\n";
    assert_located(&refusal("x.cards", text), text, "Self");
    let text = "struct A {\n    #[rename = \"__proto__\"]\n    proto: bool,\n}\n";
    assert_located(&refusal("x.cards", text), text, "\"__proto__\"");
    let text = "#[union(tag = \"__proto__\")]\nenum U {\n    A(A),\n}\n\nstruct A {}\n";
    assert_located(&refusal("x.cards", text), text, "\"__proto__\"");
}

#[test]
fn hostile_ids_are_used_or_refused_at_the_id() {
    let mut accepted = 0;
    for text in HOSTILE {
        let schema_text = hostile_schema(text, true);
        match compile(&hostile_path(text), &schema_text) {
            Ok(schema) => {
                accepted += 1;
                assert_eq!(schema.id, format!("urn:cardc:id{text}"));
            }
            Err(errors) => {
                assert_eq!(errors.len(), 1, "{errors:?}");
                let id = lit(&format!("urn:cardc:id{text}"));
                assert_located(&errors[0], &schema_text, &id);
            }
        }
    }
    // `*/` and the quotes are URI characters; line breaks, spaces and `<` are not.
    assert!(
        (1..HOSTILE.len()).contains(&accepted),
        "{accepted} accepted"
    );
}

#[test]
fn json_schemas_are_2020_12_documents_their_ids_name() {
    for case in cases() {
        let text = emit::json_schema::emit(&case.schema);
        let document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        if let Err(error) = jsonschema::meta::validate(&document) {
            panic!("{}: not a 2020-12 schema: {error}\n{text}", case.module);
        }
        let id = document["$id"].as_str().expect("an $id").to_owned();
        let registry = jsonschema::Registry::new()
            .add(&id, document)
            .and_then(|registry| registry.prepare())
            .unwrap_or_else(|error| panic!("{}: {id:?} is no registry key: {error}", case.module));
        let Some(value) = case.schema.types.values().find_map(|def| match def {
            ir::TypeDef::Enum(value) => Some(value),
            _ => None,
        }) else {
            panic!("{}: no enum", case.module);
        };
        let entry = serde_json::json!({ "$ref": format!("{id}#/$defs/{}", value.name) });
        let validator = jsonschema::options()
            .offline()
            .with_registry(&registry)
            .build(&entry)
            .unwrap_or_else(|error| {
                panic!("{}: {id:?} cannot be referenced: {error}", case.module)
            });
        for wire in &value.values {
            assert!(
                validator.is_valid(&serde_json::json!(wire.wire_name)),
                "{}: {:?} refused",
                case.module,
                wire.wire_name
            );
        }
        assert!(!validator.is_valid(&serde_json::json!("no such value")));
    }
}

/// What names an item: its kind and name, for an impl its trait and type, and for a macro
/// invocation (a type's declaration to the runtime) its tokens with every string literal
/// blanked: the strings are the schema's data, and the structure around them is what a string
/// that broke out of its literal would change.
fn item_signature(item: &syn::Item) -> String {
    match item {
        syn::Item::Struct(item) => format!("struct {}", item.ident),
        syn::Item::Enum(item) => format!("enum {}", item.ident),
        syn::Item::Trait(item) => format!("trait {}", item.ident),
        syn::Item::Impl(item) => format!(
            "impl {} for {}",
            item.trait_
                .as_ref()
                .map(|(path, _)| path.to_token_stream().to_string())
                .unwrap_or_default(),
            item.self_ty.to_token_stream()
        ),
        syn::Item::Macro(item) => format!("macro {}", blank_strings(item.mac.to_token_stream())),
        other => format!("other {}", other.to_token_stream()),
    }
}

/// `tokens` with each string literal written as `""`.
fn blank_strings(tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            proc_macro2::TokenTree::Group(group) => {
                let mut blanked =
                    proc_macro2::Group::new(group.delimiter(), blank_strings(group.stream()));
                blanked.set_span(group.span());
                proc_macro2::TokenTree::Group(blanked)
            }
            proc_macro2::TokenTree::Literal(literal)
                if syn::parse_str::<syn::LitStr>(&literal.to_string()).is_ok() =>
            {
                proc_macro2::TokenTree::Literal(proc_macro2::Literal::string(""))
            }
            other => other,
        })
        .collect()
}

#[test]
fn hostile_rust_outputs_hold_exactly_the_declared_items() {
    for case in cases() {
        let Some(clean) = &case.clean else { continue };
        let items = |schema: &ir::Schema| -> Vec<String> {
            let text = emit::rust::emit(schema);
            syn::parse_file(&text)
                .unwrap_or_else(|error| panic!("{}: {error}\n{text}", case.module))
                .items
                .iter()
                .map(item_signature)
                .collect()
        };
        assert_eq!(items(&case.schema), items(clean), "{}", case.module);
    }
}

#[test]
fn typescript_outputs_compile_strictly_and_run_nothing() {
    let modules: Vec<(String, String)> = cases()
        .iter()
        .map(|case| (case.module.clone(), emit::typescript::emit(&case.schema)))
        .collect();
    let (stdout, stderr) = outputs::typescript_compile_and_import(&scratch("ts"), &modules);
    assert_eq!(
        (stdout.as_str(), stderr.as_str()),
        ("", ""),
        "importing the outputs ran code"
    );
}

#[test]
fn rust_outputs_compile_in_an_edition_2024_crate_with_warnings_denied() {
    let modules: Vec<(String, String)> = cases()
        .iter()
        .map(|case| (case.module.clone(), emit::rust::emit(&case.schema)))
        .collect();
    let krate = outputs::RustCrate {
        name: "cardc-escaping-outputs",
        doc: "The Rust outputs of the escaping test.",
        modules: &modules,
        extra_items: "/// The keywords schema through the derive.\npub mod derived {\n    \
                      /// The derive's marker.\n    #[derive(cardc::Schema)]\n    \
                      #[schema = \"schema.cards\"]\n    pub struct Keywords;\n}\n",
        files: &[("schema.cards", keywords_schema())],
    };
    // Without and with schemars, whose derive the generated types then expand.
    krate.build(&scratch("rust"), &[&[], &["--features", "cardc/schemars"]]);
}

/// A scratch directory of this test under `target/`, emptied.
fn scratch(name: &str) -> PathBuf {
    outputs::scratch("cardc-escaping", name)
}

/// A schema type's name in the Python package (`False` is the class `False_`).
fn python_name(name: &str) -> String {
    cardc_codegen::naming::python::type_name(name)
}

#[test]
fn python_outputs_import_and_say_exactly_the_schema_strings() {
    let dir = scratch("python");
    let cases = cases();
    let mut packages = Vec::new();
    for case in &cases {
        let package = dir.join(&case.module);
        std::fs::create_dir_all(&package).expect("create the package directory");
        let target = emit::python::Python;
        outputs::write(
            &package.join("__init__.py"),
            &emit::python::emit(&case.schema),
        );
        for (path, text) in
            cardc_codegen::target::Target::companions(&target, &case.schema, &Default::default())
        {
            if let Some(name) = path.strip_prefix("python/").and_then(|p| p.split_once('/')) {
                outputs::write(&package.join(name.1), &text);
            }
        }
        packages.push(package);
    }
    let mut args: Vec<&std::ffi::OsStr> = vec!["tests/python/strings_check.py".as_ref()];
    args.extend(packages.iter().map(|path| path.as_os_str()));
    let printed = cardc_conformance::python(&args);
    let reports: Vec<serde_json::Value> = printed
        .lines()
        .map(|line| serde_json::from_str(line).expect("the check prints JSON lines"))
        .collect();
    assert_eq!(
        reports.len(),
        cases.len(),
        "importing the packages printed:\n{printed}"
    );
    for (case, report) in cases.iter().zip(&reports) {
        let schema = &case.schema;
        let lines: Vec<&str> = schema.docs.iter().map(|line| line.trim_end()).collect();
        let doc = match lines.as_slice() {
            [] => None,
            [only] => Some(only.to_string()),
            _ => Some(lines.join("\n") + "\n"),
        };
        assert_eq!(
            report["doc"].as_str(),
            doc.as_deref(),
            "{}: the module docstring",
            case.module
        );
        for def in schema.types.values() {
            match def {
                ir::TypeDef::Struct(def) => {
                    let keys: Vec<&str> = schema
                        .object_fields(def)
                        .iter()
                        .map(|field| field.wire_name.as_str())
                        .collect();
                    let said: Vec<&str> = report["keys"][&python_name(&def.name)]
                        .as_array()
                        .unwrap_or_else(|| panic!("{}: no class {}", case.module, def.name))
                        .iter()
                        .filter_map(serde_json::Value::as_str)
                        .collect();
                    assert_eq!(said, keys, "{}: the keys of {}", case.module, def.name);
                }
                ir::TypeDef::Enum(def) => {
                    let values: Vec<&str> = def
                        .values
                        .iter()
                        .map(|value| value.wire_name.as_str())
                        .collect();
                    let said: Vec<&str> = report["values"][&python_name(&def.name)]
                        .as_array()
                        .unwrap_or_else(|| panic!("{}: no enum {}", case.module, def.name))
                        .iter()
                        .filter_map(serde_json::Value::as_str)
                        .collect();
                    assert_eq!(said, values, "{}: the values of {}", case.module, def.name);
                }
                _ => {}
            }
        }
    }
}
