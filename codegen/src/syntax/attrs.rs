//! Attributes: the file settings (`#![...]`) and the per-item ones (`#[...]`).
//!
//! Every attribute is checked against the list of those its place accepts, so a typo such as
//! `#[rename_al = "..."]` is an error rather than a silently ignored line.

use syn::{Attribute, Expr, ExprLit, Lit, LitStr, Meta};

use super::ast::{
    ConstraintAttrs, Deprecated, FileSettings, OtherMarker, RenameRule, SchemaFile, Spanned,
    UnknownFields,
};
use super::{byte_range, node_range};
use super::{constraints, foreign};
use crate::diagnostics::{Diagnostic, Fix};

/// Where an attribute is written; decides which attributes are known (for an editor's
/// completion too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The file's settings, `#![...]`.
    File,
    /// A struct with named fields.
    Struct,
    /// A struct with one unnamed field, `struct SessionId(String);`.
    Newtype,
    /// A struct's field.
    Field,
    /// An `enum`, before its `#[union]` attribute says whether it is a union.
    Enum,
    /// A union variant or an enum value.
    Variant,
}

impl Place {
    /// The place in a message: "an enum".
    pub(super) fn describe(self) -> &'static str {
        match self {
            Place::File => "the file",
            Place::Struct => "a struct",
            Place::Newtype => "a newtype",
            Place::Field => "a field",
            Place::Enum => "an enum",
            Place::Variant => "a variant",
        }
    }

    /// The attributes written here, `doc` (a doc comment) among them.
    pub fn known(self) -> &'static [&'static str] {
        match self {
            Place::File => &[
                "doc",
                "id",
                "title",
                "version",
                "rename_fields",
                "rename_variants",
                "deny_unknown_fields",
                "allow_unknown_fields",
                "drop_unknown_fields",
                "null_as_absent",
                "entry",
            ],
            Place::Struct => &[
                "doc",
                "deprecated",
                "example",
                "rename_all",
                "deny_unknown_fields",
                "allow_unknown_fields",
                "drop_unknown_fields",
            ],
            Place::Newtype => &["doc", "deprecated", "example"],
            Place::Field => &[
                "doc",
                "deprecated",
                "example",
                "flatten",
                "rename",
                "null_as_absent",
                "length",
                "pattern",
                "format",
                "range",
                "items",
                "on_invalid",
                "skip_invalid",
                "default",
                "omit_default",
            ],
            Place::Variant => &[
                "doc",
                "deprecated",
                "rename",
                "other",
                "deny_unknown_fields",
                "allow_unknown_fields",
                "drop_unknown_fields",
            ],
            Place::Enum => &[
                "doc",
                "deprecated",
                "example",
                "union",
                "rename_all",
                "flatten",
            ],
        }
    }
}

/// The attributes of one declaration, field or variant.
#[derive(Debug, Default)]
pub(super) struct ItemAttrs {
    pub docs: Vec<String>,
    pub union_tag: Option<Spanned<String>>,
    /// Whether `#[union...]` was written at all, even without a usable tag.
    pub union_given: bool,
    /// `#[union(untagged)]`: variants told apart by their JSON shape.
    pub untagged: bool,
    /// `#[union(untagged, tried_in_order)]`: where the option is written; object variants are
    /// tried in declared order.
    pub tried_in_order: Option<std::ops::Range<usize>>,
    pub rename_all: Option<RenameRule>,
    pub rename: Option<Spanned<String>>,
    pub unknown: Option<UnknownFields>,
    /// Where the last of `#[deny_unknown_fields]`, `#[allow_unknown_fields]` and
    /// `#[drop_unknown_fields]` was written.
    pub unknown_at: Option<std::ops::Range<usize>>,
    pub deprecated: Option<Deprecated>,
    /// `#[example = "<JSON>"]`, each as written.
    pub examples: Vec<Spanned<String>>,
    /// `#[flatten]` on a field, where it was written.
    pub flatten: Option<std::ops::Range<usize>>,
    /// `#[null_as_absent]` on a field, where it was written.
    pub null_as_absent: Option<std::ops::Range<usize>>,
    /// `#[other]` or `#[other(fold)]` on a variant: the catch-all of an open union or enum.
    pub other: Option<OtherMarker>,
    /// `#[flatten = "Struct"]` on a union, each struct named with the span of its name.
    pub spreads: Vec<Spanned<String>>,
    /// `#[on_invalid = "..."]` on a field: what a tolerant reader reads an invalid value as
    /// (`default` for the form below too).
    pub on_invalid: Option<Spanned<String>>,
    /// `#[on_invalid(default = "<JSON>")]` on a field, as written: the value an invalid value
    /// reads as.
    pub invalid_default: Option<Spanned<String>>,
    /// `#[skip_invalid]` on a field, where it was written: a tolerant reader drops the array's
    /// invalid items.
    pub skip_invalid: Option<std::ops::Range<usize>>,
    /// `#[default = "<JSON>"]` on a field, as written: what an absent key reads as.
    pub default: Option<Spanned<String>>,
    /// `#[omit_default]` on a field, where it was written: a value equal to the default is
    /// written as no key.
    pub omit_default: Option<std::ops::Range<usize>>,
    pub constraints: ConstraintAttrs,
}

