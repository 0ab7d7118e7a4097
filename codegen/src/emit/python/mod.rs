//! The Python emitter: a package per schema (`python/<stem>/`), whose module holds one
//! pydantic v2 model per struct, one class per union variant carrying its tags (so that a
//! variant struct read alone carries none), a discriminated-union alias per union, an enum
//! class per enum, an alias per newtype and untagged union, and a typed parser per type
//! (`parse_<name>`, a `cardc_runtime.Parser`, and its `parse_<name>_json`), all read by one
//! path. A field's `alias` is written only where its wire name is not its attribute's. An
//! open union's catch-all is a `RootModel` of the whole object (`<Union><Name>`), an
//! open enum's a `RootModel` of the string (`<Enum><Name>`) beside the enum class of its known
//! values (`<Enum>_Known`), the enum's own name an alias of both. Every model reads JSON text
//! exactly as the contract does through the runtime package `cardc_runtime`
//! (`python/cardc-runtime/`, one distribution that every generated package depends on), and
//! writes back exactly the JSON it read but for its defaulted fields, which it writes as their
//! policy says (a kept default always, an omitted one only when the value differs from it).
//!
//! The module names only `_`-prefixed imports (`_t`, `_te`, `_p`, `_cardc`) and the builtins
//! `str`, `bool`, `list`, `dict`, so no schema type name shadows what it relies on; attribute
//! names are escaped by `naming::python`.

mod defaults;
mod imports;
mod layout;
pub mod runtime_limits;
mod syntax;

use crate::emit::header_sentence;
use crate::ir::{
    CatchAll, Constant, Constraints, Deprecated, Docs, EnumDef, EnumValue, Examples, Field,
    IntKind, NewtypeDef, Number, OnInvalid, Presence, Schema, Shape, StructDef, Ty, TypeDef,
    UnionDef, UnknownFields, UntaggedDef, Version, Wide,
};
use crate::json_text;
use crate::naming::python as naming;
use crate::target::{Options, Refusal, Target};

use layout::Code;
use syntax::{comment_text, docstring_line, string_literal};

/// The Python target.
pub struct Python;

impl Target for Python {
    fn key(&self) -> &'static str {
        "python"
    }

    fn language(&self) -> &'static str {
        "Python"
    }

    fn constant(&self) -> &'static str {
        "PYTHON"
    }

    fn file_name(&self, stem: &str) -> String {
        format!("python/{}/__init__.py", naming::package(stem))
    }

    fn emit(&self, schema: &Schema, options: &Options) -> String {
        emit_with(schema, options)
    }

    fn import_default(&self, stem: &str) -> String {
        naming::package(stem)
    }

    fn path(&self, stem: &str, options: &Options) -> String {
        format!("{}/__init__.py", package_dir(stem, options))
    }

    fn companions(&self, schema: &Schema, options: &Options) -> Vec<(String, String)> {
        let package = naming::package(&schema.stem);
        let distribution = options.python_distribution.as_deref().unwrap_or(&package);
        let header = format!("# {}\n", comment_text(&header_sentence(schema)));
        let dependencies: Vec<String> = schema
            .imports()
            .into_keys()
            .map(|module| {
                options
                    .python_distributions
                    .get(&module.stem)
                    .cloned()
                    .unwrap_or_else(|| naming::package(&module.stem))
            })
            .collect();
        let root = if options.python_apart {
            format!("python/{package}")
        } else {
            "python".to_string()
        };
        let project = Project {
            distribution,
            package: &package,
            version: schema.version.as_ref(),
            dependencies: &dependencies,
        };
        vec![
            (
                format!("{}/py.typed", package_dir(&schema.stem, options)),
                header.clone(),
            ),
            (
                format!("{root}/pyproject.toml"),
                pyproject(&header, &project),
            ),
        ]
    }

    fn union_helpers(&self, union: &str) -> Vec<String> {
        vec![naming::visitor(union)]
    }

    fn catch_all_helpers(&self, owner: &str, catch_all: &str) -> Vec<String> {
        vec![naming::catch_all_class(owner, catch_all)]
    }

    fn field_name_problem(&self, name: &str, _keeps_unknown: bool) -> Option<Refusal> {
        naming::field_name_problem(name).map(|why| Refusal {
            message: format!("`{name}` cannot be a Python field name"),
            label: "not a Python attribute of its own".to_string(),
            hint: format!("{why}: choose another name and keep the key with `#[rename]`"),
        })
    }
}

/// The directory of the package of the schema of this stem, relative to the output directory.
fn package_dir(stem: &str, options: &Options) -> String {
    let package = naming::package(stem);
    if options.python_apart {
        format!("python/{package}/{package}")
    } else {
        format!("python/{package}")
    }
}

/// What a package's `pyproject.toml` says of it.
struct Project<'a> {
    /// The distribution name.
    distribution: &'a str,
    /// The import name.
    package: &'a str,
    /// The contract's declared version.
    version: Option<&'a Version>,
    /// The distributions of the packages it imports types from.
    dependencies: &'a [String],
}

/// The package's `pyproject.toml`: the distribution of the module, at the contract's declared
/// version (`0` without one), and its dependencies: the runtime at the versions compatible
/// with this cardc's, pydantic and typing-extensions, which it imports too, and the packages
/// of the schema files it imports types from. It builds with flit-core, which writes no
/// `build/` or `.egg-info/` into the folder.
fn pyproject(header: &str, project: &Project) -> String {
    let Project {
        distribution,
        package,
        version,
        dependencies,
    } = project;
    let version = version.map_or_else(|| "0".to_string(), Version::to_string);
    let runtime = runtime_requirement(env!("CARGO_PKG_VERSION"));
    let imported: String = dependencies
        .iter()
        .map(|dependency| format!(", \"{dependency}\""))
        .collect();
    format!(
        "{header}\n[build-system]\nrequires = [\"flit_core>=3.11,<5\"]\n\
         build-backend = \"flit_core.buildapi\"\n\n[project]\nname = \"{distribution}\"\n\
         version = \"{version}\"\n\
         description = \"The pydantic models of the {package} schema, generated by cardc.\"\n\
         requires-python = \">=3.11\"\n\
         dependencies = [\"{runtime}\", \"pydantic>=2.11,<3\", \"typing-extensions>=4.12\"{imported}]\n\n\
         [tool.flit.module]\nname = \"{package}\"\n"
    )
}

