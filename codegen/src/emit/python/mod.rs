//! The Python emitter: a package per schema (`python/<stem>/`), whose module holds one
//! pydantic v2 model per struct, one class per union variant carrying its tags (so that a
//! variant struct read alone carries none), a discriminated-union alias per union, an enum
//! class per enum, an alias per newtype and untagged union, and a `parse_<name>` function per
//! type. Every model reads JSON text exactly as the contract does through the package's
//! runtime module (`_runtime.py`), and writes back exactly the JSON it read.
//!
//! The module names only `_`-prefixed imports (`_t`, `_te`, `_p`, `_rt`) and the builtins
//! `str`, `bool`, `list`, `dict`, so no schema type name shadows what it relies on; attribute
//! names are escaped by `naming::python`.

mod syntax;

use crate::emit::{header_sentence, json_text};
use crate::ir::{
    Constant, Constraints, Deprecated, Docs, EnumDef, Examples, Field, IntKind, NewtypeDef, Number,
    Presence, Schema, StructDef, Ty, TypeDef, UnionDef, UntaggedDef, Wide,
};
use crate::naming::python as naming;
use crate::target::{Options, Refusal, Target};

use syntax::{comment_text, docstring_line, string_literal};

/// The Python target.
pub struct Python;

/// The runtime module every package carries, after its header.
const RUNTIME: &str = include_str!("runtime.py");

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

    fn emit(&self, schema: &Schema, _options: &Options) -> String {
        emit(schema)
    }

    fn companions(&self, schema: &Schema) -> Vec<(String, String)> {
        let package = naming::package(&schema.stem);
        let header = format!("# {}\n", comment_text(&header_sentence(schema)));
        vec![
            (
                format!("python/{package}/_runtime.py"),
                format!("{header}{RUNTIME}"),
            ),
            (format!("python/{package}/py.typed"), header.clone()),
            (
                "python/pyproject.toml".to_string(),
                pyproject(&header, &package),
            ),
        ]
    }

    fn field_name_problem(&self, name: &str, _closed: bool) -> Option<Refusal> {
        naming::field_name_problem(name).map(|why| Refusal {
            message: format!("`{name}` cannot be a Python field name"),
            label: "not a Python attribute of its own".to_string(),
            hint: format!("{why}: choose another name and keep the key with `#[rename]`"),
        })
    }
}

