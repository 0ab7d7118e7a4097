//! The intermediate representation every emitter reads. It depends on nothing.
//!
//! The checker produces it only from a schema with no errors, so emitters may rely on its
//! invariants: every `Ty::Named` resolves, every wire name is final and unique where it must be,
//! every name is one every registered target can carry, and every recursive cycle passes
//! through a `Box`, `Vec` or `Map`. Names a target derives (a Rust identifier, a bridge method)
//! are that target's to spell, from its rules in `naming`. Types live in a `BTreeMap` so that
//! every output is ordered by type name, whatever order the schema file declares them in.
//! Spans are byte ranges into the schema text, for the checks that report on the IR.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

mod constraints;
mod decimal;
mod defaults;
mod reach;
mod spell;
mod tolerance;

pub use constraints::{Bound, Constraints, Count, Format, Number, NumberRange};
pub use decimal::Wide;
pub use defaults::{
    DefaultWrite, FieldDefault, types_reaching_default, types_reaching_fold, types_with_input_form,
};
pub use reach::{closure, field_reached, named_by};
pub use spell::{literal, spell};
pub use tolerance::{OnInvalid, Tolerance, reaches_tolerance};

impl UnionDef {
    /// Whether the union reads an unknown tag (into its catch-all, or folded into a variant)
    /// rather than refusing it.
    pub fn is_open(&self) -> bool {
        self.other.is_some() || self.fold.is_some()
    }

    /// The variant an unknown tag reads as, for a union that folds (see [`UnionDef::fold`]).
    pub fn fold_variant(&self) -> Option<&Variant> {
        let fold = self.fold.as_deref()?;
        self.variants.iter().find(|variant| variant.name == fold)
    }
}

impl EnumDef {
    /// Whether the enum reads an unknown string (into its catch-all, or folded into a value)
    /// rather than refusing it.
    pub fn is_open(&self) -> bool {
        self.other.is_some() || self.fold.is_some()
    }

    /// The value an unknown string reads as, for an enum that folds (see [`EnumDef::fold`]).
    pub fn fold_value(&self) -> Option<&EnumValue> {
        let fold = self.fold.as_deref()?;
        self.values.iter().find(|value| value.name == fold)
    }
}

/// A byte range of the schema text.
pub type Span = Range<usize>;

/// A whole checked schema: its metadata and every named type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schema {
    /// The schema's name in generated headers: its path relative to the outputs' directory
    /// (see [`crate::header_name`]).
    pub source_name: String,
    /// The file stem (`render_intent`), used to name the outputs.
    pub stem: String,
    /// The JSON Schema `$id`.
    pub id: String,
    /// The JSON Schema `title`.
    pub title: String,
    /// The contract's declared version (`#![version = "1.2.0"]`), if any.
    pub version: Option<Version>,
    /// The file's inner doc comment (`//!`), one entry per line.
    pub docs: Docs,
    /// The entry types (`#![entry = "..."]`), in the order declared: what the JSON Schema
    /// document's root validates. Empty when none is declared.
    pub entries: Vec<String>,
    /// Every named type the schema's types reach, ordered by name: those it declares, and
    /// those declared in the other schema files it imports from (see [`Schema::foreign`]), so
    /// that every rule reads a type the same wherever it is declared.
    pub types: BTreeMap<String, TypeDef>,
    /// The schema file that declares each type of [`Schema::types`] this one does not: the
    /// types its outputs import from that file's outputs instead of declaring.
    pub foreign: BTreeMap<String, Module>,
    /// Where the schema's own items are written.
    pub spans: SchemaSpans,
}

/// Another schema file, as a schema that imports its types knows it: what names its outputs
/// and its published document, never where they are written (each front end says that in
/// its [`crate::target::Options`]).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Module {
    /// Its file stem (`common`), which names its outputs as [`Schema::stem`] does this one's.
    pub stem: String,
    /// Its JSON Schema `$id`, which a reference to one of its types is resolved against.
    pub id: String,
}

/// Where a schema's own items are written, for the reports on the IR (`cardc compat`'s
/// locations); `None` for an item the file leaves to its default (an `$id` from the file name)
/// or does not have (no inner doc comment).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SchemaSpans {
    /// The inner doc comment's first line.
    pub docs: Option<Span>,
    /// `#![id]`.
    pub id: Option<Span>,
    /// `#![title]`.
    pub title: Option<Span>,
    /// Each `#![entry]`, in [`Schema::entries`]' order.
    pub entries: Vec<Span>,
}