/// The runtime versions a package generated by cardc `version` works with: from that version
/// up to the next that may break it, the next minor before 1.0 and the next major after
/// (`0.1.0` gives `cardc-runtime>=0.1.0,<0.2`).
fn runtime_requirement(version: &str) -> String {
    let mut parts = version
        .split('.')
        .map(|part| part.parse::<u64>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    let below = if major == 0 {
        format!("0.{}", minor + 1)
    } else {
        (major + 1).to_string()
    };
    format!("cardc-runtime>={version},<{below}")
}

/// A line writer with four-space indentation.
#[derive(Default)]
struct Writer {
    out: String,
    depth: usize,
}

impl Writer {
    fn line(&mut self, text: &str) {
        if !text.is_empty() {
            for _ in 0..self.depth {
                self.out.push_str("    ");
            }
            self.out.push_str(text);
        }
        self.out.push('\n');
    }

    /// The lines of a laid-out statement, each at its own indent level.
    fn statement(&mut self, lines: Vec<(usize, String)>) {
        let depth = self.depth;
        for (indent, text) in lines {
            self.depth = indent;
            self.line(&text);
        }
        self.depth = depth;
    }

    /// A docstring of these lines: nothing when all are empty.
    fn docstring(&mut self, lines: &[String]) {
        if lines.iter().all(|line| line.trim().is_empty()) {
            return;
        }
        let lines: Vec<String> = lines.iter().map(|line| docstring_line(line)).collect();
        match lines.as_slice() {
            [only] => self.line(&format!("\"\"\"{only}\"\"\"")),
            [first, rest @ ..] => {
                self.line(&format!("\"\"\"{first}"));
                for line in rest {
                    self.line(line);
                }
                self.line("\"\"\"");
            }
            [] => {}
        }
    }
}

/// Emits the package's module for a schema, with the default options.
pub fn emit(schema: &Schema) -> String {
    emit_with(schema, &Options::default())
}

/// Emits the package's module for a schema, importing the types of other schema files from
/// their packages where `options` says.
pub fn emit_with(schema: &Schema, options: &Options) -> String {
    let body = emit_body(schema);
    let mut w = Writer::default();
    w.line(&format!("# {}", comment_text(&header_sentence(schema))));
    w.docstring(&schema.docs);
    w.line("");
    w.line("from __future__ import annotations");
    // Only the modules the body names: an unused import fails `ruff check`.
    let uses = |alias: &str| body.contains(&format!("{alias}."));
    let standard: Vec<(&str, &str)> = [("enum", "_enum"), ("typing", "_t")]
        .into_iter()
        .filter(|(_, alias)| uses(alias))
        .collect();
    if !standard.is_empty() {
        w.line("");
        for (module, alias) in standard {
            w.line(&format!("import {module} as {alias}"));
        }
    }
    let third_party: Vec<(&str, &str)> = [
        ("cardc_runtime", "_cardc"),
        ("pydantic", "_p"),
        ("typing_extensions", "_te"),
    ]
    .into_iter()
    .filter(|(_, alias)| uses(alias))
    .collect();
    let imported = imports::from_imports(schema, options, &body);
    if !third_party.is_empty() || !imported.is_empty() {
        w.line("");
        for (module, alias) in third_party {
            w.line(&format!("import {module} as {alias}"));
        }
        w.out.push_str(&imported);
    }
    // isort (and so `ruff check`) wants two blank lines after the imports before a class or
    // a function, and one before any other statement (a schema of aliases alone).
    let first = body.trim_start_matches('\n');
    let definition = ["class ", "def ", "@"]
        .iter()
        .any(|start| first.starts_with(start));
    match body.strip_prefix('\n') {
        Some(rest) if !definition && rest.starts_with('\n') => w.out.push_str(rest),
        _ => w.out.push_str(&body),
    }
    w.out
}

/// Everything of the module after its imports.
fn emit_body(schema: &Schema) -> String {
    let mut w = Writer::default();
    let mut classes = Vec::new();
    // Every enum before every struct: a field's default, evaluated as its class is defined,
    // may name an enum's member.
    for def in schema.own_types() {
        if let TypeDef::Enum(def) = def {
            emit_enum(&mut w, def);
        }
    }
    for def in schema.own_types() {
        if let TypeDef::Struct(def) = def {
            emit_struct(&mut w, schema, def);
            classes.push(naming::type_name(&def.name));
        }
    }
    for def in schema.own_types() {
        if let TypeDef::Union(union) = def {
            if let Some(other) = &union.other {
                emit_union_catch_all(&mut w, union, other);
            }
            emit_variant_classes(&mut w, schema, union, union, &[], &[], &mut classes);
        }
    }
    for def in schema.own_types() {
        match def {
            TypeDef::Union(def) => emit_union_alias(&mut w, schema, def),
            TypeDef::Newtype(def) => emit_newtype(&mut w, schema, def),
            TypeDef::Untagged(def) => emit_untagged(&mut w, schema, def),
            _ => {}
        }
    }
    if schema.own_types().next().is_some() {
        emit_parsers(&mut w, schema);
    }
    let unions: Vec<&UnionDef> = schema
        .own_types()
        .filter_map(|def| match def {
            TypeDef::Union(union) => Some(union),
            _ => None,
        })
        .collect();
    if !unions.is_empty() {
        top_level(&mut w);
        w.line("_R = _t.TypeVar(\"_R\")");
        w.line("_R_co = _t.TypeVar(\"_R_co\", covariant=True)");
    }
    for union in &unions {
        emit_visitor(&mut w, schema, union);
    }
    w.line("");
    w.line("");
    w.line("__all__ = [");
    w.depth += 1;
    let mut exported: Vec<String> = Vec::new();
    for def in schema.own_types() {
        let name = def.name();
        exported.push(naming::type_name(name));
        exported.push(naming::parse_function(name));
        exported.push(format!("{}_json", naming::parse_function(name)));
    }
    for union in &unions {
        exported.push(naming::visitor(&union.name));
        exported.push(naming::visit_function(&union.name));
    }
    for def in schema.own_types() {
        let (name, other) = match def {
            TypeDef::Union(union) => (&union.name, &union.other),
            TypeDef::Enum(enumeration) => (&enumeration.name, &enumeration.other),
            _ => continue,
        };
        if let Some(other) = other {
            exported.push(naming::catch_all_class(name, &other.name));
            if matches!(def, TypeDef::Enum(_)) {
                exported.push(naming::known_values_class(name));
            }
        }
    }
    exported.extend(classes.iter().filter(|name| name.contains('_')).cloned());
    exported.sort();
    for name in &exported {
        w.line(&format!("{},", string_literal(name)));
    }
    w.depth -= 1;
    w.line("]");
    if !classes.is_empty() {
        w.line("");
        for class in &classes {
            w.line(&format!("{class}.model_rebuild()"));
        }
    }
    w.out
}

/// The docstring lines of a type or member: its docs, its examples and its deprecation.
fn doc_lines(docs: &Docs, examples: &Examples, deprecated: Option<&Deprecated>) -> Vec<String> {
    let mut lines: Vec<String> = docs.clone();
    if let Some(deprecated) = deprecated {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        lines.push(match &deprecated.note {
            Some(note) => format!("Deprecated: {note}"),
            None => "Deprecated.".to_string(),
        });
    }
    if !examples.is_empty() {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        lines.push("Examples:".to_string());
        lines.extend(
            examples
                .iter()
                .map(|example| format!("    {}", json_text::compact(example))),
        );
    }
    lines
}

/// The runtime's model class for an object that refuses, keeps or drops unknown keys.
fn model_base(unknown: UnknownFields) -> &'static str {
    match unknown {
        UnknownFields::Refuse => "_cardc.Model",
        UnknownFields::Keep => "_cardc.OpenModel",
        UnknownFields::Drop => "_cardc.DroppingModel",
    }
}