/// Reads the attributes of an item at `place`, reporting unknown, malformed and repeated ones.
pub(super) fn item_attrs(
    attrs: &[Attribute],
    place: Place,
    errors: &mut Vec<Diagnostic>,
) -> ItemAttrs {
    let mut out = ItemAttrs::default();
    let mut seen: Vec<String> = Vec::new();
    for attr in attrs {
        let name = attr_name(attr);
        if !place.known().contains(&name.as_str()) {
            match foreign::report(attr, &name, place) {
                Some(foreign) => {
                    out.union_given |= foreign.means_union;
                    errors.push(foreign.report);
                }
                None => errors.push(unknown_attr(attr, &name, place)),
            }
            continue;
        }
        // Docs, examples and a union's flattened structs may be given many times; every other
        // attribute once.
        let repeatable = matches!(name.as_str(), "doc" | "example")
            || (name == "flatten" && place == Place::Enum);
        if !repeatable && check_repeat(&mut seen, &name, attr, errors) {
            continue;
        }
        match name.as_str() {
            "doc" => out.docs.extend(doc_lines(attr, errors)),
            "example" => out.examples.extend(string_value(attr, errors)),
            "union" => {
                out.union_given = true;
                match union_tag(attr, errors) {
                    UnionKind::Tagged(tag) => out.union_tag = Some(tag),
                    UnionKind::Untagged(tried) => {
                        out.untagged = true;
                        out.tried_in_order = tried;
                    }
                    UnionKind::Unusable => {}
                }
            }
            "rename_all" => {
                out.rename_all = string_value(attr, errors).and_then(|s| rule(&s, errors))
            }
            "deprecated" => out.deprecated = deprecated(attr, errors),
            "flatten" if place == Place::Enum => out.spreads.extend(string_value(attr, errors)),
            "flatten" if flag(attr, errors) => out.flatten = Some(node_range(attr)),
            "other" => out.other = other(attr, errors),
            "on_invalid" if matches!(attr.meta, Meta::List(_)) => {
                if let Some((policy, value)) = invalid_default(attr, errors) {
                    out.on_invalid = Some(policy);
                    out.invalid_default = Some(value);
                }
            }
            "on_invalid" => out.on_invalid = string_value(attr, errors),
            "default" => out.default = string_value(attr, errors),
            "omit_default" if flag(attr, errors) => out.omit_default = Some(node_range(attr)),
            "skip_invalid" if flag(attr, errors) => out.skip_invalid = Some(node_range(attr)),
            "null_as_absent" if flag(attr, errors) => out.null_as_absent = Some(node_range(attr)),
            "rename" => {
                out.rename = string_value(attr, errors)
                    .and_then(|s| non_empty("`rename`", NON_EMPTY_HINT, s, errors))
            }
            "deny_unknown_fields" | "allow_unknown_fields" | "drop_unknown_fields"
                if flag(attr, errors) =>
            {
                set_unknown(&mut out.unknown, &name, attr, errors);
                out.unknown_at = Some(node_range(attr));
            }
            name if constraints::NAMES.contains(&name) => {
                constraints::read(attr, name, string_value, &mut out.constraints, errors)
            }
            _ => {}
        }
    }
    out
}

