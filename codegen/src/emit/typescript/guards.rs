//! Runtime guards: `is<Name>` and `parse<Name>` for every named type, each over a small
//! `check<Name>` that the guards of other types call in turn.
//!
//! A struct's check reads its fields one by one (see [`structs`]), then hands the keys that are
//! no field to `cardcRest`; a union's check reads the tag and hands the object to the one variant
//! the tag picks, which then allows that tag (and those of the unions above) as known keys; an
//! enum's check lists its strings. So every check reads a type's standalone form: a struct
//! without tags, a union with its own tag only. The shared helpers come from
//! [`super::runtime`], only those this schema needs.

mod structs;

use std::collections::BTreeSet;

use super::syntax::{constant_literal, string_literal};
use super::writer::Writer;
use super::{Form, Inputs};
use crate::ir::{
    Bound, CatchAll, Constraints, EnumDef, NewtypeDef, Number, Schema, Shape, Ty, TypeDef,
    UnionDef, UnknownFields, UntaggedDef,
};
use crate::naming::typescript::catch_all_type;

/// An optional count as a TypeScript argument: the number, or `null`.
fn bound(count: Option<u64>) -> String {
    count.map_or_else(|| "null".to_owned(), |count| count.to_string())
}

/// A number as TypeScript source: an integer as written, a float in the shortest form that
/// reads back as the same double (Rust's and JavaScript's are alike).
fn number(value: Number) -> String {
    match value {
        Number::Int(value) => value.to_string(),
        Number::Float(value) => format!("{value:?}"),
    }
}

/// The comment that opens the guards, after the types.
const BANNER: &str = "\
// Runtime checks. For every type above, `is<Name>(value)` says whether a value is exactly a
// <Name> (closed objects, optional keys never null, integer bounds, any JSON value for `Json`),
// and `parse<Name>(value)` returns it typed or its errors, each an RFC 6901 JSON pointer and a
// message naming the type and the variant it sits in. Both never throw and never change their
// input.";

/// What the banner adds when some type has an input type (see [`super::Form`]).
const BANNER_INPUTS: &str = "\
// A type that reaches a field with a default also has an input type, `<Name>Input`, in which such a
// field may be absent: `is<Name>` says a value is one, `parse<Name>` fills in the defaults, and
// `write<Name>` gives the JSON a conforming writer writes for a <Name>, which never changes its
// input either.";

/// What the banner adds when some type has an input type for a fold (see [`super::Form`]).
const BANNER_FOLDS: &str = "\
// A type that reaches an enum or union marked `#[other(fold)]` also has an input type, in which
// such a value may be any string or tag: `is<Name>` says a value is one, and `parse<Name>` reads
// a string or tag the type does not know as the known value it folds into.";

/// Where the guards' checks live: written out after the exported guards, or in a module of
/// their own that the output imports under a namespace.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Checks<'a> {
    /// In the output itself, after its guards: the self-contained layout.
    Inline,
    /// In the guards module, which the output imports as this namespace (`guards`).
    Module(&'a str),
}

/// The guards of a schema, in two parts: the exported functions a reader calls and the checks
/// behind them, each with the runtime names it uses.
pub(super) struct GuardsText {
    /// The banner and every exported guard (`is`, `parse`, `write`, the tolerant `parse` and
    /// the catch-all guards), in type name order.
    pub entries: String,
    /// Every type's `check<Name>` and the constants it reads, in type name order.
    pub checks: String,
    /// The runtime names (helpers and types) the entries use.
    pub entry_names: BTreeSet<&'static str>,
    /// The runtime names (helpers and types) the checks use.
    pub check_names: BTreeSet<&'static str>,
}

