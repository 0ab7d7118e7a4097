//! A field's constraint attributes, checked against its type and lowered to
//! [`ir::Constraints`]: each only where it fits, its bounds within the type and in order, a
//! pattern only in the shared dialect (see [`super::pattern`]); and whether an example keeps to
//! them.

use std::ops::Range;

use super::pattern;
use crate::diagnostics::Diagnostic;
use crate::ir::{
    Bound, Constraints, Count, Format, IntKind, MAX_SAFE_INTEGER, Number, NumberRange, Ty,
};
use crate::syntax::ast::{Bounds, ConstraintAttrs, Literal, Spanned};

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
