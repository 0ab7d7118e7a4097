//! The parsed schema, before any name is resolved. Every name keeps its byte span so the
//! checker can point at it.

use std::collections::BTreeSet;
use std::ops::Range;

/// A value with the byte range it was written at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Range<usize>,
}

/// A parsed schema file.
#[derive(Debug, Clone, Default)]
pub struct SchemaFile {
    /// The inner doc comment (`//!`).
    pub docs: Vec<String>,
    /// Where the inner doc comment starts, if the file has one.
    pub docs_span: Option<Range<usize>>,
    /// The file-wide settings (`#![...]`).
    pub settings: FileSettings,
    /// The `use` declarations, in file order: types declared in other schema files.
    pub uses: Vec<Use>,
    /// The declared types, in file order.
    pub items: Vec<Item>,
    /// Names of declarations that failed to parse or were refused whole, such as a generic
    /// struct or a type alias (already reported): references to them are not reported again.
    pub unparsed: BTreeSet<String>,
    /// String literals the lexer refused (a backslash that starts no Rust escape, already
    /// reported), read with spaces for those backslashes: what the checker finds inside one is
    /// about the stand-in, not what was written, and is not reported.
    pub unlexed: Vec<Range<usize>>,
}

/// `use common::{SessionId, ContentBlock};`: types declared in another schema file.
#[derive(Debug, Clone)]
pub struct Use {
    /// The file's path relative to the importing file's directory, `/`-separated, `..` for a
    /// parent, with its extension: `common.cards`, `../shared/ids.cards`. Where the module
    /// path is written.
    pub path: Spanned<String>,
    /// The imported names, each where it is written.
    pub names: Vec<Spanned<String>>,
    /// The whole declaration.
    pub span: Range<usize>,
}

/// File-wide settings written as inner attributes.
#[derive(Debug, Clone, Default)]
pub struct FileSettings {
    /// `#![id = "..."]`: the JSON Schema `$id`.
    pub id: Option<Spanned<String>>,
    /// `#![title = "..."]`: the JSON Schema `title`.
    pub title: Option<Spanned<String>>,
    /// `#![version = "1.2.0"]`: the contract's version, which `cardc compat` checks.
    pub version: Option<Spanned<String>>,
    /// `#![rename_fields = "..."]`: the default wire-name rule for fields.
    pub rename_fields: Option<RenameRule>,
    /// `#![rename_variants = "..."]`: the default wire-name rule for tag and enum values.
    pub rename_variants: Option<RenameRule>,
    /// `#![deny_unknown_fields]`, `#![allow_unknown_fields]` or `#![drop_unknown_fields]`:
    /// what objects do with keys their struct does not name.
    pub unknown: Option<UnknownFields>,
    /// `#![null_as_absent]`, where it was written: every `Option<T>` field (not of `Json`,
    /// whose `null` is a value, nor `Option<Nullable<T>>`) reads `null` as absent.
    pub null_as_absent: Option<Range<usize>>,
    /// `#![entry = "..."]`, once per entry type: what the JSON Schema document's root
    /// validates, in the order written.
    pub entries: Vec<Spanned<String>>,
}

pub use crate::ir::{Deprecated, UnknownFields};
pub use crate::naming::RenameRule;

/// A declared type.
#[derive(Debug, Clone)]
pub struct Item {
    /// The type's name.
    pub name: Spanned<String>,
    /// The whole declaration, from its first doc comment or attribute to its closing brace
    /// (or `;`): what an editor's outline selects.
    pub span: Range<usize>,
    /// Its doc comment.
    pub docs: Vec<String>,
    /// `#[deprecated]`, with its note.
    pub deprecated: Option<Deprecated>,
    /// `#[example = "<JSON>"]`: payloads of the type, as written.
    pub examples: Vec<Spanned<String>>,
    /// What kind of type it is.
    pub kind: ItemKind,
}

/// The five kinds of declaration.
#[derive(Debug, Clone)]
pub enum ItemKind {
    /// `struct Name { fields }`
    Struct(StructItem),
    /// `struct Name(Type);`
    Newtype(NewtypeItem),
    /// `#[union(tag = "...")] enum Name { Variant(Payload), ... }`
    Union(UnionItem),
    /// `enum Name { Value, ... }`
    Enum(EnumItem),
    /// `#[union(untagged)] enum Name { Variant(Type), ... }`
    Untagged(UntaggedItem),
}

