//! A field's constraint attributes, checked against its type and lowered to
//! [`ir::Constraints`]: each only where it fits, its bounds within the type and in order, a
//! pattern only in the shared dialect (see [`super::pattern`]); and whether an example keeps to
//! them.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::pattern;
use crate::diagnostics::Diagnostic;
use crate::ir::{
    Bound, Constraints, Count, Format, IntKind, MAX_SAFE_INTEGER, Number, NumberRange, Ty, TypeDef,
};
use crate::syntax::ast::{Bounds, ConstraintAttrs, Literal, Spanned};

/// The named types, by name.
type Types = BTreeMap<String, TypeDef>;

/// The constraints of a field whose present, non-null value has type `ty`, written at
/// `ty_span`.
pub(super) fn lower(
    attrs: &ConstraintAttrs,
    ty: &Ty,
    ty_span: &Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> Constraints {
    let mut out = Constraints::default();
    let is_string = matches!(ty, Ty::String);
    if let Some(length) = &attrs.length
        && fits(
            is_string,
            "length",
            "a `String`",
            length.span.clone(),
            ty_span,
            errors,
        )
    {
        out.length = count(&length.value, errors);
    }
    if let Some(written) = &attrs.pattern
        && fits(
            is_string,
            "pattern",
            "a `String`",
            written.span.clone(),
            ty_span,
            errors,
        )
    {
        match pattern::problem(&written.value) {
            None => out.pattern = Some(written.value.clone()),
            Some(problem) => errors.push(Diagnostic::new(
                "this pattern is outside the dialect every reader shares",
                written.span.clone(),
                problem,
                "see the book's pattern dialect (Constraints and formats): literals, classes of \
                 literals and ranges, `^`, `$`, groups, `|` and repetition",
            )),
        }
    }
    if let Some(written) = &attrs.format
        && fits(
            is_string,
            "format",
            "a `String`",
            written.span.clone(),
            ty_span,
            errors,
        )
    {
        out.format = format(written, errors);
    }
    if let (Some(_), Some(format)) = (&out.pattern, &attrs.format) {
        errors.push(Diagnostic::new(
            "a field takes `pattern` or `format`, not both",
            format.span.clone(),
            "a second pattern",
            "a format is enforced by its own pattern: keep one, or fold the format's \
             pattern into yours",
        ));
        out.format = None;
    }
    if let Some(range) = &attrs.range {
        out.range = number_range(range, ty, ty_span, errors);
    }
    let is_vec = matches!(ty, Ty::Vec(_));
    if let Some(items) = &attrs.items
        && fits(
            is_vec,
            "items",
            "a `Vec<T>`",
            items.span.clone(),
            ty_span,
            errors,
        )
    {
        let bounds = &items.value;
        let unique = bounds.unique.is_some();
        if bounds.min.is_none() && bounds.max.is_none() && !unique {
            errors.push(Diagnostic::new(
                "`items` says nothing",
                items.span.clone(),
                "no option",
                "write `#[items(min = 1, max = 10, unique)]` with the options you need",
            ));
        }
        out.items = count(bounds, errors).filter(|count| *count != Count::default());
        out.unique = unique;
    }
    out
}

/// Whether the attribute fits the field's type; if not, reports it at both places.
fn fits(
    fits: bool,
    name: &str,
    wanted: &str,
    span: Range<usize>,
    ty_span: &Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    if !fits {
        errors.push(
            Diagnostic::new(
                format!("`{name}` applies to {wanted} field"),
                span,
                "does not fit the field's type",
                format!("remove it, or give it to {wanted} field"),
            )
            .with_related(ty_span.clone(), "the field's type"),
        );
    }
    fits
}

/// A count's bounds: whole numbers, `min <= max`.
fn count(bounds: &Bounds, errors: &mut Vec<Diagnostic>) -> Option<Count> {
    let whole = |bound: &Option<Spanned<Literal>>, errors: &mut Vec<Diagnostic>| match bound {
        None => Ok(None),
        Some(Spanned {
            value: Literal::Int(value),
            span,
        }) => u64::try_from(*value).map(Some).map_err(|_| {
            errors.push(Diagnostic::new(
                "a count cannot be negative",
                span.clone(),
                "negative",
                "counts start at 0",
            ))
        }),
        Some(Spanned { span, .. }) => {
            errors.push(Diagnostic::new(
                "a count is a whole number",
                span.clone(),
                "not an integer",
                "write an integer such as `1`",
            ));
            Err(())
        }
    };
    let min = whole(&bounds.min, errors);
    let max = whole(&bounds.max, errors);
    let (Ok(min), Ok(max)) = (min, max) else {
        return None;
    };
    if let (Some(low), Some(high), Some(max_span)) = (min, max, &bounds.max)
        && low > high
    {
        errors.push(contradiction(bounds.min.as_ref(), max_span));
        return None;
    }
    Some(Count { min, max })
}

/// The report of a lower bound above an upper one.
fn contradiction(min: Option<&Spanned<Literal>>, max: &Spanned<Literal>) -> Diagnostic {
    let report = Diagnostic::new(
        "the bounds leave nothing between them",
        max.span.clone(),
        "below the lower bound",
        "make the lower bound at most the upper one",
    );
    match min {
        Some(min) => report.with_related(min.span.clone(), "the lower bound"),
        None => report,
    }
}

/// A format's name.
fn format(written: &Spanned<String>, errors: &mut Vec<Diagnostic>) -> Option<Format> {
    let found = Format::ALL
        .iter()
        .find(|(name, _)| *name == written.value)
        .map(|(_, format)| *format);
    if found.is_none() {
        let names: Vec<String> = Format::ALL
            .iter()
            .map(|(name, _)| format!("\"{name}\""))
            .collect();
        errors.push(Diagnostic::new(
            format!("unknown format \"{}\"", written.value),
            written.span.clone(),
            "not a format",
            format!("use one of {}", names.join(", ")),
        ));
    }
    found
}

/// A number's range, for an integer (inclusive bounds within its type) or an `f64` (any
/// finite bounds, each inclusive or exclusive).
fn number_range(
    range: &Spanned<Bounds>,
    ty: &Ty,
    ty_span: &Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> Option<NumberRange> {
    let bounds = &range.value;
    let kind = match ty {
        Ty::Int(kind) => Some(*kind),
        Ty::F64 => None,
        Ty::Decimal(_) => {
            errors.push(
                Diagnostic::new(
                    "`range` does not apply to a `Decimal`",
                    range.span.clone(),
                    "a decimal string",
                    "a JSON Schema pattern cannot compare numbers: use `i64` or `u64` (within \
                     2^53 - 1) for a bounded integer",
                )
                .with_related(ty_span.clone(), "the field's type"),
            );
            return None;
        }
        _ => {
            fits(
                false,
                "range",
                "an integer or `f64`",
                range.span.clone(),
                ty_span,
                errors,
            );
            return None;
        }
    };
    let min = pick(&bounds.min, &bounds.exclusive_min, errors);
    let max = pick(&bounds.max, &bounds.exclusive_max, errors);
    let (Ok(min), Ok(max)) = (min, max) else {
        return None;
    };
    if min.is_none() && max.is_none() {
        errors.push(Diagnostic::new(
            "`range` says nothing",
            range.span.clone(),
            "no bound",
            "write `#[range(min = 0, max = 100)]` with the bounds you need",
        ));
        return None;
    }
    let min_bound = min.map(|(bound, exclusive)| lower_bound(bound, exclusive, kind, errors));
    let max_bound = max.map(|(bound, exclusive)| lower_bound(bound, exclusive, kind, errors));
    let min_bound = min_bound.transpose().ok()?;
    let max_bound = max_bound.transpose().ok()?;
    if let (Some(low), Some(high), Some((max_written, _))) = (min_bound, max_bound, max) {
        let (a, b) = (low.value.as_f64(), high.value.as_f64());
        if a > b || (a == b && (low.exclusive || high.exclusive)) {
            errors.push(contradiction(min.map(|(bound, _)| bound), max_written));
            return None;
        }
    }
    Some(NumberRange {
        min: min_bound,
        max: max_bound,
    })
}

/// One bound: for an integer type an inclusive integer within its bounds, for `f64` a finite
/// number (an integer exactly as a double).
fn lower_bound(
    bound: &Spanned<Literal>,
    exclusive: bool,
    kind: Option<IntKind>,
    errors: &mut Vec<Diagnostic>,
) -> Result<Bound, ()> {
    let report = |errors: &mut Vec<Diagnostic>, message: String, label: &str, hint: String| {
        errors.push(Diagnostic::new(message, bound.span.clone(), label, hint));
        Err(())
    };
    let value = match (kind, &bound.value) {
        (Some(_), _) if exclusive => {
            return report(
                errors,
                "an integer's bounds are inclusive".into(),
                "exclusive",
                "write `min` or `max` with the next integer inside the range".into(),
            );
        }
        (Some(kind), Literal::Int(value)) => {
            let (low, high) = kind.bounds();
            match i64::try_from(*value) {
                Ok(value) if (low..=high).contains(&value) => Number::Int(value),
                _ => {
                    return report(
                        errors,
                        format!("{value} is outside `{}`", kind.rust_name()),
                        "out of the type's range",
                        format!("`{}` holds {low} to {high}", kind.rust_name()),
                    );
                }
            }
        }
        (Some(kind), Literal::Float(_)) => {
            return report(
                errors,
                format!("a bound of `{}` is an integer", kind.rust_name()),
                "not an integer",
                "write an integer such as `0`".into(),
            );
        }
        (None, Literal::Int(value)) => match i64::try_from(*value) {
            Ok(value) if value.abs() <= MAX_SAFE_INTEGER => Number::Float(value as f64),
            _ => {
                return report(
                    errors,
                    format!("{value} is not exactly a double"),
                    "past 2^53",
                    "write the bound as a float (`1e20`)".into(),
                );
            }
        },
        (None, Literal::Float(value)) if value.is_finite() => Number::Float(*value),
        (None, Literal::Float(_)) => {
            return report(
                errors,
                "a bound must be a finite number".into(),
                "not finite",
                "JSON numbers are finite doubles".into(),
            );
        }
    };
    Ok(Bound { value, exclusive })
}

/// Refuses `unique` on arrays whose items can hold any JSON value (`Json`, or an open
/// struct's other keys): the Rust decoder compares typed items, and any-JSON numbers past
/// 2^53 compare unequal there and equal in JavaScript.
pub(super) fn refuse_unique_over_json(types: &Types, errors: &mut Vec<Diagnostic>) {
    for def in types.values() {
        let TypeDef::Struct(def) = def else { continue };
        for field in &def.fields {
            if !field.constraints.unique {
                continue;
            }
            if holds_json(&field.ty, types, &mut BTreeSet::new()) {
                errors.push(Diagnostic::new(
                    "`unique` cannot be checked alike on items that hold any JSON",
                    field.span.clone(),
                    "items hold `Json` or an open struct",
                    "the readers compare big numbers in any-JSON values differently: drop \
                     `unique`, or give the items a type without `Json`",
                ));
            }
        }
    }
}

/// Whether a value of `ty` can hold any JSON value somewhere inside it.
fn holds_json<'a>(ty: &'a Ty, schema: &'a Types, seen: &mut BTreeSet<&'a str>) -> bool {
    match ty {
        Ty::Json => true,
        Ty::String | Ty::Bool | Ty::Int(_) | Ty::Decimal(_) | Ty::F64 | Ty::Const(_) => false,
        Ty::Vec(inner) | Ty::Map(inner) | Ty::Boxed(inner) | Ty::Nullable(inner) => {
            holds_json(inner, schema, seen)
        }
        Ty::Named(name) => holds_named(name, schema, seen),
    }
}

/// Whether the named type can hold any JSON value somewhere inside it.
fn holds_named<'a>(name: &'a str, schema: &'a Types, seen: &mut BTreeSet<&'a str>) -> bool {
    // A type met again holds nothing more than it was found to hold the first time.
    if !seen.insert(name) {
        return false;
    }
    match schema.get(name) {
        Some(TypeDef::Struct(def)) => {
            def.keeps_unknown()
                || def
                    .fields
                    .iter()
                    .any(|field| holds_json(&field.ty, schema, seen))
        }
        Some(TypeDef::Union(def)) => def
            .variants
            .iter()
            // A unit variant holds its tags alone.
            .filter_map(|variant| variant.payload.as_deref())
            .any(|payload| holds_named(payload, schema, seen)),
        Some(TypeDef::Newtype(def)) => holds_json(&def.ty, schema, seen),
        Some(TypeDef::Untagged(def)) => def
            .variants
            .iter()
            .any(|variant| holds_json(&variant.ty, schema, seen)),
        Some(TypeDef::Enum(_)) | None => false,
    }
}

/// One side of a range: its inclusive or its exclusive bound (not both), and which.
fn pick<'a>(
    inclusive: &'a Option<Spanned<Literal>>,
    exclusive: &'a Option<Spanned<Literal>>,
    errors: &mut Vec<Diagnostic>,
) -> Result<Option<(&'a Spanned<Literal>, bool)>, ()> {
    match (inclusive, exclusive) {
        (Some(_), Some(exclusive)) => {
            errors.push(Diagnostic::new(
                "a bound is given both inclusive and exclusive",
                exclusive.span.clone(),
                "a second bound",
                "keep one of them",
            ));
            Err(())
        }
        (Some(bound), None) => Ok(Some((bound, false))),
        (None, Some(bound)) => Ok(Some((bound, true))),
        (None, None) => Ok(None),
    }
}