impl Schema {
    /// Whether the schema declares the type of this name itself, rather than importing it.
    pub fn is_own(&self, name: &str) -> bool {
        !self.foreign.contains_key(name)
    }

    /// The types the schema declares itself, ordered by name: the ones its outputs declare.
    pub fn own_types(&self) -> impl Iterator<Item = &TypeDef> {
        self.types.values().filter(|def| self.is_own(def.name()))
    }

    /// Each schema file some of whose types this one's reach, with the names of those types,
    /// both in order.
    pub fn imports(&self) -> BTreeMap<&Module, Vec<&str>> {
        let mut imports: BTreeMap<&Module, Vec<&str>> = BTreeMap::new();
        for (name, module) in &self.foreign {
            imports.entry(module).or_default().push(name);
        }
        imports
    }

    /// The struct or union a variant carries; `None` for a unit variant.
    pub fn payload(&self, variant: &Variant) -> Option<&TypeDef> {
        variant
            .payload
            .as_ref()
            .and_then(|name| self.types.get(name))
    }

    /// The keys of a struct's object on the wire, in order (see [`wire_fields`]).
    pub fn wire_fields<'a>(&'a self, def: &'a StructDef) -> Vec<(Vec<&'a Field>, &'a Field)> {
        wire_fields(&self.types, def)
    }

    /// The struct a `#[flatten]` field holds, if the field is one.
    pub fn flattened(&self, field: &Field) -> Option<&StructDef> {
        flattened(&self.types, field)
    }

    /// Whether a conforming writer may write back other JSON than it read: some struct or
    /// unit variant drops unknown keys, some field reads `null` as absent or has a default
    /// (written where the key was absent, or left out where it was given), or some enum or
    /// union folds what it does not know into a known value.
    pub fn rewrites(&self) -> bool {
        self.types.values().any(|def| match def {
            TypeDef::Struct(def) => {
                def.unknown == UnknownFields::Drop
                    || def.fields.iter().any(|field| {
                        matches!(field.presence, Presence::NullAsAbsent | Presence::Defaulted)
                    })
            }
            TypeDef::Union(def) => {
                def.fold.is_some()
                    || def
                        .variants
                        .iter()
                        .any(|variant| variant.unknown == UnknownFields::Drop)
            }
            TypeDef::Enum(def) => def.fold.is_some(),
            _ => false,
        })
    }

    /// The fields that hold the keys of a struct's object (see [`wire_fields`]).
    pub fn object_fields<'a>(&'a self, def: &'a StructDef) -> Vec<&'a Field> {
        wire_fields(&self.types, def)
            .into_iter()
            .map(|(_, field)| field)
            .collect()
    }
}

/// The keys of a struct's object on the wire, in order, each with the flattened fields it is
/// reached through (outermost first): the struct's own fields, and in place of a flattened one
/// the keys of the struct it holds, recursively. The checker refuses a struct that flattens
/// itself; while it checks, such a cycle is followed once and then left out.
pub fn wire_fields<'a>(
    types: &'a BTreeMap<String, TypeDef>,
    def: &'a StructDef,
) -> Vec<(Vec<&'a Field>, &'a Field)> {
    fn push<'a>(
        types: &'a BTreeMap<String, TypeDef>,
        def: &'a StructDef,
        path: &mut Vec<&'a Field>,
        within: &mut Vec<&'a str>,
        out: &mut Vec<(Vec<&'a Field>, &'a Field)>,
    ) {
        within.push(&def.name);
        for field in &def.fields {
            match flattened(types, field) {
                Some(inner) if within.contains(&inner.name.as_str()) => {}
                Some(inner) => {
                    path.push(field);
                    push(types, inner, path, within, out);
                    path.pop();
                }
                None => out.push((path.clone(), field)),
            }
        }
        within.pop();
    }
    let mut out = Vec::new();
    push(types, def, &mut Vec::new(), &mut Vec::new(), &mut out);
    out
}

