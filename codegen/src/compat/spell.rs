//! How a report describes an item of either version: in the schema language's own spelling.

pub use crate::ir::spell;
use crate::ir::{
    Constraints, Deprecated, Field, FieldDefault, OnInvalid, Presence, StructDef, TypeDef,
    UnknownFields, Variant,
};

/// What a type is, in a report.
pub fn kind(def: &TypeDef) -> String {
    match def {
        TypeDef::Struct(def) => closed(def),
        TypeDef::Newtype(def) => format!("newtype of {}", spell(&def.ty)),
        TypeDef::Union(def) => format!("union tagged by `{}`", def.tag),
        TypeDef::Enum(_) => "enum".to_string(),
        TypeDef::Untagged(_) => "untagged union".to_string(),
    }
}

/// A struct, closed or open (keeping or dropping the keys it does not name).
pub fn closed(def: &StructDef) -> String {
    match def.unknown {
        UnknownFields::Refuse => "closed struct",
        UnknownFields::Keep => "open struct",
        UnknownFields::Drop => "open struct that drops unknown fields",
    }
    .to_string()
}

/// A field's type with its presence, as the schema spells it.
pub fn spell_field(field: &Field) -> String {
    let ty = spell(&field.ty);
    // Only a defaulted field has a default, spelled before its plain type.
    let ty = match &field.default {
        Some(default) => format!("{} {ty}", spell_default(default)),
        None => ty,
    };
    match field.presence {
        Presence::Required | Presence::Defaulted => ty,
        Presence::Nullable => format!("Nullable<{ty}>"),
        Presence::Optional => format!("Option<{ty}>"),
        Presence::OptionalNullable => format!("Option<Nullable<{ty}>>"),
        Presence::NullAsAbsent => format!("#[null_as_absent] Option<{ty}>"),
    }
}

/// A field's reader policy as its attributes (`#[skip_invalid]`), or `strict` without one.
pub fn spell_tolerance(field: &Field) -> String {
    let on_invalid = match &field.tolerance.on_invalid {
        OnInvalid::Error => None,
        OnInvalid::Absent => Some("#[on_invalid = \"absent\"]".to_owned()),
        // The field's own default, which an absent key reads as too.
        OnInvalid::Default(_) if field.default.is_some() => {
            Some("#[on_invalid = \"default\"]".to_owned())
        }
        OnInvalid::Default(value) => Some(format!(
            "#[on_invalid(default = {})]",
            crate::json_text::compact(value)
        )),
    };
    let skip = field
        .tolerance
        .skip_invalid
        .then(|| "#[skip_invalid]".to_owned());
    let attributes: Vec<String> = on_invalid.into_iter().chain(skip).collect();
    if attributes.is_empty() {
        "strict".to_string()
    } else {
        attributes.join(" ")
    }
}

/// A default as its attributes, its value as JSON: `#[default = "Pending"] #[omit_default]`.
fn spell_default(default: &FieldDefault) -> String {
    let omit = if default.omits() {
        " #[omit_default]"
    } else {
        ""
    };
    format!(
        "#[default = {}]{omit}",
        crate::json_text::compact(&default.value)
    )
}

/// A variant's payload, or `unit`.
pub fn spell_variant(variant: &Variant) -> String {
    match (&variant.payload, variant.unknown) {
        (Some(payload), _) => payload.clone(),
        (None, UnknownFields::Refuse) => "unit".to_string(),
        (None, UnknownFields::Keep) => "unit keeping unknown fields".to_string(),
        (None, UnknownFields::Drop) => "unit dropping unknown fields".to_string(),
    }
}

/// Whether and why an item is deprecated.
pub fn spell_deprecated(deprecated: Option<&Deprecated>) -> String {
    match deprecated {
        None => "not deprecated".to_string(),
        Some(Deprecated { note: None }) => "deprecated".to_string(),
        Some(Deprecated { note: Some(note) }) => format!("deprecated: {note}"),
    }
}

/// A field's constraints as the schema's attributes name them: `length(1..=8), unique`.
pub fn spell_constraints(constraints: &Constraints) -> String {
    let count = |name: &str, count: Option<crate::ir::Count>| {
        count.map(|count| {
            let min = count.min.map(|min| min.to_string()).unwrap_or_default();
            match count.max {
                Some(max) => format!("{name}({min}..={max})"),
                None => format!("{name}({min}..)"),
            }
        })
    };
    let number = |number: crate::ir::Number| match number {
        crate::ir::Number::Int(int) => int.to_string(),
        crate::ir::Number::Float(float) => float.to_string(),
    };
    let range = constraints.range.map(|range| {
        let min = range.min.map(|bound| {
            format!(
                "{}{}",
                if bound.exclusive { ">" } else { ">=" },
                number(bound.value)
            )
        });
        let max = range.max.map(|bound| {
            format!(
                "{}{}",
                if bound.exclusive { "<" } else { "<=" },
                number(bound.value)
            )
        });
        format!(
            "range({})",
            min.into_iter().chain(max).collect::<Vec<_>>().join(" ")
        )
    });
    let parts: Vec<String> = [
        count("length", constraints.length),
        constraints
            .pattern
            .as_ref()
            .map(|pattern| format!("pattern({pattern:?})")),
        constraints
            .format
            .map(|format| format!("format({:?})", format.name())),
        range,
        count("items", constraints.items),
        constraints.unique.then(|| "unique".to_string()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::JsonValue;
    use crate::json_text::compact as spell_json;

    /// A default is spelled as JSON text, its strings escaped as JSON escapes them.
    #[test]
    fn a_default_is_spelled_as_json() {
        let text = JsonValue::String("say \"hi\"\n".to_string());
        assert_eq!(spell_json(&text), r#""say \"hi\"\n""#);
        assert_eq!(spell_json(&JsonValue::Float(1.5)), "1.5");
        assert_eq!(spell_json(&JsonValue::Array(Vec::new())), "[]");
        assert_eq!(
            spell_json(&JsonValue::Object(vec![("k".to_string(), text)])),
            r#"{"k":"say \"hi\"\n"}"#
        );
    }
}