/// Starts a top-level definition: two blank lines, as PEP 8 has them.
fn top_level(w: &mut Writer) {
    w.line("");
    w.line("");
}

fn emit_struct(w: &mut Writer, schema: &Schema, def: &StructDef) {
    top_level(w);
    let base = model_base(def.unknown);
    w.line(&format!("class {}({base}):", naming::type_name(&def.name)));
    w.depth += 1;
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    w.docstring(&docs);
    let fields = schema.object_fields(def);
    let mut first = docs.is_empty();
    if fields.iter().any(|field| field.default.is_some()) {
        if !first {
            w.line("");
        }
        emit_defaulted(w, &fields);
        first = false;
    }
    if fields.iter().any(|field| field.tolerance.is_declared()) {
        if !first {
            w.line("");
        }
        emit_tolerant(w, &fields);
        first = false;
    }
    for field in &fields {
        if !first {
            w.line("");
        }
        first = false;
        emit_field(w, schema, field);
    }
    if first {
        w.line("pass");
    }
    w.depth -= 1;
}

/// The defaulted fields, which the runtime's `Model` marks set as it builds a value, so that
/// its writer judges each whether or not it was given (and a default list filled in place is
/// written): a kept default is always written, an omitted one left out by its `exclude_if`.
fn emit_defaulted(w: &mut Writer, fields: &[&Field]) {
    let defaulted = fields
        .iter()
        .filter(|field| field.default.is_some())
        .map(|field| Code::text(string_literal(&naming::ident(&field.name))))
        .collect();
    w.statement(layout::annotated(
        w.depth,
        "_cardc_defaulted",
        &Code::text("_t.ClassVar[tuple[str, ...]]"),
        &Code::Tuple {
            lead: String::new(),
            items: defaulted,
        },
    ));
}

/// The reader policy of each field that declares one, by field, which the runtime's tolerant
/// decode (`parse_<type>_tolerant`) applies; a strict decode ignores it.
fn emit_tolerant(w: &mut Writer, fields: &[&Field]) {
    let entries = fields
        .iter()
        .filter(|field| field.tolerance.is_declared())
        .map(|field| {
            let mut arguments = match &field.tolerance.on_invalid {
                OnInvalid::Error => Vec::new(),
                OnInvalid::Absent => vec![string_literal("absent")],
                OnInvalid::Default(value) => {
                    vec![string_literal("default"), defaults::json_literal(value)]
                }
            };
            if field.tolerance.skip_invalid {
                arguments.push("skip_invalid=True".to_string());
            }
            Code::text(format!(
                "{}: _cardc.Tolerance({})",
                string_literal(&naming::ident(&field.name)),
                arguments.join(", ")
            ))
        })
        .collect();
    w.statement(layout::annotated(
        w.depth,
        "_cardc_tolerant",
        &Code::text("_t.ClassVar[dict[str, _cardc.Tolerance]]"),
        &Code::Group {
            head: "{".to_string(),
            items: entries,
            close: '}',
        },
    ));
}

fn emit_field(w: &mut Writer, schema: &Schema, field: &Field) {
    let base = with_constraints(type_code(schema, &field.ty, false), &field.constraints);
    let json = field.ty == Ty::Json;
    let annotation = match field.presence {
        Presence::Required | Presence::Defaulted => base,
        _ if json => base,
        Presence::Nullable | Presence::OptionalNullable | Presence::NullAsAbsent => {
            or_none(base, false)
        }
        Presence::Optional => Code::subscript(
            "_t.Annotated",
            vec![
                or_none(base, false),
                Code::text("_p.BeforeValidator(_cardc.not_null)"),
            ],
        ),
    };
    let mut arguments = defaults::arguments(schema, field);
    if field.presence.is_optional() {
        arguments.push(Code::text("default=None"));
    }
    // A `null` read is kept as `None` but, like an absent key, never written.
    if field.presence == Presence::NullAsAbsent {
        arguments.push(Code::text("exclude_if=_cardc.is_none"));
    }
    let attribute = naming::ident(&field.name);
    if field.wire_name != attribute {
        arguments.push(Code::text(format!(
            "alias={}",
            string_literal(&field.wire_name)
        )));
    }
    if let Some(deprecated) = &field.deprecated {
        arguments.push(Code::text(format!(
            "deprecated={}",
            deprecated
                .note
                .as_deref()
                .map_or("True".to_string(), string_literal)
        )));
    }
    w.statement(declaration(w.depth, &attribute, &annotation, arguments));
    w.docstring(&doc_lines(&field.docs, &field.examples, None));
}