/// The struct a `#[flatten]` field holds among `types`, if the field is one.
pub fn flattened<'a>(types: &'a BTreeMap<String, TypeDef>, field: &Field) -> Option<&'a StructDef> {
    match (&field.ty, field.flatten) {
        (Ty::Named(name), true) => match types.get(name) {
            Some(TypeDef::Struct(inner)) => Some(inner),
            _ => None,
        },
        _ => None,
    }
}

/// A contract's version, `MAJOR.MINOR.PATCH`: what `cardc compat` checks a change's bump
/// against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    /// Bumped for a change that breaks readers or writers.
    pub major: u64,
    /// Bumped for one that breaks only bridges, or adds.
    pub minor: u64,
    /// Bumped for one that changes docs only.
    pub patch: u64,
    /// Where the version is written.
    pub span: Span,
}

impl Version {
    /// The version `text` spells, `MAJOR.MINOR.PATCH` as three numbers without leading zeros,
    /// found at `span`; `None` for any other text. The one rule for a schema's declaration and
    /// for the version a published output carries.
    pub fn parse(text: &str, span: Span) -> Option<Version> {
        let number = |part: &str| {
            let digits = !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
            let leading_zero = part.len() > 1 && part.starts_with('0');
            (digits && !leading_zero)
                .then(|| part.parse::<u64>().ok())
                .flatten()
        };
        let parts: Vec<Option<u64>> = text.split('.').map(number).collect();
        match parts[..] {
            [Some(major), Some(minor), Some(patch)] => Some(Version {
                major,
                minor,
                patch,
                span,
            }),
            _ => None,
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// Doc comment lines, with the single leading space of `/// text` removed.
pub type Docs = Vec<String>;

/// A JSON value the schema gives, such as an example: its objects keep the order they were
/// written in, and its numbers are integers or floats as written.
#[derive(Debug, Clone, PartialEq)]
pub enum JsonValue {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number written without a fraction or exponent that fits an `i64`.
    Int(i64),
    /// Any other number.
    Float(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<JsonValue>),
    /// An object, its entries in the order written (no key twice, which the checker refuses).
    Object(Vec<(String, JsonValue)>),
}

impl From<bool> for JsonValue {
    fn from(value: bool) -> Self {
        JsonValue::Bool(value)
    }
}

impl From<i64> for JsonValue {
    fn from(value: i64) -> Self {
        JsonValue::Int(value)
    }
}

impl From<u64> for JsonValue {
    fn from(value: u64) -> Self {
        // Counts in a schema are far below `i64::MAX`; past it they saturate.
        JsonValue::Int(i64::try_from(value).unwrap_or(i64::MAX))
    }
}

impl From<f64> for JsonValue {
    fn from(value: f64) -> Self {
        JsonValue::Float(value)
    }
}

impl From<&str> for JsonValue {
    fn from(value: &str) -> Self {
        JsonValue::String(value.to_owned())
    }
}

impl From<String> for JsonValue {
    fn from(value: String) -> Self {
        JsonValue::String(value)
    }
}

impl From<Vec<JsonValue>> for JsonValue {
    fn from(items: Vec<JsonValue>) -> Self {
        JsonValue::Array(items)
    }
}

/// Examples of a type's or a field's values, each checked against its type.
pub type Examples = Vec<JsonValue>;

/// `#[deprecated]` on a type, field, variant or enum value: still read and written, but marked
/// so in every output, with the note when one was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deprecated {
    /// What to use instead, or why: `#[deprecated = "use `path`"]`.
    pub note: Option<String>,
}

/// A named type of the schema.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeDef {
    /// An object with named fields.
    Struct(StructDef),
    /// A named type with the wire form of the type it wraps.
    Newtype(NewtypeDef),
    /// A union told apart by a tag field inside the object, closed or open.
    Union(UnionDef),
    /// A unit-only enum, written on the wire as one of its strings.
    Enum(EnumDef),
    /// A union whose variants are told apart by their JSON shape, not by a tag.
    Untagged(UntaggedDef),
}

impl TypeDef {
    /// The type's name, as in the schema and every output.
    pub fn name(&self) -> &str {
        match self {
            TypeDef::Struct(def) => &def.name,
            TypeDef::Newtype(def) => &def.name,
            TypeDef::Union(def) => &def.name,
            TypeDef::Enum(def) => &def.name,
            TypeDef::Untagged(def) => &def.name,
        }
    }