/// Writes the guards of every type. A schema without types gets nothing, not even the banner.
pub(super) fn guards(schema: &Schema, inputs: &Inputs, checks: Checks) -> GuardsText {
    let mut guards = Guards {
        schema,
        rewrites: schema.rewrites(),
        inputs,
        checks,
        used: BTreeSet::new(),
        types: BTreeSet::new(),
        entry_names: BTreeSet::new(),
        out: Writer::default(),
        entries: Writer::default(),
    };
    if schema.own_types().next().is_none() {
        return guards.finish();
    }
    guards.entries.blank();
    guards.entries.text(BANNER);
    if inputs.any_default() {
        guards.entries.text(BANNER_INPUTS);
    }
    if inputs.any_fold() {
        guards.entries.text(BANNER_FOLDS);
    }
    for def in schema.own_types() {
        guards.out.blank();
        match def {
            TypeDef::Struct(def) => guards.emit_struct(def),
            TypeDef::Newtype(def) => guards.emit_newtype(def),
            TypeDef::Union(def) => guards.emit_union(def),
            TypeDef::Enum(def) => guards.emit_enum(def),
            TypeDef::Untagged(def) => guards.emit_untagged(def),
        }
        guards.emit_exported(def.name());
        match def {
            TypeDef::Union(union) => {
                if let Some(other) = &union.other {
                    let known: Vec<String> = union
                        .variants
                        .iter()
                        .map(|variant| string_literal(&variant.tag_value))
                        .collect();
                    guards.emit_catch_all_guard(&union.name, other, &known, Some(&union.tag));
                }
            }
            TypeDef::Enum(enumeration) => {
                if let Some(other) = &enumeration.other {
                    let known: Vec<String> = enumeration
                        .values
                        .iter()
                        .map(|value| string_literal(&value.wire_name))
                        .collect();
                    guards.emit_catch_all_guard(&enumeration.name, other, &known, None);
                }
            }
            _ => {}
        }
    }
    guards.finish()
}

/// The guards being written and the helpers they have used so far.
struct Guards<'a> {
    /// The schema, to tell a union's struct payloads from its union payloads.
    schema: &'a Schema,
    /// Whether the contract's writers write back other JSON than they read
    /// ([`Schema::rewrites`]), asked once: it looks at every type.
    rewrites: bool,
    /// The types that have an input type (see [`super::Form`]).
    inputs: &'a Inputs,
    /// Where the checks live, which says how the exported guards name them.
    checks: Checks<'a>,
    /// The helpers the checks written so far call.
    used: BTreeSet<&'static str>,
    /// The runtime's types the checks written so far name.
    types: BTreeSet<&'static str>,
    /// The runtime names the exported guards written so far use.
    entry_names: BTreeSet<&'static str>,
    /// The checks' text.
    out: Writer,
    /// The exported guards' text.
    entries: Writer,
}

