//! The changes at a field's boundaries: a 64-bit integer at and past the safe range, a decimal
//! string at and past its type's bounds and written non-canonically, and each constraint at,
//! just inside and just past its bounds (lengths counted in code points, with astral
//! characters so that bytes and UTF-16 units count otherwise), formats with strings near their
//! edges, and arrays with an item repeated. The contract checker labels every one.

use cardc_codegen::ir::{Constraints, Field, Format, IntKind, MAX_SAFE_INTEGER, Number, Ty, Wide};
use serde_json::{Value, json};

/// The changed values of a present, non-null field value: `(class, detail, value)`.
pub(super) fn values(field: &Field, value: &Value) -> Vec<(&'static str, String, Value)> {
    let mut out = Vec::new();
    match &field.ty {
        Ty::Int(kind @ (IntKind::I64 | IntKind::U64)) => {
            let mut edges = vec![MAX_SAFE_INTEGER, MAX_SAFE_INTEGER + 1];
            if *kind == IntKind::I64 {
                edges.extend([-MAX_SAFE_INTEGER, -MAX_SAFE_INTEGER - 1]);
            }
            for edge in edges {
                out.push(("int/safe", edge.to_string(), json!(edge)));
            }
        }
        Ty::Decimal(wide) => out.extend(decimals(*wide)),
        _ => {}
    }
    out.extend(constrained(&field.constraints, value));
    out
}

/// Decimal strings at the type's bounds, one past them, and written otherwise than canonically.
fn decimals(wide: Wide) -> Vec<(&'static str, String, Value)> {
    let (min, max) = wide.bounds_text();
    let parse = |text: &str| text.parse::<i128>().unwrap_or_default();
    let mut out: Vec<(&'static str, String, Value)> = [
        min.to_owned(),
        max.to_owned(),
        (parse(min) - 1).to_string(),
        (parse(max) + 1).to_string(),
    ]
    .into_iter()
    .map(|text| ("decimal/bound", text.clone(), Value::from(text)))
    .collect();
    for odd in ["-0", "+1", "01", " 1", "1 ", "", "-", "1e3", "1.0"] {
        out.push((
            "decimal/non-canonical",
            format!("{odd:?}"),
            Value::from(odd),
        ));
    }
    out.push(("decimal/number", "7".to_owned(), json!(7)));
    out
}

/// The changes at each constraint's bounds.
fn constrained(constraints: &Constraints, value: &Value) -> Vec<(&'static str, String, Value)> {
    let mut out = Vec::new();
    if let Some(count) = constraints.length {
        for length in edges(count.min, count.max) {
            // An astral character is one code point, two UTF-16 units and four bytes.
            let text = "\u{1f600}".repeat(length);
            out.push(("length/edge", length.to_string(), Value::from(text)));
        }
    }
    if let Some(text) = value.as_str()
        && (constraints.pattern.is_some() || constraints.format.is_some())
    {
        for (detail, changed) in [
            ("empty", String::new()),
            ("space-after", format!("{text} ")),
            ("newline-after", format!("{text}\n")),
            ("upper", text.to_uppercase()),
            ("lower", text.to_lowercase()),
        ] {
            out.push(("pattern/edge", detail.to_owned(), Value::from(changed)));
        }
    }
    if let Some(format) = constraints.format {
        for probe in format_probes(format) {
            out.push(("format/probe", format!("{probe:?}"), Value::from(*probe)));
        }
    }
    if let Some(range) = constraints.range {
        for bound in [range.min, range.max].into_iter().flatten() {
            match bound.value {
                Number::Int(edge) => {
                    for near in [edge - 1, edge, edge + 1] {
                        out.push(("range/edge", near.to_string(), json!(near)));
                    }
                }
                Number::Float(edge) => {
                    for near in [next_down(edge), edge, next_up(edge)] {
                        out.push(("range/edge", format!("{near:?}"), json!(near)));
                    }
                }
            }
        }
    }
    if let Value::Array(items) = value {
        if let Some(count) = constraints.items {
            for len in edges(count.min, count.max) {
                out.push(("items/edge", len.to_string(), resized(items, len)));
            }
        }
        if let Some(first) = items.first().filter(|_| constraints.unique) {
            let mut repeated = items.clone();
            repeated.push(first.clone());
            out.push(("items/repeat", "first".to_owned(), Value::Array(repeated)));
        }
    }
    out
}

/// Counts at and next to inclusive bounds, never negative.
fn edges(min: Option<u64>, max: Option<u64>) -> Vec<usize> {
    let mut out = Vec::new();
    for bound in [min, max].into_iter().flatten() {
        let bound = usize::try_from(bound).unwrap_or(usize::MAX - 1);
        out.extend(bound.checked_sub(1));
        out.extend([bound, bound + 1]);
    }
    out
}

/// The items cut to `len`, or grown to it by repeating the last one (an empty array grows
/// with `null`, which only an any-JSON item takes).
fn resized(items: &[Value], len: usize) -> Value {
    let mut out: Vec<Value> = items.iter().take(len).cloned().collect();
    let filler = items.last().cloned().unwrap_or(Value::Null);
    out.resize(len, filler);
    Value::Array(out)
}

/// Strings at the edges of what each format accepts, valid and not.
fn format_probes(format: Format) -> &'static [&'static str] {
    match format {
        Format::Uri => &[
            "a:",
            "a+b.c-d:x",
            "1a:b",
            "a",
            ":b",
            "a:b c",
            "a:%2F",
            "a:%2",
            "a:%zz",
            "a:[::1]/?#@!$&'()*+,;=~",
            "a:\u{e9}",
            "a:<b>",
        ],
        Format::DateTime => &[
            "2024-02-29T23:59:60Z",
            "2024-02-30T00:00:00Z",
            "2023-04-31T00:00:00Z",
            "2023-04-30t00:00:00z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00.123456789+23:59",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:61Z",
            "2024-13-01T00:00:00Z",
            "2024-00-01T00:00:00Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00+24:00",
            "+2024-01-01T00:00:00Z",
        ],
        Format::Uuid => &[
            "00000000-0000-0000-0000-000000000000",
            "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
            "0000000-00000-0000-0000-000000000000",
            "00000000-0000-0000-0000-00000000000g",
            "00000000000000000000000000000000",
            "{00000000-0000-0000-0000-000000000000}",
        ],
    }
}

/// The next double above a finite one.
fn next_up(value: f64) -> f64 {
    if value == 0.0 {
        f64::from_bits(1)
    } else if value > 0.0 {
        f64::from_bits(value.to_bits() + 1)
    } else {
        f64::from_bits(value.to_bits() - 1)
    }
}

/// The next double below a finite one.
fn next_down(value: f64) -> f64 {
    -next_up(-value)
}