    /// Whether and why the type is deprecated.
    pub fn deprecated(&self) -> Option<&Deprecated> {
        match self {
            TypeDef::Struct(def) => def.deprecated.as_ref(),
            TypeDef::Newtype(def) => def.deprecated.as_ref(),
            TypeDef::Union(def) => def.deprecated.as_ref(),
            TypeDef::Enum(def) => def.deprecated.as_ref(),
            TypeDef::Untagged(def) => def.deprecated.as_ref(),
        }
    }

    /// Where the type's name is written.
    pub fn name_span(&self) -> &Span {
        match self {
            TypeDef::Struct(def) => &def.name_span,
            TypeDef::Newtype(def) => &def.name_span,
            TypeDef::Union(def) => &def.name_span,
            TypeDef::Enum(def) => &def.name_span,
            TypeDef::Untagged(def) => &def.name_span,
        }
    }

    /// Examples of the type's values.
    pub fn examples(&self) -> &Examples {
        match self {
            TypeDef::Struct(def) => &def.examples,
            TypeDef::Newtype(def) => &def.examples,
            TypeDef::Union(def) => &def.examples,
            TypeDef::Enum(def) => &def.examples,
            TypeDef::Untagged(def) => &def.examples,
        }
    }

    /// Puts every span of the type at `span`: a type imported from another schema file is
    /// reported on, in the file that imports it, at the `use` that brings it in.
    pub fn relocate(&mut self, span: &Span) {
        match self {
            TypeDef::Struct(def) => {
                def.name_span = span.clone();
                for field in &mut def.fields {
                    field.span = span.clone();
                }
            }
            TypeDef::Newtype(def) => {
                def.name_span = span.clone();
                def.span = span.clone();
            }
            TypeDef::Union(def) => {
                def.name_span = span.clone();
                def.tag_span = span.clone();
                for variant in &mut def.variants {
                    variant.span = span.clone();
                }
                if let Some(other) = &mut def.other {
                    other.span = span.clone();
                }
            }
            TypeDef::Enum(def) => {
                def.name_span = span.clone();
                for value in &mut def.values {
                    value.span = span.clone();
                }
                if let Some(other) = &mut def.other {
                    other.span = span.clone();
                }
            }
            TypeDef::Untagged(def) => {
                def.name_span = span.clone();
                for variant in &mut def.variants {
                    variant.span = span.clone();
                }
            }
        }
    }

    /// The type's doc comment.
    pub fn docs(&self) -> &Docs {
        match self {
            TypeDef::Struct(def) => &def.docs,
            TypeDef::Newtype(def) => &def.docs,
            TypeDef::Union(def) => &def.docs,
            TypeDef::Enum(def) => &def.docs,
            TypeDef::Untagged(def) => &def.docs,
        }
    }
}

/// An object type.
#[derive(Debug, Clone, PartialEq)]
pub struct StructDef {
    /// Type name (UpperCamelCase, never a reserved word).
    pub name: String,
    /// Where the type's name is written.
    pub name_span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Examples of its values, checked against its type.
    pub examples: Examples,
    /// Fields in declaration order.
    pub fields: Vec<Field>,
    /// What its object does with a key the schema does not name.
    pub unknown: UnknownFields,
}

impl StructDef {
    /// Whether its object refuses a key the schema does not name.
    pub fn closed(&self) -> bool {
        self.unknown == UnknownFields::Refuse
    }

    /// Whether it keeps the keys the schema does not name, to write them back.
    pub fn keeps_unknown(&self) -> bool {
        self.unknown == UnknownFields::Keep
    }
}

/// What an object does with a key its struct does not name: the one place the three kinds of
/// object are told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownFields {
    /// `#[deny_unknown_fields]` (the default): a closed object, which refuses the key.
    Refuse,
    /// `#[allow_unknown_fields]`: an open object that keeps the key and its value, and writes
    /// them back.
    Keep,
    /// `#[drop_unknown_fields]`: an open object that accepts the key and forgets it, so it is
    /// not written back.
    Drop,
}

/// A newtype: a name of its own for a value of another type, with that type's wire form.
#[derive(Debug, Clone, PartialEq)]
pub struct NewtypeDef {
    /// Type name.
    pub name: String,
    /// Where the type's name is written.
    pub name_span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Examples of its values, checked against its type.
    pub examples: Examples,
    /// The type it wraps: never `Json` nor `Ty::Nullable` at the top, which the checker
    /// refuses (a field's `Nullable` of it would be ambiguous, or say `null` twice).
    pub ty: Ty,
    /// Where the wrapped type is written.
    pub span: Span,
}