/// The lines of a field `name: annotation`, with the value its `_p.Field` arguments give it:
/// none when there are none (a required field of its own wire name), the default alone when
/// that is all, else `_p.Field(arguments)`.
fn declaration(
    indent: usize,
    name: &str,
    annotation: &Code,
    arguments: Vec<Code>,
) -> Vec<(usize, String)> {
    match arguments.as_slice() {
        [] => layout::declaration(indent, name, annotation),
        [Code::Text(only)] if only.starts_with("default=") => {
            let value = Code::text(only.trim_start_matches("default="));
            layout::annotated(indent, name, annotation, &value)
        }
        _ => layout::annotated(indent, name, annotation, &Code::call("_p.Field", arguments)),
    }
}

/// `T | None`, or in an alias's value where `T` is a forward reference (a string, which `|`
/// cannot join), `_t.Optional[T]`.
fn or_none(base: Code, alias: bool) -> Code {
    if alias && base.flat().starts_with('"') {
        Code::subscript("_t.Optional", vec![base])
    } else {
        Code::Union(vec![base, Code::text("None")])
    }
}

/// The union of `members`: `A | B`, or where one is a forward reference (a string, which `|`
/// cannot join), `_t.Union[A, B]`.
fn union_of(members: Vec<Code>) -> Code {
    if members.iter().any(|member| member.flat().starts_with('"')) {
        Code::subscript("_t.Union", members)
    } else {
        Code::Union(members)
    }
}

/// A field's value type with the runtime's check of its constraints, if it has any.
fn with_constraints(base: Code, constraints: &Constraints) -> Code {
    if constraints.is_empty() {
        return base;
    }
    let count = |count: crate::ir::Count| {
        let bound = |value: Option<u64>| value.map_or("None".to_string(), |n| n.to_string());
        format!("({}, {})", bound(count.min), bound(count.max))
    };
    let number = |number: Number| match number {
        Number::Int(value) => value.to_string(),
        Number::Float(value) => format!("{value:?}"),
    };
    let flag = |value: bool| if value { "True" } else { "False" };
    let mut arguments = Vec::new();
    if let Some(length) = constraints.length {
        arguments.push(Code::text(format!("length={}", count(length))));
    }
    let patterns: Vec<Code> = constraints
        .searches()
        .into_iter()
        .map(|(pattern, what)| Code::Tuple {
            lead: String::new(),
            items: vec![
                Code::text(string_literal(pattern)),
                Code::text(string_literal(&what)),
            ],
        })
        .collect();
    if !patterns.is_empty() {
        arguments.push(Code::Tuple {
            lead: "patterns=".to_string(),
            items: patterns,
        });
    }
    if let Some(range) = constraints.range {
        if let Some(min) = range.min {
            arguments.push(Code::text(format!(
                "minimum=({}, {})",
                number(min.value),
                flag(min.exclusive)
            )));
        }
        if let Some(max) = range.max {
            arguments.push(Code::text(format!(
                "maximum=({}, {})",
                number(max.value),
                flag(max.exclusive)
            )));
        }
        if range.is_integer() {
            arguments.push(Code::text("integer=True"));
        }
    }
    if let Some(items) = constraints.items {
        arguments.push(Code::text(format!("items={}", count(items))));
    }
    if constraints.unique {
        arguments.push(Code::text("unique=True"));
    }
    Code::subscript(
        "_t.Annotated",
        vec![base, Code::call("_cardc.constrained", arguments)],
    )
}

/// A value type as Python: in an annotation (`alias` false), where every name resolves
/// lazily; or in an alias's value (`alias` true), evaluated at once, where a name of another
/// alias is a forward reference.
fn type_code(schema: &Schema, ty: &Ty, alias: bool) -> Code {
    match ty {
        Ty::String => Code::text("str"),
        Ty::Bool => Code::text("bool"),
        Ty::Int(kind) => Code::text(format!("_cardc.{}", int_name(*kind))),
        Ty::Decimal(Wide::I64) => Code::text("_cardc.DecimalI64"),
        Ty::Decimal(Wide::U64) => Code::text("_cardc.DecimalU64"),
        Ty::F64 => Code::text("_cardc.F64"),
        Ty::Json => Code::text("_cardc.Json"),
        Ty::Vec(item) => Code::subscript("list", vec![type_code(schema, item, alias)]),
        Ty::Map(item) => Code::subscript(
            "dict",
            vec![Code::text("str"), type_code(schema, item, alias)],
        ),
        Ty::Boxed(inner) => type_code(schema, inner, alias),
        Ty::Nullable(inner) => or_none(type_code(schema, inner, alias), alias),
        Ty::Named(name) => match schema.types.get(name) {
            Some(TypeDef::Struct(_)) | None => Code::text(naming::type_name(name)),
            Some(TypeDef::Enum(def)) if def.other.is_none() => Code::text(naming::type_name(name)),
            // An imported type is defined before the module's code runs, and is imported only
            // when the code names it: never a forward reference.
            Some(_) if alias && !schema.foreign.contains_key(name) => {
                Code::text(string_literal(&naming::type_name(name)))
            }
            Some(_) => Code::text(naming::type_name(name)),
        },
        Ty::Const(constant) => {
            let value = match constant {
                Constant::String(text) => string_literal(text),
                Constant::Int(number) => number.to_string(),
                Constant::Bool(true) => "True".to_string(),
                Constant::Bool(false) => "False".to_string(),
            };
            Code::subscript(
                "_t.Annotated",
                vec![
                    Code::subscript("_t.Literal", vec![Code::text(value.clone())]),
                    Code::call(
                        "_p.BeforeValidator",
                        vec![Code::call("_cardc.exactly", vec![Code::text(value)])],
                    ),
                ],
            )
        }
    }
}