/// Reads the file's inner attributes into its settings and docs.
pub(super) fn file_settings(
    attrs: &[Attribute],
    file: &mut SchemaFile,
    errors: &mut Vec<Diagnostic>,
) {
    let mut seen: Vec<String> = Vec::new();
    for attr in attrs {
        let name = attr_name(attr);
        if !Place::File.known().contains(&name.as_str()) {
            errors.push(unknown_attr(attr, &name, Place::File));
            continue;
        }
        // A file may document itself and name its entry types in as many attributes as it
        // likes; every other setting is given once.
        if name != "doc" && name != "entry" && check_repeat(&mut seen, &name, attr, errors) {
            continue;
        }
        let settings: &mut FileSettings = &mut file.settings;
        match name.as_str() {
            "doc" => {
                file.docs_span.get_or_insert_with(|| node_range(attr));
                file.docs.extend(doc_lines(attr, errors));
            }
            "id" => {
                settings.id = string_value(attr, errors)
                    .and_then(|s| non_empty("`id`", NON_EMPTY_HINT, s, errors))
            }
            "title" => {
                settings.title = string_value(attr, errors)
                    .and_then(|s| non_empty("`title`", NON_EMPTY_HINT, s, errors))
            }
            "version" => {
                settings.version = string_value(attr, errors)
                    .and_then(|s| non_empty("`version`", NON_EMPTY_HINT, s, errors))
            }
            "entry" => settings.entries.extend(string_value(attr, errors)),
            "rename_fields" => {
                settings.rename_fields = string_value(attr, errors).and_then(|s| rule(&s, errors))
            }
            "rename_variants" => {
                settings.rename_variants = string_value(attr, errors).and_then(|s| rule(&s, errors))
            }
            "deny_unknown_fields" | "allow_unknown_fields" | "drop_unknown_fields"
                if flag(attr, errors) =>
            {
                set_unknown(&mut settings.unknown, &name, attr, errors)
            }
            "null_as_absent" if flag(attr, errors) => {
                settings.null_as_absent = Some(node_range(attr))
            }
            _ => {}
        }
    }
}