/// One field of a struct.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The name as written in the schema (`old_text`), snake_case.
    pub name: String,
    /// The key on the wire after renaming (`oldText`).
    pub wire_name: String,
    /// Where the wire name was decided: the field's `#[rename]` when it has one, else its name.
    pub span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Examples of its values, checked against its type.
    pub examples: Examples,
    /// Whether the key may be absent and whether its value may be `null`.
    pub presence: Presence,
    /// The type of a present, non-null value: never `Ty::Nullable` at the top, which is
    /// [`Presence`]'s to say.
    pub ty: Ty,
    /// What a present, non-null value must also satisfy; the checker allows each only on a
    /// type it fits.
    pub constraints: Constraints,
    /// `#[flatten]`: the field holds a closed struct (`ty` is `Ty::Named`, the presence
    /// required) whose fields are keys of this object on the wire, and the field's own name is
    /// no key (see [`Schema::wire_fields`]).
    pub flatten: bool,
    /// The reader policy declared for an invalid value (`#[on_invalid]`, `#[skip_invalid]`).
    pub tolerance: Tolerance,
    /// `#[default = "<JSON>"]`: the value an absent key reads as, and whether it is written.
    /// `Some` exactly when the presence is [`Presence::Defaulted`].
    pub default: Option<FieldDefault>,
}

/// How a field's key and value may be present on the wire: the one place the six kinds of
/// the schema language are told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// `T`: the key must be present and hold a `T`.
    Required,
    /// `Nullable<T>`: the key must be present and hold `null` or a `T`.
    Nullable,
    /// `Option<T>`: the key may be absent, but a present key holds a `T`.
    Optional,
    /// `Option<Nullable<T>>`: the key may be absent, `null` or a `T`.
    OptionalNullable,
    /// `#[null_as_absent] Option<T>`: the key may be absent, `null` or a `T`, and `null` means
    /// absent: it reads as absent, and absent is written as no key. Never of `Json`, whose
    /// `null` is a value (the checker refuses it).
    NullAsAbsent,
    /// `#[default = "<JSON>"] T`: the key may be absent, which reads as the field's default
    /// ([`Field::default`]), and a present key holds a `T`. The value is always there once
    /// read.
    Defaulted,
}

impl Presence {
    /// Whether the key may be absent on the wire.
    pub fn may_be_absent(self) -> bool {
        self.is_optional() || self == Presence::Defaulted
    }

    /// Whether an absent key reads as no value (Rust `None`, TypeScript `undefined`, Python
    /// `None`), which a writer writes as no key; a defaulted field's absent key reads as its
    /// default instead.
    pub fn is_optional(self) -> bool {
        matches!(
            self,
            Presence::Optional | Presence::OptionalNullable | Presence::NullAsAbsent
        )
    }

    /// Whether a present key may hold `null`.
    pub fn may_be_null(self) -> bool {
        matches!(
            self,
            Presence::Nullable | Presence::OptionalNullable | Presence::NullAsAbsent
        )
    }

    /// Whether a `null` is kept as a value of its own, written back as `null`, rather than
    /// read as absent.
    pub fn keeps_null(self) -> bool {
        matches!(self, Presence::Nullable | Presence::OptionalNullable)
    }
}

/// A value type.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ty {
    /// A JSON string.
    String,
    /// A JSON boolean.
    Bool,
    /// A JSON integer within the bounds of the given integer type.
    Int(IntKind),
    /// A 64-bit integer of the full range, written as a canonical decimal string.
    Decimal(Wide),
    /// Any JSON number.
    F64,
    /// Any JSON value, `null` included.
    Json,
    /// A JSON array.
    Vec(Box<Ty>),
    /// A JSON object with string keys and values of one type.
    Map(Box<Ty>),
    /// The same value as the inner type; heap indirection for recursive types in Rust.
    Boxed(Box<Ty>),
    /// The inner type or `null`, as an array item or a map value (a field's own `null` is its
    /// [`Presence`]). Never of `Json` or of another `Nullable`, which the checker refuses.
    Nullable(Box<Ty>),
    /// A named type of the schema.
    Named(String),
    /// Always this one value: a field's whole type only (the checker refuses it elsewhere),
    /// and never absent or `null`.
    Const(Constant),
}