/// An untagged union's declaration: its variants, told apart by their JSON shape.
#[derive(Debug, Clone)]
pub struct UntaggedItem {
    /// The variants in order; each payload is any value type.
    pub variants: Vec<VariantItem>,
    /// `#[union(untagged, tried_in_order)]`, where the option is written: object variants are
    /// tried in declared order, and the first that reads an object takes it.
    pub tried_in_order: Option<std::ops::Range<usize>>,
}

/// A struct declaration.
#[derive(Debug, Clone)]
pub struct StructItem {
    /// `#[rename_all = "..."]`: overrides the file's field rule.
    pub rename_all: Option<RenameRule>,
    /// `#[deny_unknown_fields]` / `#[allow_unknown_fields]` / `#[drop_unknown_fields]`:
    /// overrides the file's default.
    pub unknown: Option<UnknownFields>,
    /// The fields in order.
    pub fields: Vec<FieldItem>,
}

/// A newtype declaration: a named type with the wire form of its one unnamed field.
#[derive(Debug, Clone)]
pub struct NewtypeItem {
    /// The type it wraps, as written.
    pub inner: TypeExpr,
}

/// A field declaration.
#[derive(Debug, Clone)]
pub struct FieldItem {
    /// The field's name, without any `r#` prefix.
    pub name: Spanned<String>,
    /// Its doc comment.
    pub docs: Vec<String>,
    /// `#[deprecated]`, with its note.
    pub deprecated: Option<Deprecated>,
    /// `#[example = "<JSON>"]`: values of the field, as written.
    pub examples: Vec<Spanned<String>>,
    /// `#[flatten]`, where it was written: the field's struct's fields are keys of this object.
    pub flatten: Option<Range<usize>>,
    /// `#[rename = "..."]`: the exact wire name.
    pub rename: Option<Spanned<String>>,
    /// `#[on_invalid = "..."]`: what a tolerant reader reads an invalid value as, as written;
    /// `default` for `#[on_invalid(default = "<JSON>")]` too.
    pub on_invalid: Option<Spanned<String>>,
    /// `#[on_invalid(default = "<JSON>")]`: the value an invalid value reads as, as written, on
    /// a field whose key stays required.
    pub invalid_default: Option<Spanned<String>>,
    /// `#[skip_invalid]`, where it was written: a tolerant reader drops invalid array items.
    pub skip_invalid: Option<Range<usize>>,
    /// `#[null_as_absent]`, where it was written: an `Option<T>` field reads `null` as absent.
    pub null_as_absent: Option<Range<usize>>,
    /// `#[default = "<JSON>"]`: what an absent key reads as, as written.
    pub default: Option<Spanned<String>>,
    /// `#[omit_default]`, where it was written: a value equal to the default is written as no
    /// key.
    pub omit_default: Option<Range<usize>>,
    /// Its type.
    pub ty: TypeExpr,
    /// Its constraint attributes, as written.
    pub constraints: ConstraintAttrs,
}

/// A field's constraint attributes as written, each with its span; the checker decides
/// whether each fits the field's type.
#[derive(Debug, Clone, Default)]
pub struct ConstraintAttrs {
    /// `#[length(min = .., max = ..)]`
    pub length: Option<Spanned<Bounds>>,
    /// `#[pattern = "..."]`
    pub pattern: Option<Spanned<String>>,
    /// `#[format = "..."]`
    pub format: Option<Spanned<String>>,
    /// `#[range(min = .., max = .., exclusive_min = .., exclusive_max = ..)]`
    pub range: Option<Spanned<Bounds>>,
    /// `#[items(min = .., max = .., unique)]`
    pub items: Option<Spanned<Bounds>>,
}

/// The options of a bounds attribute, each number with its span.
#[derive(Debug, Clone, Default)]
pub struct Bounds {
    /// `min = ..`
    pub min: Option<Spanned<Literal>>,
    /// `max = ..`
    pub max: Option<Spanned<Literal>>,
    /// `exclusive_min = ..`
    pub exclusive_min: Option<Spanned<Literal>>,
    /// `exclusive_max = ..`
    pub exclusive_max: Option<Spanned<Literal>>,
    /// `unique`
    pub unique: Option<Range<usize>>,
}