fn int_name(kind: IntKind) -> &'static str {
    match kind {
        IntKind::U8 => "U8",
        IntKind::U16 => "U16",
        IntKind::U32 => "U32",
        IntKind::I8 => "I8",
        IntKind::I16 => "I16",
        IntKind::I32 => "I32",
        IntKind::I64 => "I64",
        IntKind::U64 => "U64",
    }
}

/// The class of every leaf variant of `union` reached from `root` along `path`, each carrying
/// the tags of every union on the way (`tags`, outermost first): the variant struct's class,
/// or for a unit variant a model of the tags alone (closed, keeping or dropping other keys as
/// the variant says), with the tags added as fields that default to their
/// values.
fn emit_variant_classes(
    w: &mut Writer,
    schema: &Schema,
    root: &UnionDef,
    union: &UnionDef,
    path: &[&str],
    tags: &[(&str, &str)],
    classes: &mut Vec<String>,
) {
    for variant in &union.variants {
        let mut path = path.to_vec();
        path.push(&variant.name);
        let mut tags = tags.to_vec();
        tags.push((&union.tag, &variant.tag_value));
        let base = match schema.payload(variant) {
            Some(TypeDef::Union(inner)) => {
                emit_variant_classes(w, schema, root, inner, &path, &tags, classes);
                continue;
            }
            Some(payload) => naming::type_name(payload.name()),
            None => model_base(variant.unknown).to_string(),
        };
        let class = naming::variant_class(&root.name, &path);
        top_level(w);
        w.line(&format!("class {class}({base}):"));
        w.depth += 1;
        let mut docs = doc_lines(&variant.docs, &Vec::new(), variant.deprecated.as_ref());
        if docs.is_empty() {
            docs.push(format!(
                "The {} variant of {}.",
                string_list(&path),
                root.name
            ));
        }
        w.docstring(&docs);
        w.line("");
        let fixed: Vec<Code> = tags
            .iter()
            .map(|(tag, _)| Code::text(string_literal(&naming::wire_ident(tag))))
            .collect();
        w.statement(layout::annotated(
            w.depth,
            "_cardc_fixed",
            &Code::text("_t.ClassVar[tuple[str, ...]]"),
            &Code::Tuple {
                lead: String::new(),
                items: fixed,
            },
        ));
        for (tag, value) in &tags {
            let value = string_literal(value);
            let attribute = naming::wire_ident(tag);
            let mut arguments = vec![Code::text(format!("default={value}"))];
            if attribute != *tag {
                arguments.push(Code::text(format!("alias={}", string_literal(tag))));
            }
            w.statement(declaration(
                w.depth,
                &attribute,
                &Code::subscript("_t.Literal", vec![Code::text(value)]),
                arguments,
            ));
        }
        w.depth -= 1;
        classes.push(class);
    }
}

/// `A` for one name, `A.B` for a path.
fn string_list(path: &[&str]) -> String {
    path.join(".")
}

/// The members of a union reached from `root` along `path`: a class per variant, and for a
/// variant that is itself a union, that union's members told apart by its own tag.
fn union_expr(
    schema: &Schema,
    root: &UnionDef,
    union: &UnionDef,
    path: &[&str],
    tags: &[&str],
) -> Code {
    let members: Vec<Code> = union
        .variants
        .iter()
        .map(|variant| {
            let mut path = path.to_vec();
            path.push(&variant.name);
            match schema.payload(variant) {
                Some(TypeDef::Union(inner)) => {
                    let mut tags = tags.to_vec();
                    tags.push(&union.tag);
                    union_expr(schema, root, inner, &path, &tags)
                }
                _ => Code::text(naming::variant_class(&root.name, &path)),
            }
        })
        .collect();
    // A union another union's variant holds is written in place, so its name, which its
    // errors carry (as the Rust reader's do), goes with it.
    let named = (!path.is_empty()).then(|| {
        Code::call(
            "_cardc.UnionName",
            vec![Code::text(string_literal(&union.name))],
        )
    });
    if holds_open_union(schema, union) {
        return open_union_expr(union, tags, members, named);
    }
    let tagged = |check: Code| {
        let mut arguments = vec![members_code(&members), check];
        arguments.extend(named);
        Code::subscript("_t.Annotated", arguments)
    };
    match members.as_slice() {
        // A union of one variant is that variant's class, whose tag has a default: the tag
        // key is required all the same.
        [_] => tagged(Code::call(
            "_p.BeforeValidator",
            vec![Code::call(
                "_cardc.tagged",
                vec![Code::text(string_literal(&union.tag))],
            )],
        )),
        _ => tagged(Code::call(
            "_p.Field",
            vec![Code::text(format!(
                "discriminator={}",
                string_literal(&naming::wire_ident(&union.tag))
            ))],
        )),
    }
}

/// Whether a union is open or holds an open union among its variants, at any depth: pydantic
/// reads a discriminator key only from classes, never from a catch-all's object, so such a
/// union is told apart by the runtime's discriminator instead.
fn holds_open_union(schema: &Schema, union: &UnionDef) -> bool {
    union.is_open()
        || union
            .variants
            .iter()
            .any(|variant| match schema.payload(variant) {
                Some(TypeDef::Union(inner)) => holds_open_union(schema, inner),
                _ => false,
            })
}

