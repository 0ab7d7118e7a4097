//! TypeScript spelling of literals, property names and value types.

use crate::ir::{Constant, Constraints, Field, JsonValue, Number, Ty};
use crate::text::hides_or_breaks_text;

/// A single-quoted TypeScript string literal: the one escaper for strings in the TypeScript
/// output. `\`, `'`, every control character, the line separators U+2028 and U+2029 and the
/// bidirectional controls are escaped, and so is `<`, as `\x3C`, so that no `</script` or `<!--` appears if the output is
/// inlined in an HTML `<script>` element. Backticks and `${` mean nothing in single quotes.
pub(super) fn string_literal(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '<' => out.push_str("\\x3C"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Control characters, U+2028 and U+2029 (line terminators in JavaScript before
            // ES2019) and the bidirectional controls, which would make the source read
            // otherwise than it runs.
            c if hides_or_breaks_text(c) => {
                let code = u32::from(c);
                if code <= 0xff {
                    out.push_str(&format!("\\x{code:02x}"));
                } else {
                    out.push_str(&format!("\\u{code:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A property name as written in an interface: bare when it is an ASCII identifier,
/// quoted otherwise (`'mime-type'`). Reserved words are valid bare property names.
pub(super) fn property_name(name: &str) -> String {
    let mut chars = name.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if identifier {
        name.to_owned()
    } else {
        string_literal(name)
    }
}

/// A rendered type and how it may be embedded in a larger one.
struct Rendered {
    /// The type's text.
    text: String,
    /// Whether the text is a `|` union that needs parentheses before `[]`.
    union: bool,
}

/// The TypeScript type of a value, each named type spelt by `name` (the input form of a type
/// names the input types of those that have one). Only syntax and names from the schema appear:
/// no global such as `Array` or `Record`, which a schema type of the same name would shadow.
pub(super) fn type_text_with(ty: &Ty, name: &dyn Fn(&str) -> String) -> String {
    render(ty, name).text
}

/// The TypeScript type of a field's value, each named type spelt by `name`: its type, or `null`
/// too when its presence says so.
pub(super) fn field_type_text(field: &Field, name: &dyn Fn(&str) -> String) -> String {
    let value = type_text_with(&field.ty, name);
    if field.presence.may_be_null() {
        format!("{value} | null")
    } else {
        value
    }
}

/// A type or `null`.
fn or_null(inner: Rendered) -> Rendered {
    Rendered {
        text: format!("{} | null", inner.text),
        union: true,
    }
}

/// Renders a type with the facts its enclosing type needs, each named type spelt by `name`.
fn render(ty: &Ty, name: &dyn Fn(&str) -> String) -> Rendered {
    let plain = |text: &str| Rendered {
        text: text.to_owned(),
        union: false,
    };
    match ty {
        Ty::String | Ty::Decimal(_) => plain("string"),
        Ty::Bool => plain("boolean"),
        Ty::Int(_) | Ty::F64 => plain("number"),
        Ty::Json => plain("unknown"),
        Ty::Named(named) => plain(&name(named)),
        Ty::Boxed(inner) => render(inner, name),
        Ty::Vec(inner) => {
            let inner = render(inner, name);
            if inner.union {
                plain(&format!("({})[]", inner.text))
            } else {
                plain(&format!("{}[]", inner.text))
            }
        }
        Ty::Map(inner) => plain(&format!(
            "{{ [key: string]: {} }}",
            render(inner, name).text
        )),
        Ty::Nullable(inner) => or_null(render(inner, name)),
        Ty::Const(constant) => plain(&constant_literal(constant)),
    }
}

/// A JSON value as a TypeScript expression that builds it, a new array or object each time it
/// runs: a field's default. Keys are computed (`['k']: v`), so that `__proto__` stays a key.
pub(super) fn json_literal(value: &JsonValue) -> String {
    match value {
        JsonValue::Null => "null".to_owned(),
        JsonValue::Bool(flag) => flag.to_string(),
        JsonValue::Int(number) => number.to_string(),
        JsonValue::Float(number) => format!("{number:?}"),
        JsonValue::String(text) => string_literal(text),
        JsonValue::Array(items) => {
            let items: Vec<String> = items.iter().map(json_literal).collect();
            format!("[{}]", items.join(", "))
        }
        JsonValue::Object(entries) if entries.is_empty() => "{}".to_owned(),
        JsonValue::Object(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(key, value)| format!("[{}]: {}", string_literal(key), json_literal(value)))
                .collect();
            format!("{{ {} }}", entries.join(", "))
        }
    }
}

/// A constant as a TypeScript literal, which is both its type and its value: `'message'`, `2`,
/// `true`.
pub(super) fn constant_literal(constant: &Constant) -> String {
    match constant {
        Constant::String(text) => string_literal(text),
        Constant::Int(number) => number.to_string(),
        Constant::Bool(flag) => flag.to_string(),
    }
}

/// The doc line that keeps an integer type's bounds visible, when the type holds integers:
/// `Integer in 0..=4294967295.` for the value itself, `Integers in …` for the items of an
/// array or map.
pub(super) fn int_note(ty: &Ty) -> Option<String> {
    let (bounds, decimal, direct) = int_bounds(ty)?;
    let (noun, written) = match (direct, decimal) {
        (true, true) => ("Integer", ", written as a canonical decimal string"),
        (false, true) => ("Integers", ", written as canonical decimal strings"),
        (true, false) => ("Integer", ""),
        (false, false) => ("Integers", ""),
    };
    Some(format!("{noun} in {bounds}{written}."))
}

/// The integer bounds inside a type (`0..=255`), whether they travel as decimal strings, and
/// whether they bound the value itself rather than its items.
fn int_bounds(ty: &Ty) -> Option<(String, bool, bool)> {
    match ty {
        Ty::Int(kind) => {
            let (min, max) = kind.bounds();
            Some((format!("{min}..={max}"), false, true))
        }
        Ty::Decimal(wide) => {
            let (min, max) = wide.bounds_text();
            Some((format!("{min}..={max}"), true, true))
        }
        Ty::Boxed(inner) | Ty::Nullable(inner) => int_bounds(inner),
        Ty::Vec(inner) | Ty::Map(inner) => {
            int_bounds(inner).map(|(bounds, decimal, _)| (bounds, decimal, false))
        }
        Ty::String | Ty::Bool | Ty::F64 | Ty::Json | Ty::Named(_) | Ty::Const(_) => None,
    }
}

/// The doc lines that keep a field's constraints visible beside its type, one per constraint:
/// `Length 1..=16 (code points).`, `Matches /^[a-z]+$/.`, `Format: uuid.`, `Range: 0 < x <= 1.`,
/// `Items: 1..=3, unique.`
pub(super) fn constraint_notes(constraints: &Constraints) -> Vec<String> {
    let span = |min: Option<u64>, max: Option<u64>| {
        let text = |bound: Option<u64>| bound.map_or_else(String::new, |bound| bound.to_string());
        format!("{}..={}", text(min), text(max))
    };
    let mut notes = Vec::new();
    if let Some(length) = constraints.length {
        notes.push(format!(
            "Length {} (code points).",
            span(length.min, length.max)
        ));
    }
    if let Some(pattern) = &constraints.pattern {
        notes.push(format!("Matches /{pattern}/ somewhere."));
    }
    if let Some(format) = constraints.format {
        notes.push(format!("Format: {}.", format.name()));
    }
    if let Some(range) = constraints.range {
        let number = |value: Number| match value {
            Number::Int(value) => value.to_string(),
            Number::Float(value) => format!("{value:?}"),
        };
        let low = range.min.map(|bound| {
            let sign = if bound.exclusive { "<" } else { "<=" };
            format!("{} {sign} ", number(bound.value))
        });
        let high = range.max.map(|bound| {
            let sign = if bound.exclusive { "<" } else { "<=" };
            format!(" {sign} {}", number(bound.value))
        });
        notes.push(format!(
            "Range: {}x{}.",
            low.unwrap_or_default(),
            high.unwrap_or_default()
        ));
    }
    if constraints.items.is_some() || constraints.unique {
        let count = constraints.items.unwrap_or_default();
        let counted =
            (count.min.is_some() || count.max.is_some()).then(|| span(count.min, count.max));
        let unique = constraints.unique.then(|| "unique".to_owned());
        let parts: Vec<String> = counted.into_iter().chain(unique).collect();
        notes.push(format!("Items: {}.", parts.join(", ")));
    }
    notes
}