impl Guards<'_> {
    /// The text written, with the runtime names each part uses.
    fn finish(self) -> GuardsText {
        GuardsText {
            entries: self.entries.finish(),
            checks: self.out.finish(),
            entry_names: self.entry_names,
            check_names: self.used.union(&self.types).copied().collect(),
        }
    }

    /// How an exported guard names the check of a type.
    fn check_ref(&self, name: &str) -> String {
        match self.checks {
            Checks::Inline => format!("check{name}"),
            Checks::Module(namespace) => format!("{namespace}.check{name}"),
        }
    }

    /// A runtime name an exported guard uses, noted.
    fn entry(&mut self, name: &'static str) -> &'static str {
        self.entry_names.insert(name);
        name
    }

    /// A union's check: the tag first, then the one variant it picks. A variant struct is
    /// checked as the variant errors name; a nested union picks its own.
    fn emit_union(&mut self, def: &UnionDef) {
        self.used.insert("cardcTag");
        let name = &def.name;
        let tags: Vec<String> = def
            .variants
            .iter()
            .map(|variant| string_literal(&variant.tag_value))
            .collect();
        // A constant, so that no call allocates the list, nor lists it for an error.
        self.used.insert("cardcTags");
        self.out
            .doc_line(&format!("The `{}` tags of `{name}`.", def.tag));
        self.out.line(&format!(
            "const tagsOf{name} = cardcTags({}, [{}]);",
            string_literal(&def.tag),
            tags.join(", ")
        ));
        self.out.blank();
        self.open_check(
            name,
            &format!(
                "Checks a `{name}`: its `{}` picks the variant that checks the rest.",
                def.tag
            ),
        );
        self.out.line(&format!(
            "switch (cardcTag(value, s, at, orNull, {}, tagsOf{name}, {})) {{",
            string_literal(name),
            def.is_open()
        ));
        self.out.indent();
        if def.is_open() {
            // `undefined`: the tag was missing or no string, and said so.
            self.out.line("case undefined:");
            self.out.line("  return;");
            self.out.line("default:");
            if let Some(fold) = def.fold_variant() {
                self.used.insert("cardcFoldTag");
                self.out.line(&format!(
                    "  // A tag this build does not know: the object reads as {}, whatever",
                    string_literal(&fold.tag_value)
                ));
                self.out
                    .line("  // its keys, each holding any JSON value; the others are dropped.");
                self.out.line(&format!(
                    "  return cardcFoldTag(value, s, at, orNull, {}, {});",
                    string_literal(name),
                    string_literal(&fold.tag_value)
                ));
            } else {
                self.used.insert("cardcNoFields");
                self.out
                    .line("  // A tag this build does not know: the object is the catch-all's,");
                self.out
                    .line("  // whatever its keys, each holding any JSON value.");
                self.out.line(&format!(
                    "  return cardcNoFields(value, s, at, orNull, {}, false);",
                    string_literal(name)
                ));
            }
        }
        for (variant, tag) in def.variants.iter().zip(&tags) {
            self.out.line(&format!("case {tag}:"));
            self.out.indent();
            match &variant.payload {
                // A unit variant: the tags its unions read, and no other key unless it keeps
                // or drops them.
                None => {
                    self.used.insert("cardcNoFields");
                    let closed = variant.unknown == UnknownFields::Refuse;
                    let drop = if variant.unknown == UnknownFields::Drop {
                        ", true"
                    } else {
                        ""
                    };
                    self.out.line(&format!(
                        "return cardcNoFields(value, s, at, orNull, {}, {closed}{drop});",
                        string_literal(name)
                    ));
                }
                Some(payload)
                    if matches!(self.schema.types.get(payload), Some(TypeDef::Union(_))) =>
                {
                    self.out
                        .line(&format!("return check{payload}(value, s, at);"));
                }
                Some(payload) => {
                    self.used.insert("cardcVariant");
                    // Braces: each case declares its own `outer`.
                    self.out.line("{");
                    self.out.line(&format!(
                        "  const outer = cardcVariant(s, {});",
                        string_literal(payload)
                    ));
                    self.out.line(&format!("  check{payload}(value, s, at);"));
                    self.out.line("  s.variant = outer;");
                    self.out.line("  return;");
                    self.out.line("}");
                }
            }
            self.out.dedent();
        }
        self.out.dedent();
        self.out.line("}");
        self.close_check();
    }

    /// A newtype's check: the wrapped type's.
    fn emit_newtype(&mut self, def: &NewtypeDef) {
        let name = &def.name;
        let check = self.check(&def.ty);
        self.open_check(name, &format!("Checks a `{name}`."));
        self.out.line(&format!("{check}(value, s, at, orNull);"));
        self.close_check();
    }

    /// An untagged union's check: the value's JSON shape picks the variant, and among object
    /// variants the first whose picking keys the object has, or the first that reads it when
    /// they are tried in order; anything else is a mismatch naming what the union takes.
    fn emit_untagged(&mut self, def: &UntaggedDef) {
        self.used.insert("cardcShape");
        self.used.insert("cardcMismatch");
        let name = &def.name;
        self.open_check(
            name,
            &format!("Checks a `{name}`: its JSON shape picks the variant that checks the rest."),
        );
        let mut cases: Vec<(&str, Vec<String>)> = Vec::new();
        for variant in &def.variants {
            let check = self.check(&variant.ty);
            let (case, line) = match &variant.shape {
                Shape::String => ("string", format!("{check}(value, s, at); return;")),
                Shape::Boolean => ("boolean", format!("{check}(value, s, at); return;")),
                Shape::Integer | Shape::Number => {
                    ("number", format!("{check}(value, s, at); return;"))
                }
                Shape::Array(None) => ("array", format!("{check}(value, s, at); return;")),
                Shape::Array(Some(_)) => {
                    let test = self.shape_test(&variant.shape, "value");
                    (
                        "array",
                        format!("if ({test}) {{ {check}(value, s, at); return; }}"),
                    )
                }
                Shape::Object(keys) if keys.is_empty() => {
                    ("object", format!("{check}(value, s, at); return;"))
                }
                Shape::Tried => {
                    let reads = self.helper("cardcReads");
                    (
                        "object",
                        format!(
                            "if ({reads}({check}, value, s, at)) {{ {check}(value, s, at); return; }}"
                        ),
                    )
                }
                Shape::Object(keys) => {
                    let has = self.helper("cardcHasKey");
                    let test: Vec<String> = keys
                        .iter()
                        .map(|key| format!("{has}(value, {})", string_literal(key)))
                        .collect();
                    (
                        "object",
                        format!(
                            "if ({}) {{ {check}(value, s, at); return; }}",
                            test.join(" && ")
                        ),
                    )
                }
            };
            match cases.iter_mut().find(|(existing, _)| *existing == case) {
                Some((_, lines)) => lines.push(line),
                None => cases.push((case, vec![line])),
            }
        }
        self.out.line("switch (cardcShape(value)) {");
        self.out.indent();
        for (case, lines) in &cases {
            self.out.line(&format!("case '{case}':"));
            self.out.indent();
            for line in lines {
                self.out.line(line);
            }
            // The last object variant takes any object; a case ending in a test falls out.
            if lines.last().is_some_and(|line| line.starts_with("if ")) {
                self.out.line("break;");
            }
            self.out.dedent();
        }
        self.out.dedent();
        self.out.line("}");
        self.out.line(&format!(
            "cardcMismatch(s, at, {}, orNull);",
            string_literal(&def.expected())
        ));
        self.close_check();
    }

    /// An enum's check: one of its strings.
    fn emit_enum(&mut self, def: &EnumDef) {
        let name = &def.name;
        let values: Vec<String> = def
            .values
            .iter()
            .map(|value| string_literal(&value.wire_name))
            .collect();
        if def.other.is_some() {
            // Every string is one: a known value, or the catch-all's.
            self.open_check(name, &format!("Checks a `{name}`."));
            let check = self.helper("cardcString");
            self.out.line(&format!("{check}(value, s, at, orNull);"));
            self.close_check();
            return;
        }
        // A constant, so that no call allocates the list, nor lists it for an error.
        self.used.insert("cardcStrings");
        self.out.doc_line(&format!("The strings of `{name}`."));
        self.out.line(&format!(
            "const valuesOf{name} = cardcStrings([{}]);",
            values.join(", ")
        ));
        self.out.blank();
        match def.fold_value() {
            // Every string is one: a known value, or one read as the folded value.
            Some(fold) => {
                self.open_check(
                    name,
                    &format!(
                        "Checks a `{name}`: any string, one it does not know read as {}.",
                        string_literal(&fold.wire_name)
                    ),
                );
                let check = self.helper("cardcFoldString");
                self.out.line(&format!(
                    "{check}(value, s, at, orNull, valuesOf{name}, {});",
                    string_literal(&fold.wire_name)
                ));
            }
            None => {
                self.open_check(name, &format!("Checks a `{name}`."));
                self.used.insert("cardcOneOf");
                self.out.line(&format!(
                    "cardcOneOf(value, s, at, orNull, valuesOf{name});"
                ));
            }
        }
        self.close_check();
    }

    /// `is<CatchAll>`, which tells an open union's or enum's catch-all from its known members
    /// by the tag or string: what `match` and a reader's own narrowing call first.
    fn emit_catch_all_guard(
        &mut self,
        owner: &str,
        other: &CatchAll,
        known: &[String],
        tag: Option<&str>,
    ) {
        let name = catch_all_type(owner, &other.name);
        let read = match tag {
            Some(tag) => format!("value[{}]", string_literal(tag)),
            None => "value".to_owned(),
        };
        self.entries.blank();
        self.entries.doc_line(&format!(
            "Whether a `{owner}` is its catch-all `{name}`, one this build does not know."
        ));
        // A value `is<Owner>` accepted is of the input form, which this takes too.
        let taken = Form::Input(self.inputs).name(owner);
        self.entries.line(&format!(
            "export function is{name}(value: {taken}): value is {name} {{"
        ));
        self.entries.indent();
        self.entries.line(&format!("switch ({read}) {{"));
        self.entries.indent();
        for value in known {
            self.entries.line(&format!("case {value}:"));
        }
        self.entries.line("  return false;");
        self.entries.line("default:");
        self.entries.line("  return true;");
        self.entries.dedent();
        self.entries.line("}");
        self.entries.dedent();
        self.entries.line("}");
    }

    /// Opens `check<Name>` with its doc line, exported when the checks are a module of their own.
    fn open_check(&mut self, name: &str, doc: &str) {
        self.types.insert("cardcState");
        self.out.doc_line(doc);
        let export = match self.checks {
            Checks::Inline => "",
            Checks::Module(_) => "export ",
        };
        self.out.line(&format!(
            "{export}function check{name}(value: unknown, s: cardcState, at: string, orNull?: boolean): void {{"
        ));
        self.out.indent();
    }

    /// Closes what [`Guards::open_check`] opened.
    fn close_check(&mut self) {
        self.out.dedent();
        self.out.line("}");
    }

    /// The exported `is<Name>` and `parse<Name>`, and `write<Name>` for a type that has an
    /// input type.
    fn emit_exported(&mut self, name: &str) {
        let input = Form::Input(self.inputs).name(name);
        let check = self.check_ref(name);
        self.entries.blank();
        if input == name {
            self.entries.doc_line(&format!(
                "Whether a value is a `{name}`, exactly as the contract says. Never throws."
            ));
        } else {
            let parse = match self.inputs.causes(name) {
                (true, false) => "fills in the defaults",
                (false, _) => "folds what it does not know",
                (true, true) => "fills in the defaults and folds what it does not know",
            };
            self.entries.doc_line(&format!(
                "Whether a value is a `{name}` as a writer may write it (`{input}`: `parse{name}` {parse}). Never throws."
            ));
        }
        let is = self.entry("cardcIs");
        self.entries.line(&format!(
            "export function is{name}(value: unknown): value is {input} {{"
        ));
        self.entries
            .line(&format!("  return {is}({check}, value);"));
        self.entries.line("}");
        self.entries.blank();
        self.entries.doc_line(&format!(
            "The value as a `{name}`, or where and how it breaks the contract. Never throws."
        ));
        // A contract whose writers write back other JSON than they read parses into a copy,
        // rewritten as they write it. Only the one `parse` helper named: an output importing
        // the shared runtime compiles under `--noUnusedLocals`.
        let parse = if self.rewrites {
            self.entry("cardcParseCopy")
        } else {
            self.entry("cardcParse")
        };
        let parsed = self.entry("cardcParsed");
        self.entries.line(&format!(
            "export function parse{name}(value: unknown): {parsed}<{name}> {{"
        ));
        self.entries
            .line(&format!("  return {parse}<{name}>({check}, value);"));
        self.entries.line("}");
        // A writer writes a value only folding reads as it was read: `write` is for defaults.
        if self.inputs.causes(name).0 {
            self.emit_write(name, &input);
        }
        if self.schema.reaches_tolerance(&Ty::Named(name.to_owned())) {
            self.emit_tolerant(name);
        }
    }

    /// The exported `write<Name>`, for a type that has an input type: the JSON a conforming
    /// writer writes for a value, which leaves out a default the contract omits.
    fn emit_write(&mut self, name: &str, input: &str) {
        let write = self.entry("cardcWrite");
        let check = self.check_ref(name);
        self.entries.blank();
        self.entries.doc_line(&format!(
            "The JSON a conforming writer writes for a `{name}`: a copy without the keys whose field says `#[omit_default]` and whose value is the default, every other default written. Never throws, and never changes its input."
        ));
        self.entries.line(&format!(
            "export function write{name}(value: {name}): {input} {{"
        ));
        self.entries
            .line(&format!("  return {write}<{input}>({check}, value);"));
        self.entries.line("}");
    }

    /// The exported `parse<Name>Tolerant`, for a type that reaches a reader policy: `parse`
    /// with the policies applied, and a warning for each value they dropped.
    fn emit_tolerant(&mut self, name: &str) {
        let parse = self.entry("cardcParseTolerant");
        let parsed = self.entry("cardcParsedTolerant");
        let check = self.check_ref(name);
        self.entries.blank();
        self.entries.doc_line(&format!(
            "The value as a `{name}` read by the schema's reader policies (a copy without the invalid items and values they drop, with a warning for each, ordered by pointer), or where and how it breaks them. Never throws; `parse{name}` and `is{name}` stay strict."
        ));
        self.entries.line(&format!(
            "export function parse{name}Tolerant(value: unknown): {parsed}<{name}> {{"
        ));
        self.entries.line(&format!(
            "  return {parse}<{name}>({check}, value, {});",
            self.rewrites
        ));
        self.entries.line("}");
    }

    /// The check of a value type, as an expression of type `cardcCheck`, noting the helpers
    /// it uses.
    fn check(&mut self, ty: &Ty) -> String {
        match ty {
            Ty::String => self.helper("cardcString"),
            Ty::Bool => self.helper("cardcBoolean"),
            Ty::F64 => self.helper("cardcNumber"),
            Ty::Json => self.helper("cardcJson"),
            Ty::Int(kind) => {
                let (min, max) = kind.bounds();
                format!("{}({min}, {max})", self.helper("cardcInteger"))
            }
            Ty::Decimal(wide) => {
                let string = self.helper("cardcString");
                let what = format!("{} as a canonical decimal string", wide.rust_name());
                self.matches(string, &wide.pattern(), &what)
            }
            Ty::Vec(inner) => {
                let inner = self.check(inner);
                format!("{}({inner})", self.helper("cardcArrayOf"))
            }
            Ty::Map(inner) => {
                let inner = self.check(inner);
                format!("{}({inner})", self.helper("cardcMapOf"))
            }
            Ty::Boxed(inner) => self.check(inner),
            Ty::Nullable(inner) => {
                let inner = self.check(inner);
                self.or_null(inner)
            }
            Ty::Named(name) => format!("check{name}"),
            Ty::Const(constant) => {
                let literal = constant_literal(constant);
                // What a mismatch says it expected: the literal, as a string.
                let expected = string_literal(&format!("the constant {literal}"));
                format!("{}({literal}, {expected})", self.helper("cardcConst"))
            }
        }
    }

    /// A check that also enforces a field's constraints on a value the check accepts.
    fn constrained(&mut self, mut check: String, constraints: &Constraints) -> String {
        if let Some(length) = constraints.length {
            let helper = self.helper("cardcLength");
            check = format!(
                "{helper}({check}, {}, {})",
                bound(length.min),
                bound(length.max)
            );
        }
        for (pattern, what) in constraints.searches() {
            check = self.matches(check, pattern, &what);
        }
        if let Some(range) = constraints.range {
            let helper = self.helper("cardcRange");
            let side = |bound: Option<Bound>| match bound {
                None => "null, false".to_owned(),
                Some(bound) => format!("{}, {}", number(bound.value), bound.exclusive),
            };
            check = format!(
                "{helper}({check}, {}, {}, {})",
                side(range.min),
                side(range.max),
                range.is_integer()
            );
        }
        if constraints.items.is_some() || constraints.unique {
            let helper = self.helper("cardcItems");
            let items = constraints.items.unwrap_or_default();
            check = format!(
                "{helper}({check}, {}, {}, {})",
                bound(items.min),
                bound(items.max),
                constraints.unique
            );
        }
        check
    }

    /// A check that also requires a string it accepts to match `pattern`; `what` names the
    /// strings in its error.
    fn matches(&mut self, check: String, pattern: &str, what: &str) -> String {
        let helper = self.helper("cardcMatches");
        format!(
            "{helper}({check}, {}, {})",
            string_literal(pattern),
            string_literal(what)
        )
    }

    /// The check of a value or `null`.
    fn or_null(&mut self, check: String) -> String {
        format!("{}({check})", self.helper("cardcNullOr"))
    }

    /// A helper's name, noted as used.
    /// The test that `var` has `shape`, for an array variant among several: its items' JSON
    /// type, keys and items, as an expression.
    fn shape_test(&mut self, shape: &Shape, var: &str) -> String {
        match shape {
            Shape::String => format!("typeof {var} === 'string'"),
            Shape::Boolean => format!("typeof {var} === 'boolean'"),
            Shape::Integer | Shape::Number => format!("typeof {var} === 'number'"),
            Shape::Array(None) => format!("Array.isArray({var})"),
            Shape::Array(Some(item)) => format!(
                "Array.isArray({var}) && {var}.every((item) => {})",
                self.shape_test(item, "item")
            ),
            // Never an item's shape: only a union's own object variants are tried.
            Shape::Tried => format!("{}({var}) === 'object'", self.helper("cardcShape")),
            Shape::Object(keys) => {
                let mut test = format!("{}({var}) === 'object'", self.helper("cardcShape"));
                let has = self.helper("cardcHasKey");
                for key in keys {
                    test.push_str(&format!(" && {has}({var}, {})", string_literal(key)));
                }
                test
            }
        }
    }

    fn helper(&mut self, name: &'static str) -> String {
        self.used.insert(name);
        name.to_owned()
    }
}