/// A union's members, each marked with its tag value, and its catch-all if it has one,
/// marked with its key (which the checker keeps apart from every tag value), told apart by
/// the runtime's discriminator: a known tag picks its variant, any other string the
/// catch-all, or fails where there is none; `named` marks a union written in place.
fn open_union_expr(
    union: &UnionDef,
    tags: &[&str],
    members: Vec<Code>,
    named: Option<Code>,
) -> Code {
    let other = union.other.as_ref();
    let marked = |member: Code, tag: &str| {
        Code::subscript(
            "_t.Annotated",
            vec![
                member,
                Code::call("_p.Tag", vec![Code::text(string_literal(tag))]),
            ],
        )
    };
    let mut marked_members: Vec<Code> = members
        .into_iter()
        .zip(&union.variants)
        .map(|(member, variant)| marked(member, &variant.tag_value))
        .collect();
    if let Some(other) = other {
        marked_members.push(marked(
            Code::text(naming::catch_all_class(&union.name, &other.name)),
            &other.key,
        ));
    }
    let pick = Code::call(
        "_cardc.open_tag",
        vec![
            Code::text(string_literal(&union.tag)),
            Code::text(string_literal(&naming::wire_ident(&union.tag))),
            known_tuple(union.variants.iter().map(|v| v.tag_value.as_str())),
            // What any other string picks: the catch-all, or the variant it folds into.
            Code::text(match (other, union.fold_variant()) {
                (Some(other), _) => string_literal(&other.key),
                (None, Some(fold)) => string_literal(&fold.tag_value),
                (None, None) => "None".to_string(),
            }),
        ],
    );
    let mut arguments = vec![Code::Union(marked_members), pick];
    // A folding union rewrites an object of another tag into its fold's before it picks.
    if let Some(fold) = union.fold_variant() {
        arguments.push(Code::call(
            "_p.BeforeValidator",
            vec![Code::call(
                "_cardc.fold_tag",
                vec![
                    Code::text(string_literal(&union.tag)),
                    known_tuple(union.variants.iter().map(|v| v.tag_value.as_str())),
                    Code::text(string_literal(&fold.tag_value)),
                    known_tuple(tags.iter().copied()),
                ],
            )],
        ));
    }
    arguments.extend(named);
    Code::subscript("_t.Annotated", arguments)
}

/// A tuple of string literals.
fn known_tuple<'a>(values: impl Iterator<Item = &'a str>) -> Code {
    Code::Tuple {
        lead: String::new(),
        items: values
            .map(|value| Code::text(string_literal(value)))
            .collect(),
    }
}

/// An open union's catch-all class: an object of a tag no variant has, kept whole.
fn emit_union_catch_all(w: &mut Writer, union: &UnionDef, other: &CatchAll) {
    let known = known_tuple(union.variants.iter().map(|v| v.tag_value.as_str()));
    emit_catch_all_class(
        w,
        &naming::catch_all_class(&union.name, &other.name),
        "_cardc.CatchAll",
        other,
        &format!(
            "A {} of a `{}` tag this build does not know, kept whole and written back as read.",
            union.name, union.tag
        ),
        Some(&union.tag),
        known,
    );
}

/// A catch-all class: its docs (or what it holds), the tag key it reads, if any, and the
/// known values it refuses.
fn emit_catch_all_class(
    w: &mut Writer,
    class: &str,
    base: &str,
    other: &CatchAll,
    what: &str,
    tag: Option<&str>,
    known: Code,
) {
    top_level(w);
    w.line(&format!("class {class}({base}):"));
    w.depth += 1;
    let mut docs = doc_lines(&other.docs, &Vec::new(), other.deprecated.as_ref());
    if docs.is_empty() {
        docs.push(what.to_string());
    }
    w.docstring(&docs);
    w.line("");
    if let Some(tag) = tag {
        w.statement(layout::annotated(
            w.depth,
            "_cardc_tag",
            &Code::text("_t.ClassVar[str]"),
            &Code::text(string_literal(tag)),
        ));
    }
    w.statement(layout::annotated(
        w.depth,
        "_cardc_known",
        &Code::text("_t.ClassVar[frozenset[str]]"),
        &Code::call("frozenset", vec![known]),
    ));
    w.depth -= 1;
}

/// The members of a discriminated union as one type: `A | B | _t.Annotated[C | D, ...]`.
/// Every member is a class defined above the union, or such a union of them, so `|` joins
/// them as the module runs.
fn members_code(members: &[Code]) -> Code {
    match members {
        [only] => only.clone(),
        _ => Code::Union(members.to_vec()),
    }
}

/// A named alias, `Name = _te.TypeAliasType("Name", value)`, which pydantic resolves lazily,
/// so that it may refer to itself. mypy cannot resolve a `TypeAliasType` that refers to itself
/// ("possible cyclic definition"), so such an alias is written for type checkers as a
/// `TypeAlias`, which both mypy and pyright take recursively, and for the run time as before.
fn emit_alias(w: &mut Writer, name: &str, value: Code, docs: &[String], recursive: bool) {
    let python_name = naming::type_name(name);
    let alias = Code::call(
        "_te.TypeAliasType",
        vec![Code::text(string_literal(&python_name)), value.clone()],
    );
    top_level(w);
    if recursive {
        w.line("if _t.TYPE_CHECKING:");
        w.statement(layout::annotated(
            w.depth + 1,
            &python_name,
            &Code::text("_t.TypeAlias"),
            &value,
        ));
        w.line("else:");
        w.statement(layout::assignment(w.depth + 1, &python_name, &alias));
    } else {
        w.statement(layout::assignment(w.depth, &python_name, &alias));
    }
    w.docstring(docs);
}

/// Whether the newtype or untagged union `name` reaches itself through `ty` without passing
/// through a class (a struct, tagged union or enum, whose name a type checker resolves on its
/// own): what makes its alias recursive.
fn reaches_itself(schema: &Schema, name: &str, ty: &Ty) -> bool {
    fn walk<'a>(schema: &'a Schema, name: &str, ty: &'a Ty, seen: &mut Vec<&'a str>) -> bool {
        match ty {
            Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
                walk(schema, name, inner, seen)
            }
            Ty::Named(other) if other == name => true,
            Ty::Named(other) if seen.contains(&other.as_str()) => false,
            Ty::Named(other) => {
                seen.push(other);
                match schema.types.get(other) {
                    Some(TypeDef::Newtype(def)) => walk(schema, name, &def.ty, seen),
                    Some(TypeDef::Untagged(def)) => def
                        .variants
                        .iter()
                        .any(|variant| walk(schema, name, &variant.ty, seen)),
                    _ => false,
                }
            }
            _ => false,
        }
    }
    walk(schema, name, ty, &mut Vec::new())
}

fn emit_union_alias(w: &mut Writer, schema: &Schema, def: &UnionDef) {
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    emit_alias(
        w,
        &def.name,
        union_expr(schema, def, def, &[], &[]),
        &docs,
        false,
    );
}