/// The value of a constant field, `Const<"message">`, `Const<2>` or `Const<true>`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Constant {
    /// A JSON string.
    String(String),
    /// A JSON integer, exact in every reader: within JavaScript's safe integers.
    Int(i64),
    /// A JSON boolean.
    Bool(bool),
}

/// The integer types of the schema language, written as JSON numbers. The 64-bit ones are
/// limited to the safe-integer range, |n| <= 2^53 - 1, the integers a JavaScript number (and
/// so every reader of parsed JSON) holds exactly; the full range travels as a [`Ty::Decimal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum IntKind {
    /// `u8`
    U8,
    /// `u16`
    U16,
    /// `u32`
    U32,
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`, within the safe-integer range
    I64,
    /// `u64`, within the safe-integer range
    U64,
}

/// The largest integer every reader of parsed JSON holds exactly: 2^53 - 1, JavaScript's
/// `Number.MAX_SAFE_INTEGER`.
pub const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

impl IntKind {
    /// The Rust (and schema) spelling of the type.
    pub fn rust_name(self) -> &'static str {
        match self {
            IntKind::U8 => "u8",
            IntKind::U16 => "u16",
            IntKind::U32 => "u32",
            IntKind::I8 => "i8",
            IntKind::I16 => "i16",
            IntKind::I32 => "i32",
            IntKind::I64 => "i64",
            IntKind::U64 => "u64",
        }
    }

    /// The inclusive bounds, used for JSON Schema `minimum`/`maximum` and runtime guards.
    pub fn bounds(self) -> (i64, i64) {
        match self {
            IntKind::U8 => (0, u8::MAX.into()),
            IntKind::U16 => (0, u16::MAX.into()),
            IntKind::U32 => (0, u32::MAX.into()),
            IntKind::I8 => (i8::MIN.into(), i8::MAX.into()),
            IntKind::I16 => (i16::MIN.into(), i16::MAX.into()),
            IntKind::I32 => (i32::MIN.into(), i32::MAX.into()),
            IntKind::I64 => (-MAX_SAFE_INTEGER, MAX_SAFE_INTEGER),
            IntKind::U64 => (0, MAX_SAFE_INTEGER),
        }
    }

    /// Every integer kind, for parsing and tests.
    pub const ALL: [IntKind; 8] = [
        IntKind::U8,
        IntKind::U16,
        IntKind::U32,
        IntKind::I8,
        IntKind::I16,
        IntKind::I32,
        IntKind::I64,
        IntKind::U64,
    ];
}

/// A tagged union: an object whose tag field picks the variant (closed), or its catch-all
/// when the tag is a string no variant has (open).
#[derive(Debug, Clone, PartialEq)]
pub struct UnionDef {
    /// Type name.
    pub name: String,
    /// Where the type's name is written.
    pub name_span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Examples of its values, checked against its type.
    pub examples: Examples,
    /// The tag field's wire name (`card`).
    pub tag: String,
    /// Where the tag field's name is written.
    pub tag_span: Span,
    /// Variants in declaration order, the catch-all not among them.
    pub variants: Vec<Variant>,
    /// An open union's catch-all (`#[other] Unknown`): what an object whose tag is a string
    /// none of `variants` has reads as. `None` for a closed union, which refuses such a tag.
    pub other: Option<CatchAll>,
    /// The unit variant, by name, that an object whose tag is a string none of `variants` has
    /// reads as (`#[other(fold)] Unknown`), its other keys dropped: a lossy catch-all that
    /// writes the variant's own tag back. Never set beside `other`.
    pub fold: Option<String>,
}

/// The catch-all of an open union or enum (`#[other] Unknown`): it reads every tag value or
/// string the type does not know, and keeps it whole, the union's object (every key, in the
/// order read) or the enum's string, so that writing it back gives the JSON read. A known tag
/// with a bad body is still an error, never a catch-all. Every output gives it a variant of its
/// own, so a match over the type stays exhaustive; no output lets code build one holding a tag
/// or string the type knows, which would write a payload that reads back as another variant.
#[derive(Debug, Clone, PartialEq)]
pub struct CatchAll {
    /// The variant's name as written, UpperCamelCase (`Unknown`).
    pub name: String,
    /// Its key where variants are keyed by tag value (a TypeScript `match` handler): the name
    /// under the union's rename rule, or its `#[rename]`. The checker has refused a tag value
    /// equal to it.
    pub key: String,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Where its name is written.
    pub span: Span,
}