/// The package's `pyproject.toml`: the package, its typing marker and its one dependency.
fn pyproject(header: &str, package: &str) -> String {
    format!(
        "{header}\n[build-system]\nrequires = [\"setuptools>=61\"]\n\
         build-backend = \"setuptools.build_meta\"\n\n[project]\nname = \"{package}\"\n\
         version = \"0\"\nrequires-python = \">=3.11\"\n\
         dependencies = [\"pydantic>=2.11,<3\", \"typing-extensions>=4.12\"]\n\n\
         [tool.setuptools]\npackages = [\"{package}\"]\n\n\
         [tool.setuptools.package-data]\n{package} = [\"py.typed\"]\n"
    )
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

/// Emits the package's module for a schema.
pub fn emit(schema: &Schema) -> String {
    let mut w = Writer::default();
    w.line(&format!("# {}", comment_text(&header_sentence(schema))));
    w.docstring(&schema.docs);
    w.line("");
    w.line("from __future__ import annotations");
    w.line("");
    w.line("import enum as _enum");
    w.line("import typing as _t");
    w.line("");
    w.line("import pydantic as _p");
    w.line("import typing_extensions as _te");
    w.line("");
    w.line("from . import _runtime as _rt");
    w.line("from ._runtime import DecodeError, ErrorEntry");
    let mut classes = Vec::new();
    for def in schema.types.values() {
        match def {
            TypeDef::Struct(def) => {
                emit_struct(&mut w, schema, def);
                classes.push(naming::type_name(&def.name));
            }
            TypeDef::Enum(def) => emit_enum(&mut w, def),
            _ => {}
        }
    }
    for def in schema.types.values() {
        if let TypeDef::Union(union) = def {
            emit_variant_classes(&mut w, schema, union, union, &[], &[], &mut classes);
        }
    }
    for def in schema.types.values() {
        match def {
            TypeDef::Union(def) => emit_union_alias(&mut w, schema, def),
            TypeDef::Newtype(def) => emit_newtype(&mut w, schema, def),
            TypeDef::Untagged(def) => emit_untagged(&mut w, schema, def),
            _ => {}
        }
    }
    for def in schema.types.values() {
        emit_parse_functions(&mut w, def.name());
    }
    w.line("");
    w.line("");
    w.line("__all__ = [");
    w.depth += 1;
    let mut exported: Vec<String> = vec!["DecodeError".into(), "ErrorEntry".into()];
    for def in schema.types.values() {
        let name = def.name();
        exported.push(naming::type_name(name));
        exported.push(naming::parse_function(name));
        exported.push(format!("{}_json", naming::parse_function(name)));
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

/// Starts a top-level definition: two blank lines, as PEP 8 has them.
fn top_level(w: &mut Writer) {
    w.line("");
    w.line("");
}

fn emit_struct(w: &mut Writer, schema: &Schema, def: &StructDef) {
    top_level(w);
    let base = if def.closed {
        "_rt.Model"
    } else {
        "_rt.OpenModel"
    };
    w.line(&format!("class {}({base}):", naming::type_name(&def.name)));
    w.depth += 1;
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    w.docstring(&docs);
    let fields = schema.object_fields(def);
    for field in &fields {
        if !docs.is_empty() || field != &fields[0] {
            w.line("");
        }
        emit_field(w, schema, field);
    }
    if docs.is_empty() && fields.is_empty() {
        w.line("pass");
    }
    w.depth -= 1;
}

fn emit_field(w: &mut Writer, schema: &Schema, field: &Field) {
    let base = with_constraints(type_text(schema, &field.ty, false), &field.constraints);
    let json = field.ty == Ty::Json;
    let annotation = match field.presence {
        Presence::Required => base,
        _ if json => base,
        Presence::Nullable | Presence::OptionalNullable => format!("{base} | None"),
        Presence::Optional => {
            format!("_t.Annotated[{base} | None, _p.BeforeValidator(_rt.not_null)]")
        }
    };
    let mut arguments = Vec::new();
    if field.presence.may_be_absent() {
        arguments.push("default=None".to_string());
    }
    arguments.push(format!("alias={}", string_literal(&field.wire_name)));
    if let Some(deprecated) = &field.deprecated {
        arguments.push(format!(
            "deprecated={}",
            deprecated
                .note
                .as_deref()
                .map_or("True".to_string(), string_literal)
        ));
    }
    w.line(&format!(
        "{}: {annotation} = _p.Field({})",
        naming::ident(&field.name),
        arguments.join(", ")
    ));
    w.docstring(&doc_lines(&field.docs, &field.examples, None));
}

/// A field's value type with the runtime's check of its constraints, if it has any.
fn with_constraints(base: String, constraints: &Constraints) -> String {
    if constraints.is_empty() {
        return base;
    }
    let count = |count: crate::ir::Count| {
        let bound = |value: Option<u64>| value.map_or("None".to_string(), |n| n.to_string());
        format!("({}, {})", bound(count.min), bound(count.max))
    };
    let number = |number: Number| match number {
        Number::Int(value) => format!("{value}.0"),
        Number::Float(value) => format!("{value:?}"),
    };
    let flag = |value: bool| if value { "True" } else { "False" };
    let mut arguments = Vec::new();
    if let Some(length) = constraints.length {
        arguments.push(format!("length={}", count(length)));
    }
    let patterns: Vec<String> = constraints
        .pattern
        .iter()
        .map(|pattern| string_literal(pattern))
        .chain(
            constraints
                .format
                .map(|format| string_literal(format.pattern())),
        )
        .collect();
    if !patterns.is_empty() {
        arguments.push(format!("patterns=({},)", patterns.join(", ")));
    }
    if let Some(range) = constraints.range {
        if let Some(min) = range.min {
            arguments.push(format!(
                "minimum=({}, {})",
                number(min.value),
                flag(min.exclusive)
            ));
        }
        if let Some(max) = range.max {
            arguments.push(format!(
                "maximum=({}, {})",
                number(max.value),
                flag(max.exclusive)
            ));
        }
    }
    if let Some(items) = constraints.items {
        arguments.push(format!("items={}", count(items)));
    }
    if constraints.unique {
        arguments.push("unique=True".to_string());
    }
    format!(
        "_t.Annotated[{base}, _rt.constrained({})]",
        arguments.join(", ")
    )
}

/// A value type as Python: in an annotation (`alias` false), where every name resolves
/// lazily; or in an alias's value (`alias` true), evaluated at once, where a name of another
/// alias is a forward reference.
fn type_text(schema: &Schema, ty: &Ty, alias: bool) -> String {
    match ty {
        Ty::String => "str".to_string(),
        Ty::Bool => "bool".to_string(),
        Ty::Int(kind) => format!("_rt.{}", int_name(*kind)),
        Ty::Decimal(Wide::I64) => "_rt.DecimalI64".to_string(),
        Ty::Decimal(Wide::U64) => "_rt.DecimalU64".to_string(),
        Ty::F64 => "_rt.F64".to_string(),
        Ty::Json => "_p.JsonValue".to_string(),
        Ty::Vec(item) if alias => format!("_t.List[{}]", type_text(schema, item, alias)),
        Ty::Vec(item) => format!("list[{}]", type_text(schema, item, alias)),
        Ty::Map(item) if alias => format!("_t.Dict[str, {}]", type_text(schema, item, alias)),
        Ty::Map(item) => format!("dict[str, {}]", type_text(schema, item, alias)),
        Ty::Boxed(inner) => type_text(schema, inner, alias),
        Ty::Nullable(inner) if alias => {
            format!("_t.Optional[{}]", type_text(schema, inner, alias))
        }
        Ty::Nullable(inner) => format!("{} | None", type_text(schema, inner, alias)),
        Ty::Named(name) => match schema.types.get(name) {
            Some(TypeDef::Struct(_) | TypeDef::Enum(_)) | None => naming::type_name(name),
            Some(_) if alias => string_literal(&naming::type_name(name)),
            Some(_) => naming::type_name(name),
        },
        Ty::Const(constant) => {
            let value = match constant {
                Constant::String(text) => string_literal(text),
                Constant::Int(number) => number.to_string(),
                Constant::Bool(true) => "True".to_string(),
                Constant::Bool(false) => "False".to_string(),
            };
            format!("_t.Annotated[_t.Literal[{value}], _p.BeforeValidator(_rt.exactly({value}))]")
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
/// or for a unit variant a closed model, with the tags added as fields that default to their
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
            None => "_rt.Model".to_string(),
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
        let fixed: Vec<String> = tags
            .iter()
            .map(|(tag, _)| string_literal(&naming::wire_ident(tag)))
            .collect();
        w.line(&format!(
            "_cardc_fixed: _t.ClassVar[tuple[str, ...]] = ({},)",
            fixed.join(", ")
        ));
        for (tag, value) in &tags {
            let value = string_literal(value);
            w.line(&format!(
                "{}: _t.Literal[{value}] = _p.Field(default={value}, alias={})",
                naming::wire_ident(tag),
                string_literal(tag)
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
fn union_expr(schema: &Schema, root: &UnionDef, union: &UnionDef, path: &[&str]) -> String {
    let members: Vec<String> = union
        .variants
        .iter()
        .map(|variant| {
            let mut path = path.to_vec();
            path.push(&variant.name);
            match schema.payload(variant) {
                Some(TypeDef::Union(inner)) => union_expr(schema, root, inner, &path),
                _ => naming::variant_class(&root.name, &path),
            }
        })
        .collect();
    match members.as_slice() {
        // A union of one variant is that variant's class, whose tag has a default: the tag
        // key is required all the same.
        [only] => format!(
            "_t.Annotated[{only}, _p.BeforeValidator(_rt.tagged({}))]",
            string_literal(&union.tag)
        ),
        _ => format!(
            "_t.Annotated[_t.Union[{}], _p.Field(discriminator={})]",
            members.join(", "),
            string_literal(&naming::wire_ident(&union.tag))
        ),
    }
}

fn emit_alias(w: &mut Writer, name: &str, value: &str, docs: &[String]) {
    let name = naming::type_name(name);
    top_level(w);
    w.line(&format!(
        "{name} = _te.TypeAliasType({}, {value})",
        string_literal(&name)
    ));
    w.docstring(docs);
}

fn emit_union_alias(w: &mut Writer, schema: &Schema, def: &UnionDef) {
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    emit_alias(w, &def.name, &union_expr(schema, def, def, &[]), &docs);
}

fn emit_newtype(w: &mut Writer, schema: &Schema, def: &NewtypeDef) {
    let docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    emit_alias(w, &def.name, &type_text(schema, &def.ty, true), &docs);
}

fn emit_untagged(w: &mut Writer, schema: &Schema, def: &UntaggedDef) {
    let mut docs = doc_lines(&def.docs, &def.examples, def.deprecated.as_ref());
    let members: Vec<String> = def
        .variants
        .iter()
        .map(|variant| type_text(schema, &variant.ty, true))
        .collect();
    for variant in &def.variants {
        if variant.docs.iter().any(|line| !line.trim().is_empty()) {
            if !docs.is_empty() {
                docs.push(String::new());
            }
            docs.push(format!("{}:", variant.name));
            docs.extend(variant.docs.iter().map(|line| format!("    {line}")));
        }
    }
    let value = match members.as_slice() {
        [only] => only.clone(),
        _ => format!(
            "_t.Annotated[_t.Union[{}], _p.Field(union_mode=\"left_to_right\")]",
            members.join(", ")
        ),
    };
    emit_alias(w, &def.name, &value, &docs);
}

fn emit_enum(w: &mut Writer, def: &EnumDef) {
    top_level(w);
    w.line(&format!(
        "class {}(_enum.Enum):",
        naming::type_name(&def.name)
    ));
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
    w.depth -= 1;
}

fn emit_parse_functions(w: &mut Writer, schema_name: &str) {
    let function = naming::parse_function(schema_name);
    let quoted = string_literal(schema_name);
    let name = naming::type_name(schema_name);
    top_level(w);
    w.line(&format!("def {function}(data: object) -> {name}:"));
    w.depth += 1;
    w.line(&format!(
        "\"\"\"Decodes parsed JSON data as a {name}, or raises DecodeError.\"\"\""
    ));
    w.line(&format!(
        "value: {name} = _rt.decode_data({name}, {quoted}, data)"
    ));
    w.line("return value");
    w.depth -= 1;
    top_level(w);
    w.line(&format!(
        "def {function}_json(text: str | bytes) -> {name}:"
    ));
    w.depth += 1;
    w.line(&format!(
        "\"\"\"Decodes JSON text as a {name}, or raises DecodeError.\"\"\""
    ));
    w.line(&format!(
        "value: {name} = _rt.decode({name}, {quoted}, text)"
    ));
    w.line("return value");
    w.depth -= 1;
}