fn emit_newtype(w: &mut Writer, schema: &Schema, def: &NewtypeDef) {
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    let recursive = reaches_itself(schema, &def.name, &def.ty);
    emit_alias(
        w,
        &def.name,
        type_code(schema, &def.ty, true),
        &docs,
        recursive,
    );
}

fn emit_untagged(w: &mut Writer, schema: &Schema, def: &UntaggedDef) {
    let mut docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    // What the discriminator picks among: each variant, but the variants tried in order, which
    // are one pick, where the first of them is, whose union pydantic tries left to right, as
    // the other readers try them.
    let mut picks: Vec<(Code, &Shape)> = Vec::new();
    let mut tried: Vec<Code> = Vec::new();
    for variant in &def.variants {
        let code = type_code(schema, &variant.ty, true);
        if variant.shape != Shape::Tried {
            picks.push((code, &variant.shape));
            continue;
        }
        if tried.is_empty() {
            picks.push((Code::text(String::new()), &Shape::Tried));
        }
        tried.push(code);
    }
    if let Some(pick) = picks.iter_mut().find(|(_, shape)| **shape == Shape::Tried) {
        pick.0 = Code::subscript(
            "_t.Annotated",
            vec![
                union_of(tried),
                Code::text("_p.Field(union_mode=\"left_to_right\")"),
                Code::call(
                    "_cardc.tried",
                    vec![Code::text(string_literal(&def.expected()))],
                ),
            ],
        );
    }
    for variant in &def.variants {
        if variant.docs.iter().any(|line| !line.trim().is_empty()) {
            if !docs.is_empty() {
                docs.push(String::new());
            }
            docs.push(format!("{}:", variant.name));
            docs.extend(variant.docs.iter().map(|line| format!("    {line}")));
        }
    }
    let value = if picks.len() == 1 {
        picks.remove(0).0
    } else {
        let choices: Vec<Code> = picks
            .iter()
            .map(|(_, shape)| Code::text(shape_choice(shape)))
            .collect();
        // Each member tagged by its index, for the discriminator that picks it by shape.
        let members: Vec<Code> = picks
            .into_iter()
            .enumerate()
            .map(|(index, (code, _))| {
                Code::subscript(
                    "_t.Annotated",
                    vec![code, Code::text(format!("_p.Tag(\"{index}\")"))],
                )
            })
            .collect();
        Code::subscript(
            "_t.Annotated",
            vec![
                union_of(members),
                Code::call(
                    "_cardc.shaped",
                    vec![
                        Code::Tuple {
                            lead: String::new(),
                            items: choices,
                        },
                        Code::text(string_literal(&def.expected())),
                    ],
                ),
            ],
        )
    };
    let recursive = def
        .variants
        .iter()
        .any(|variant| reaches_itself(schema, &def.name, &variant.ty));
    emit_alias(w, &def.name, value, &docs, recursive);
}

/// The JSON shape a variant of an untagged union is picked by, as `_cardc.shaped` takes it:
/// `(kind, keys, items)`, with the keys an object variant among several needs and the shape
/// every item of an array variant among several has.
fn shape_choice(shape: &Shape) -> String {
    let (kind, keys, items): (&str, &[String], _) = match shape {
        Shape::String => ("string", &[], None),
        Shape::Boolean => ("boolean", &[], None),
        Shape::Integer | Shape::Number => ("number", &[], None),
        Shape::Array(item) => ("array", &[], item.as_deref()),
        Shape::Object(keys) => ("object", keys, None),
        // The tried variants' pick takes any object, which its union then tries.
        Shape::Tried => ("object", &[], None),
    };
    let keys: Vec<String> = keys.iter().map(|key| string_literal(key)).collect();
    let keys = match keys.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", keys.join(", ")),
    };
    let items = items.map_or("None".to_string(), shape_choice);
    format!("(\"{kind}\", {keys}, {items})")
}

fn emit_enum(w: &mut Writer, def: &EnumDef) {
    let class = match def.other {
        Some(_) => naming::known_values_class(&def.name),
        None => naming::type_name(&def.name),
    };
    top_level(w);
    w.line(&format!("class {class}(_enum.Enum):"));
    w.depth += 1;
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    w.docstring(&docs);
    for (index, value) in def.values.iter().enumerate() {
        if index > 0 || !docs.is_empty() {
            w.line("");
        }
        w.line(&format!(
            "{} = {}",
            naming::enum_member(&value.name),
            string_literal(&value.wire_name)
        ));
        w.docstring(&doc_lines(
            &value.docs,
            &Vec::new(),
            value.deprecated.as_ref(),
        ));
    }
    if def.values.is_empty() && docs.is_empty() {
        w.line("pass");
    }
    if let Some(fold) = def.fold_value() {
        emit_missing(w, &class, fold);
    }
    w.depth -= 1;
    if let Some(other) = &def.other {
        emit_open_enum(w, def, other, &class, docs);
    }
}

/// The `_missing_` hook of an enum that folds what it does not know: Python's `Enum` (and
/// pydantic, which reads an enum through it) calls it for a value no member has, and any
/// string reads as the member `fold`.
fn emit_missing(w: &mut Writer, class: &str, fold: &EnumValue) {
    let member = naming::enum_member(&fold.name);
    w.line("");
    w.line("@classmethod");
    w.line(&format!(
        "def _missing_(cls, value: object) -> {class} | None:"
    ));
    w.depth += 1;
    w.docstring(&[format!(
        "A string this build does not know reads as `{member}`."
    )]);
    w.line(&format!(
        "return cls.{member} if isinstance(value, str) else None"
    ));
    w.depth -= 1;
}

/// An open enum's catch-all class, a string no value of the enum is, and the enum's own name
/// as the alias of its known values and the catch-all.
fn emit_open_enum(w: &mut Writer, def: &EnumDef, other: &CatchAll, known: &str, docs: Vec<String>) {
    let catch_all = naming::catch_all_class(&def.name, &other.name);
    emit_catch_all_class(
        w,
        &catch_all,
        "_cardc.OtherValue",
        other,
        &format!(
            "A {} this build does not know, kept and written back.",
            def.name
        ),
        None,
        known_tuple(def.values.iter().map(|value| value.wire_name.as_str())),
    );
    let value = Code::subscript(
        "_t.Annotated",
        vec![
            Code::Union(vec![Code::text(known), Code::text(catch_all)]),
            Code::text("_p.BeforeValidator(_cardc.string)"),
        ],
    );
    emit_alias(w, &def.name, value, &docs, false);
}