/// One variant of a union.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// The variant's name as written in the schema, UpperCamelCase (`Generic`); each target
    /// spells its own identifier from it.
    pub name: String,
    /// The tag value on the wire (`generic`).
    pub tag_value: String,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// The payload: the name of a struct or of another union, or `None` for a unit variant,
    /// whose object holds its tags and, as [`Variant::unknown`] says, maybe other keys.
    pub payload: Option<String>,
    /// What a unit variant's object does with a key other than its tags, as a struct's does
    /// with a key it does not name. Always [`UnknownFields::Refuse`] for a variant with a
    /// payload, whose own declaration says.
    pub unknown: UnknownFields,
    /// Where the payload type is written (a unit variant's name).
    pub span: Span,
}

/// A union told apart by shape: each variant holds a value of another JSON type, or an object
/// picked by the keys present (see [`UntaggedDef::pick`]). The checker has refused any two
/// variants of one JSON type but objects, and object variants no object would pick.
#[derive(Debug, Clone, PartialEq)]
pub struct UntaggedDef {
    /// Type name.
    pub name: String,
    /// Where the type's name is written.
    pub name_span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Examples of its values, checked against its type.
    pub examples: Examples,
    /// Variants in declaration order.
    pub variants: Vec<UntaggedVariant>,
}

impl UntaggedDef {
    /// The variant every reader picks for `value`: the first, in declared order, whose shape
    /// the value has (see [`Shape::takes`]), or, for a variant tried in order
    /// ([`Shape::Tried`]), that `reads` its type. An open object variant may hold the keys that
    /// pick another, so the pick, not a fit, decides.
    pub fn pick(&self, value: &JsonValue, reads: impl Fn(&Ty) -> bool) -> Option<&UntaggedVariant> {
        self.variants.iter().find(|variant| match variant.shape {
            Shape::Tried => matches!(value, JsonValue::Object(_)) && reads(&variant.ty),
            _ => variant.shape.takes(value),
        })
    }

    /// Whether the union's object variants are tried in declared order
    /// (`#[union(untagged, tried_in_order)]`).
    pub fn is_tried(&self) -> bool {
        self.variants
            .iter()
            .any(|variant| variant.shape == Shape::Tried)
    }

    /// What the union takes, for the error when no variant does: "a string or an array". An
    /// object always picks a variant (the last object variant takes any), so objects are
    /// named once.
    pub fn expected(&self) -> String {
        let mut parts: Vec<&str> = Vec::new();
        for variant in &self.variants {
            let part = match &variant.shape {
                Shape::String => "a string",
                Shape::Boolean => "a boolean",
                Shape::Integer => "an integer",
                Shape::Number => "a number",
                Shape::Array(_) => "an array",
                Shape::Object(_) => "an object",
                Shape::Tried => "an object one of its variants reads",
            };
            if !parts.contains(&part) {
                parts.push(part);
            }
        }
        match parts.split_last() {
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => "nothing".to_string(),
        }
    }
}

/// One variant of an untagged union.
#[derive(Debug, Clone, PartialEq)]
pub struct UntaggedVariant {
    /// The variant's name as written, UpperCamelCase (`Text`).
    pub name: String,
    /// Doc comment.
    pub docs: Docs,
    /// The value it holds.
    pub ty: Ty,
    /// The JSON shape that picks it.
    pub shape: Shape,
    /// Where the value's type is written.
    pub span: Span,
}

/// The JSON shape of an untagged union's variant: what a reader looks at to pick it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A string.
    String,
    /// `true` or `false`.
    Boolean,
    /// A number with a zero fraction (`7`, `7.0`).
    Integer,
    /// Any number.
    Number,
    /// An array; with an item shape, one whose every item has it (an empty one too). The last
    /// array variant has none, and takes every array the others leave.
    Array(Option<Box<Shape>>),
    /// An object that has every one of these keys. The last object variant has none, and takes
    /// every object the others leave.
    Object(Vec<String>),
    /// An object the variant reads: the object variants of a union
    /// `#[union(untagged, tried_in_order)]` are tried in declared order, and the first that
    /// reads the object strictly takes it. None taking it fails at the union.
    Tried,
}