fn attr_name(attr: &Attribute) -> String {
    attr.path()
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// The attributes of `known` but doc comments, as `` `a`, `b` ``: empty when there are none.
pub(super) fn listed(known: &[&str]) -> String {
    known
        .iter()
        .filter(|known| **known != "doc")
        .map(|known| format!("`{known}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn unknown_attr(attr: &Attribute, name: &str, at: Place) -> Diagnostic {
    let (place, known) = (at.describe(), at.known());
    let listed = listed(known);
    // A misspelling of one known here, by a letter or two, is named, and fixed in place.
    let closest = known
        .iter()
        .filter(|known| **known != "doc")
        .map(|known| (strsim::levenshtein(name, known), *known))
        .filter(|(distance, _)| *distance <= 2 && *distance < name.len())
        .min()
        .map(|(_, known)| known);
    let mut hint = match closest {
        Some(known) => format!("did you mean `{known}`? "),
        None => String::new(),
    };
    hint.push_str(&if listed.is_empty() {
        format!("{place} takes doc comments only")
    } else {
        format!("attributes known on {place}: {listed} (and doc comments)")
    });
    let problem = Diagnostic::new(
        format!("unknown attribute `{name}` on {place}"),
        node_range(attr),
        "not a cardc attribute",
        hint,
    );
    match closest {
        Some(known) => problem.with_fix(Fix::replace(
            format!("Replace with `{known}`"),
            node_range(attr.path()),
            known,
        )),
        None => problem,
    }
}

/// Records `name` as seen; reports and returns true when it already was.
fn check_repeat(
    seen: &mut Vec<String>,
    name: &str,
    attr: &Attribute,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    if seen.iter().any(|earlier| earlier == name) {
        errors.push(Diagnostic::new(
            format!("attribute `{name}` is given twice"),
            node_range(attr),
            "repeated here",
            "keep one of them",
        ));
        return true;
    }
    seen.push(name.to_string());
    false
}

/// Records what `name`, one of the three unknown-fields attributes, says; two different ones
/// in one place contradict each other.
fn set_unknown(
    slot: &mut Option<UnknownFields>,
    name: &str,
    attr: &Attribute,
    errors: &mut Vec<Diagnostic>,
) {
    let (unknown, spelling) = match name {
        "allow_unknown_fields" => (UnknownFields::Keep, "allow_unknown_fields"),
        "drop_unknown_fields" => (UnknownFields::Drop, "drop_unknown_fields"),
        _ => (UnknownFields::Refuse, "deny_unknown_fields"),
    };
    if let Some(earlier) = *slot
        && earlier != unknown
    {
        let earlier = match earlier {
            UnknownFields::Refuse => "deny_unknown_fields",
            UnknownFields::Keep => "allow_unknown_fields",
            UnknownFields::Drop => "drop_unknown_fields",
        };
        errors.push(Diagnostic::new(
            format!("`{earlier}` and `{spelling}` contradict each other"),
            node_range(attr),
            "contradicts the other",
            "keep the one you mean: an object refuses, keeps or drops the keys it does not name",
        ));
    }
    *slot = Some(unknown);
}

/// Doc comment lines, without the one space that follows `///`.
fn doc_lines(attr: &Attribute, errors: &mut Vec<Diagnostic>) -> Vec<String> {
    let Some(text) = string_value(attr, errors) else {
        return Vec::new();
    };
    // `str::lines` yields nothing for "", but an empty `///` line is a paragraph break.
    if text.value.is_empty() {
        return vec![String::new()];
    }
    text.value
        .lines()
        .map(|line| {
            line.strip_prefix(' ')
                .unwrap_or(line)
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The string of `#[name = "value"]`.
fn string_value(attr: &Attribute, errors: &mut Vec<Diagnostic>) -> Option<Spanned<String>> {
    // Point at the value when one was given (`#[rename = 3]`), else at the whole attribute.
    let (span, label) = match &attr.meta {
        Meta::NameValue(pair) => match &pair.value {
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => return Some(spanned(lit)),
            other => (node_range(other), "not a string"),
        },
        _ => (node_range(attr), "expected `name = \"value\"`"),
    };
    errors.push(Diagnostic::new(
        format!("attribute `{}` takes a string", attr_name(attr)),
        span,
        label,
        format!("write it as `#[{} = \"...\"]`", attr_name(attr)),
    ));
    None
}

/// `#[on_invalid(default = "<JSON>")]`: the policy `default`, spanned at its name, and the
/// value as written.
fn invalid_default(
    attr: &Attribute,
    errors: &mut Vec<Diagnostic>,
) -> Option<(Spanned<String>, Spanned<String>)> {
    let mut found = None;
    let parsed = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("default") && found.is_none() {
            let policy = Spanned {
                value: "default".to_owned(),
                span: byte_range(syn::spanned::Spanned::span(&meta.path)),
            };
            let lit: LitStr = meta.value()?.parse()?;
            found = Some((policy, spanned(&lit)));
            Ok(())
        } else {
            Err(meta.error("`on_invalid(...)` takes one `default = \"<JSON>\"`"))
        }
    });
    let error = match (parsed, found) {
        (Ok(()), Some(found)) => return Some(found),
        (Err(error), _) => Diagnostic::new(
            error.to_string(),
            byte_range(error.span()),
            "here",
            INVALID_DEFAULT_HINT,
        ),
        (Ok(()), None) => Diagnostic::new(
            "`on_invalid(...)` takes one `default = \"<JSON>\"`",
            node_range(attr),
            "no value given",
            INVALID_DEFAULT_HINT,
        ),
    };
    errors.push(error);
    None
}

/// What `#[on_invalid(...)]` takes, and the forms beside it.
const INVALID_DEFAULT_HINT: &str = "write `#[on_invalid(default = \"0\")]` for a required key \
     whose invalid value reads as that value, `#[on_invalid = \"default\"]` on a field with a \
     `#[default]`, or `#[on_invalid = \"absent\"]` on an `Option` field";

/// `#[deprecated]` or `#[deprecated = "note"]`, as Rust writes them.
fn deprecated(attr: &Attribute, errors: &mut Vec<Diagnostic>) -> Option<Deprecated> {
    match &attr.meta {
        Meta::Path(_) => Some(Deprecated { note: None }),
        Meta::NameValue(_) => string_value(attr, errors).map(|note| Deprecated {
            note: Some(note.value),
        }),
        Meta::List(_) => {
            errors.push(Diagnostic::new(
                "attribute `deprecated` takes a note as a string",
                node_range(attr),
                "expected `#[deprecated]` or `#[deprecated = \"...\"]`",
                "write `#[deprecated = \"use `other` instead\"]`, or `#[deprecated]` without a \
                 note",
            ));
            None
        }
    }
}

/// `#[other]`, or `#[other(fold)]` for the catch-all that folds into its own known value.
fn other(attr: &Attribute, errors: &mut Vec<Diagnostic>) -> Option<OtherMarker> {
    const HINT: &str = "write `#[other]` for a catch-all that keeps what it reads, or \
                        `#[other(fold)]` for a known value that reads every unknown one too";
    let span = node_range(attr);
    match &attr.meta {
        Meta::Path(_) => return Some(OtherMarker { span, fold: false }),
        Meta::List(_) => {
            let mut fold = false;
            let parsed = attr.parse_nested_meta(|meta| {
                // syn refuses a value after `fold` (`fold = 1`) once this returns.
                if meta.path.is_ident("fold") && !fold {
                    fold = true;
                    Ok(())
                } else {
                    Err(meta.error("expected `fold`"))
                }
            });
            if parsed.is_ok() && fold {
                return Some(OtherMarker { span, fold: true });
            }
        }
        Meta::NameValue(_) => {}
    }
    errors.push(Diagnostic::new(
        "attribute `other` takes `fold` or nothing",
        span,
        "expected `#[other]` or `#[other(fold)]`",
        HINT,
    ));
    None
}

fn flag(attr: &Attribute, errors: &mut Vec<Diagnostic>) -> bool {
    if matches!(attr.meta, Meta::Path(_)) {
        return true;
    }
    errors.push(Diagnostic::new(
        format!("attribute `{}` takes no value", attr_name(attr)),
        node_range(attr),
        "expected a bare flag",
        format!("write it as `#[{}]`", attr_name(attr)),
    ));
    false
}

fn union_tag(attr: &Attribute, errors: &mut Vec<Diagnostic>) -> UnionKind {
    const HINT: &str = "write `#[union(tag = \"card\")]`: the tag is the field that tells the \
                        variants apart (or `#[union(untagged)]` for variants told apart by shape)";
    // A bare `#[union]` forgot the tag; syn would only say that parentheses are expected.
    if matches!(attr.meta, Meta::Path(_)) {
        errors.push(Diagnostic::new(
            "a union needs a tag field",
            node_range(attr),
            "no `tag` given",
            HINT,
        ));
        return UnionKind::Unusable;
    }
    let mut tag = None;
    let mut untagged = false;
    let mut tried = None;
    // An option other than `tag` and `untagged`: `Some(true)` when it asks for an open union.
    let mut other_option: Option<bool> = None;
    // `tried_in_order` where it does not belong.
    let mut misplaced_tried = false;
    let parsed = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident("tag") && tag.is_none() && !untagged {
            let lit: LitStr = meta.value()?.parse()?;
            tag = Some(spanned(&lit));
            Ok(())
        } else if meta.path.is_ident("untagged") && tag.is_none() && !untagged {
            untagged = true;
            Ok(())
        } else if meta.path.is_ident(TRIED) && untagged && tried.is_none() {
            tried = Some(byte_range(syn::spanned::Spanned::span(&meta.path)));
            Ok(())
        } else {
            let message = if meta.path.is_ident("tag") && tag.is_some() {
                "`tag` is given twice".to_string()
            } else if meta.path.is_ident("tag") || meta.path.is_ident("untagged") {
                "a union is either tagged or `untagged`, not both".to_string()
            } else if meta.path.is_ident(TRIED) && tried.is_some() {
                misplaced_tried = true;
                format!("`{TRIED}` is given twice")
            } else if meta.path.is_ident(TRIED) {
                misplaced_tried = true;
                format!(
                    "`{TRIED}` is an option of an untagged union: write \
                     `#[union(untagged, {TRIED})]`"
                )
            } else {
                let ident = meta.path.get_ident().map(ToString::to_string);
                other_option = Some(ident.as_deref().is_some_and(|ident| OPEN.contains(&ident)));
                let option = ident.map_or_else(String::new, |ident| format!(" `{ident}`"));
                format!(
                    "`union` has no option{option}: it takes only `tag`, or `untagged` with \
                     `{TRIED}` beside it"
                )
            };
            Err(meta.error(message))
        }
    });
    if let Err(error) = parsed {
        // Other settings, such as `rename_all`, are attributes of their own.
        let hint = match other_option {
            _ if misplaced_tried => {
                "an untagged union whose object variants may overlap tries them in declared \
                 order, the first that reads an object taking it: write `tried_in_order` once, \
                 after `untagged`"
            }
            Some(true) => {
                "an open union names its catch-all instead: add a unit variant marked \
                 `#[other]` (`#[other] Unknown`), which reads every tag the union does not list \
                 and keeps the object whole (see \"Open unions and open enums\" in the book)"
            }
            Some(false) => {
                "write other settings as attributes of their own beside it: \
                 `#[union(tag = \"card\")] #[rename_all = \"snake_case\"]`"
            }
            None => HINT,
        };
        errors.push(Diagnostic::new(
            error.to_string(),
            byte_range(error.span()),
            "here",
            hint,
        ));
        return UnionKind::Unusable;
    }
    if untagged {
        return UnionKind::Untagged(tried);
    }
    if tag.is_none() {
        errors.push(Diagnostic::new(
            "a union needs a tag field",
            node_range(attr),
            "no `tag` given",
            HINT,
        ));
    }
    match tag.and_then(|tag| non_empty("a union's tag", HINT, tag, errors)) {
        Some(tag) => UnionKind::Tagged(tag),
        None => UnionKind::Unusable,
    }
}

/// The option of an untagged union whose object variants are tried in declared order, the
/// first that reads an object taking it.
const TRIED: &str = "tried_in_order";

/// The options of `#[union(...)]` that ask for an open union, which cardc says with an
/// `#[other]` variant.
const OPEN: &[&str] = &["open", "other", "non_exhaustive", "catch_all", "unknown"];

/// What `#[union(...)]` says.
pub(super) enum UnionKind {
    /// `#[union(tag = "card")]`
    Tagged(Spanned<String>),
    /// `#[union(untagged)]`, and where `tried_in_order` is written beside it.
    Untagged(Option<std::ops::Range<usize>>),
    /// A mistake, reported.
    Unusable,
}

fn rule(value: &Spanned<String>, errors: &mut Vec<Diagnostic>) -> Option<RenameRule> {
    let found = RenameRule::ALL
        .iter()
        .find(|(spelling, _)| *spelling == value.value)
        .map(|(_, rule)| *rule);
    if found.is_none() {
        let listed: Vec<String> = RenameRule::ALL
            .iter()
            .map(|(s, _)| format!("\"{s}\""))
            .collect();
        errors.push(Diagnostic::new(
            format!("unknown rename rule \"{}\"", value.value),
            value.span.clone(),
            "not a rule",
            format!("use one of {}", listed.join(", ")),
        ));
    }
    found
}

/// The hint for an empty value of an attribute that can be left out.
const NON_EMPTY_HINT: &str = "write a non-empty value, or remove the attribute";

/// Refuses an empty string where a name is needed; `what` names the setting in the report.
fn non_empty(
    what: &str,
    hint: &str,
    value: Spanned<String>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Spanned<String>> {
    if value.value.is_empty() {
        errors.push(Diagnostic::new(
            format!("{what} cannot be empty"),
            value.span,
            "empty string",
            hint,
        ));
        return None;
    }
    Some(value)
}

fn spanned(lit: &LitStr) -> Spanned<String> {
    Spanned {
        value: lit.value(),
        span: byte_range(lit.span()),
    }
}