/// Every type's parsers, one path for all: `parse_<type>`, a `_cardc.Parser` of the type that
/// decodes parsed JSON data (`parse_<type>(data)`), and `parse_<type>_json`, its method that
/// decodes JSON text; each typed as the type, each raising `cardc_runtime.DecodeError`.
fn emit_parsers(w: &mut Writer, schema: &Schema) {
    top_level(w);
    w.line("# Each type's parsers: `parse_<type>(data)` decodes parsed JSON data and");
    w.line("# `parse_<type>_json(text)` JSON text, as the type or raising `_cardc.DecodeError`.");
    for def in schema.own_types() {
        let function = naming::parse_function(def.name());
        let name = naming::type_name(def.name());
        let arguments = vec![
            Code::text(name.clone()),
            Code::text(string_literal(def.name())),
        ];
        let head = format!("{function} = _cardc.Parser[{name}](");
        if w.depth * 4 + head.len() <= layout::LINE_LENGTH {
            let parser = Code::call(&format!("_cardc.Parser[{name}]"), arguments);
            w.statement(layout::assignment(w.depth, &function, &parser));
        } else {
            // As `ruff format` breaks a subscript that does not fit before the call's bracket.
            w.line(&format!("{function} = _cardc.Parser["));
            w.depth += 1;
            w.line(&name);
            w.depth -= 1;
            w.statement(layout::lines(w.depth, "]", &Code::call("", arguments), ""));
        }
        let text = format!("{function}_json = {function}.json");
        if w.depth * 4 + text.len() <= layout::LINE_LENGTH {
            w.line(&text);
        } else {
            w.line(&format!("{function}_json = ("));
            w.depth += 1;
            w.line(&format!("{function}.json"));
            w.depth -= 1;
            w.line(")");
        }
    }
}

/// `def name(parameters) -> returns:`, its parameters one a line when it is too long.
fn emit_def(w: &mut Writer, name: &str, parameters: &[&str], returns: &str) {
    let parameters = parameters.iter().map(|p| Code::text(*p)).collect();
    w.statement(layout::lines(
        w.depth,
        "def ",
        &Code::call(name, parameters),
        &format!(" -> {returns}:"),
    ));
}

/// The leaf variants of `union` reached from `root` along `path`: each one's class and the
/// name of its visitor method, the variant names of the path in snake case joined by `__` (so
/// that `Search` then `Matches` is never the name of a variant `SearchMatches`).
fn leaves(
    schema: &Schema,
    root: &UnionDef,
    union: &UnionDef,
    path: &[&str],
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for variant in &union.variants {
        let mut path = path.to_vec();
        path.push(&variant.name);
        match schema.payload(variant) {
            Some(TypeDef::Union(inner)) => out.extend(leaves(schema, root, inner, &path)),
            _ => out.push((
                naming::variant_class(&root.name, &path),
                naming::visitor_method(&path),
            )),
        }
    }
    if let Some(other) = &union.other {
        let mut path = path.to_vec();
        path.push(&other.name);
        out.push((
            naming::catch_all_class(&union.name, &other.name),
            naming::visitor_method(&path),
        ));
    }
    out
}

/// A union's exhaustive helpers: a visitor `Protocol` with one method per leaf variant, and
/// `visit_<union>`, a `match` over the variant classes that ends in `assert_never`, so a type
/// checker fails the helper, and every visitor that lacks a method, once the schema gains a
/// variant.
fn emit_visitor(w: &mut Writer, schema: &Schema, def: &UnionDef) {
    let name = naming::type_name(&def.name);
    let visitor = naming::visitor(&def.name);
    let function = naming::visit_function(&def.name);
    let leaves = leaves(schema, def, def, &[]);
    top_level(w);
    w.line(&format!("class {visitor}(_t.Protocol[_R_co]):"));
    w.depth += 1;
    w.line(&format!(
        "\"\"\"What `{function}` calls: one method per variant of {name}.\"\"\""
    ));
    for (class, method) in &leaves {
        w.line("");
        w.statement(layout::lines(
            w.depth,
            "def ",
            &Code::call(
                method,
                vec![
                    Code::text("self"),
                    Code::text(format!("value: {class}")),
                    Code::text("/"),
                ],
            ),
            " -> _R_co: ...",
        ));
    }
    w.depth -= 1;
    top_level(w);
    emit_def(
        w,
        &function,
        &[
            &format!("value: {name}"),
            &format!("visitor: {visitor}[_R]"),
        ],
        "_R",
    );
    w.depth += 1;
    w.docstring(&[
        "Calls the method of `visitor` for the variant `value` is. The match is exhaustive:"
            .to_string(),
        "a type checker fails it, and every visitor that lacks a method, when the schema"
            .to_string(),
        "gains a variant.".to_string(),
    ]);
    w.line("match value:");
    w.depth += 1;
    for (class, method) in &leaves {
        w.line(&format!("case {class}():"));
        w.depth += 1;
        w.line(&format!("return visitor.{method}(value)"));
        w.depth -= 1;
    }
    w.line("case _:");
    w.depth += 1;
    w.line("_te.assert_never(value)");
    w.depth -= 2;
    w.depth -= 1;
}

#[cfg(test)]
mod tests {
    use super::runtime_requirement;

    #[test]
    fn a_package_asks_for_the_runtimes_that_this_cardc_is_compatible_with() {
        assert_eq!(runtime_requirement("0.1.0"), "cardc-runtime>=0.1.0,<0.2");
        assert_eq!(runtime_requirement("0.12.3"), "cardc-runtime>=0.12.3,<0.13");
        assert_eq!(runtime_requirement("2.4.1"), "cardc-runtime>=2.4.1,<3");
    }
}