impl Shape {
    /// Whether `value` has this shape: its JSON type (a whole number is a number too), and the
    /// keys or item shape the shape names. A [`Shape::Tried`] variant's objects are those it
    /// reads, which its type, not its shape, decides: any object has the shape.
    pub fn takes(&self, value: &JsonValue) -> bool {
        match (self, value) {
            (Shape::String, JsonValue::String(_)) | (Shape::Boolean, JsonValue::Bool(_)) => true,
            (Shape::Integer | Shape::Number, JsonValue::Int(_) | JsonValue::Float(_)) => true,
            (Shape::Array(item), JsonValue::Array(items)) => item
                .as_deref()
                .is_none_or(|item| items.iter().all(|value| item.takes(value))),
            (Shape::Object(keys), JsonValue::Object(entries)) => keys
                .iter()
                .all(|key| entries.iter().any(|(name, _)| name == key)),
            (Shape::Tried, JsonValue::Object(_)) => true,
            _ => false,
        }
    }
}

/// The keys that pick each object variant of an untagged union, from each one's required keys
/// in declared order: its required keys but those every later one requires too (an object
/// without such a key fails whichever of them it picks), so none for the last, which takes the
/// objects the others leave.
pub fn picking_keys(required: &[&[String]]) -> Vec<Vec<String>> {
    required
        .iter()
        .enumerate()
        .map(|(position, own)| {
            let later = &required[position + 1..];
            own.iter()
                .filter(|key| !later.iter().all(|other| other.contains(key)))
                .cloned()
                .collect()
        })
        .collect()
}

/// Whether every object is a value of `ty`: a map of any JSON, or a struct that is not closed
/// and whose every key is optional and of any JSON (through newtypes). An object variant of an
/// untagged union tried in order after such a one is never tried.
pub fn reads_any_object(types: &BTreeMap<String, TypeDef>, ty: &Ty) -> bool {
    match ty {
        Ty::Map(values) => **values == Ty::Json,
        Ty::Boxed(inner) => reads_any_object(types, inner),
        Ty::Named(name) => match types.get(name) {
            Some(TypeDef::Struct(def)) => {
                !def.closed()
                    && def.fields.iter().all(|field| {
                        !field.flatten && field.presence.may_be_absent() && field.ty == Ty::Json
                    })
            }
            Some(TypeDef::Newtype(def)) => reads_any_object(types, &def.ty),
            _ => false,
        },
        _ => false,
    }
}

/// Whether a value of an object variant whose objects may hold the keys `declared` could hold
/// every key an earlier object variant requires (`earlier`), and so read back as that one.
pub fn may_read_as(earlier: &[String], declared: &BTreeSet<String>) -> bool {
    earlier.iter().all(|key| declared.contains(key))
}

/// A unit-only enum.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumDef {
    /// Type name.
    pub name: String,
    /// Where the type's name is written.
    pub name_span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
    /// Examples of its values, checked against its type.
    pub examples: Examples,
    /// Values in declaration order, the catch-all not among them.
    pub values: Vec<EnumValue>,
    /// An open enum's catch-all (`#[other] Other`): what a string none of `values` is reads
    /// as. `None` for a closed enum, which refuses such a string.
    pub other: Option<CatchAll>,
    /// The value, by name, that a string none of `values` is reads as (`#[other(fold)]
    /// Unknown`): a lossy catch-all that writes the value's own string back. Never set beside
    /// `other`.
    pub fold: Option<String>,
}

/// One value of a unit-only enum.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumValue {
    /// The value's name as written in the schema, UpperCamelCase (`Read`); each target spells
    /// its own identifier from it.
    pub name: String,
    /// The string on the wire (`read`).
    pub wire_name: String,
    /// Where the wire string was decided: the value's `#[rename]` when it has one, else its
    /// name.
    pub span: Span,
    /// Doc comment.
    pub docs: Docs,
    /// Whether and why it is deprecated.
    pub deprecated: Option<Deprecated>,
}

#[cfg(test)]
pub(crate) mod builder;