/// A number as written in an attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// An integer literal, with its sign (`-3`); wider than any schema integer so that a bound
    /// past its type is reported rather than lost.
    Int(i128),
    /// A float literal (`0.5`, `1e3`).
    Float(f64),
}

/// A union declaration.
#[derive(Debug, Clone)]
pub struct UnionItem {
    /// The tag field's wire name.
    pub tag: Spanned<String>,
    /// `#[rename_all = "..."]`: overrides the file's variant rule.
    pub rename_all: Option<RenameRule>,
    /// `#[flatten = "Envelope"]`, once per struct: its fields are keys of every variant's
    /// object, as if each variant struct flattened it (the checker adds those fields).
    pub spreads: Vec<Spanned<String>>,
    /// The variants in order.
    pub variants: Vec<VariantItem>,
}

/// A union variant: `Name(Payload)`, or `Name` for a unit variant.
#[derive(Debug, Clone)]
pub struct VariantItem {
    /// The variant's name.
    pub name: Spanned<String>,
    /// Its doc comment.
    pub docs: Vec<String>,
    /// `#[deprecated]`, with its note.
    pub deprecated: Option<Deprecated>,
    /// `#[rename = "..."]`: the exact tag value.
    pub rename: Option<Spanned<String>>,
    /// `#[other]` or `#[other(fold)]`: the union's catch-all, which reads every tag the union
    /// does not know (the checker requires a unit variant, once per union).
    pub other: Option<OtherMarker>,
    /// The payload type as written (the checker requires a struct or union name), or `None`
    /// for a unit variant, which is its tag alone on the wire.
    pub payload: Option<TypeExpr>,
    /// `#[deny_unknown_fields]`, `#[allow_unknown_fields]` or `#[drop_unknown_fields]`, where
    /// written: what a unit variant's object does with a key other than its tags (the checker
    /// refuses it anywhere else).
    pub unknown: Option<Spanned<UnknownFields>>,
}

/// A unit-only enum declaration.
#[derive(Debug, Clone)]
pub struct EnumItem {
    /// `#[rename_all = "..."]`: overrides the file's variant rule.
    pub rename_all: Option<RenameRule>,
    /// The values in order.
    pub values: Vec<EnumValueItem>,
}

/// One value of a unit-only enum.
#[derive(Debug, Clone)]
pub struct EnumValueItem {
    /// The value's name.
    pub name: Spanned<String>,
    /// Its doc comment.
    pub docs: Vec<String>,
    /// `#[deprecated]`, with its note.
    pub deprecated: Option<Deprecated>,
    /// `#[rename = "..."]`: the exact wire string.
    pub rename: Option<Spanned<String>>,
    /// `#[other]` or `#[other(fold)]`: the enum's catch-all, which reads every string the
    /// enum does not list (once per enum, which the checker requires).
    pub other: Option<OtherMarker>,
}

/// An `#[other]` attribute on a variant or enum value: where it is written, and whether it
/// folds (`#[other(fold)]`: an unknown value reads as this known one) rather than keeps.
#[derive(Debug, Clone)]
pub struct OtherMarker {
    /// Where the attribute is written.
    pub span: Range<usize>,
    /// `#[other(fold)]`: the variant is a known one too, and what it does not know reads as
    /// it, lossily.
    pub fold: bool,
}

/// A type as written, with its span.
#[derive(Debug, Clone)]
pub struct TypeExpr {
    /// The type's shape.
    pub kind: TypeKind,
    /// Where it was written.
    pub span: Range<usize>,
}

/// The type shapes the schema language knows.
#[derive(Debug, Clone)]
pub enum TypeKind {
    /// `String`
    String,
    /// `bool`
    Bool,
    /// `u8` … `i64`
    Int(crate::ir::IntKind),
    /// `Decimal<i64>`, `Decimal<u64>`
    Decimal(crate::ir::Wide),
    /// `f64`
    F64,
    /// `Json`
    Json,
    /// `Vec<T>`
    Vec(Box<TypeExpr>),
    /// `Map<String, T>`
    Map(Box<TypeExpr>),
    /// `Box<T>`
    Boxed(Box<TypeExpr>),
    /// `Option<T>`
    Option(Box<TypeExpr>),
    /// `Nullable<T>`
    Nullable(Box<TypeExpr>),
    /// A name the checker resolves against the declared types.
    Named(String),
    /// `Const<"message">`, `Const<2>`, `Const<true>`
    Const(crate::ir::Constant),
}
