//! Field defaults in Python: the `default=` (or, for an empty list or map, `default_factory=` of the runtime's factory)
//! a defaulted field's `_p.Field` takes, and the `exclude_if=` that leaves a value equal to an
//! omitted default (`#[omit_default]`) out of what the model writes.
//!
//! The checker allows only defaults with a literal in every output (see
//! [`crate::ir::FieldDefault`]), so each is a literal or an enum member, never JSON read at
//! run time.

use crate::ir::{EnumDef, Field, JsonValue, Schema, Ty, TypeDef};
use crate::naming::python as naming;

use super::layout::Code;
use super::syntax::string_literal;

/// The arguments of `_p.Field` that give `field` its default and, when it omits it, the test
/// that leaves a value equal to it out of the dump; none for a field without a default.
pub(super) fn arguments(schema: &Schema, field: &Field) -> Vec<Code> {
    let Some(default) = &field.default else {
        return Vec::new();
    };
    let mut arguments = vec![Code::text(match &default.value {
        // A fresh empty value per model, never one shared list or dict; made by the runtime's
        // typed factories (pyright's strict mode reads `list` alone as `list[Unknown]`).
        JsonValue::Array(_) => "default_factory=_cardc.empty_list".to_string(),
        JsonValue::Object(_) => "default_factory=_cardc.empty_dict".to_string(),
        value => format!("default={}", value_literal(schema, &field.ty, value)),
    })];
    if default.omits() {
        arguments.push(Code::call(
            "exclude_if=_cardc.equal_to",
            vec![Code::text(json_literal(&default.value))],
        ));
    }
    arguments
}

/// The default `value` of type `ty` as a Python value of the field's annotation: an enum's
/// member for an enum (its known values' class for an open one), through newtypes; an integer
/// for an integer type even where the schema wrote `1.0`; else the JSON value's literal.
fn value_literal(schema: &Schema, ty: &Ty, value: &JsonValue) -> String {
    match (ty, value) {
        (Ty::Boxed(inner) | Ty::Nullable(inner), _) => value_literal(schema, inner, value),
        // The checker allows a float for an integer only with a zero fraction in its bounds.
        (Ty::Int(_), JsonValue::Float(number)) => format!("{}", *number as i64),
        (Ty::Named(name), _) => match (schema.types.get(name), value) {
            (Some(TypeDef::Newtype(def)), _) => value_literal(schema, &def.ty, value),
            (Some(TypeDef::Enum(def)), JsonValue::String(text)) => {
                enum_member(def, text).unwrap_or_else(|| json_literal(value))
            }
            _ => json_literal(value),
        },
        _ => json_literal(value),
    }
}

/// `Status.Pending`, the member of `def` whose wire string is `text` (of `Kind_Known` for an
/// open enum, whose own name is an alias); `None` when no value is `text`, which the checker
/// refuses.
fn enum_member(def: &EnumDef, text: &str) -> Option<String> {
    let value = def.values.iter().find(|value| value.wire_name == text)?;
    let class = match def.other {
        Some(_) => naming::known_values_class(&def.name),
        None => naming::type_name(&def.name),
    };
    Some(format!("{class}.{}", naming::enum_member(&value.name)))
}

/// A JSON value as the Python literal of its parsed data (`None`, `True`, `1.5`, `"a"`, `[]`,
/// `{}`), each string escaped.
pub(super) fn json_literal(value: &JsonValue) -> String {
    match value {
        JsonValue::Null => "None".to_string(),
        JsonValue::Bool(true) => "True".to_string(),
        JsonValue::Bool(false) => "False".to_string(),
        JsonValue::Int(number) => number.to_string(),
        // Rust's shortest round-trip form (`1.5`, `1e21`) is a Python float literal too.
        JsonValue::Float(number) => format!("{number:?}"),
        JsonValue::String(text) => string_literal(text),
        JsonValue::Array(items) => {
            let items: Vec<String> = items.iter().map(json_literal).collect();
            format!("[{}]", items.join(", "))
        }
        JsonValue::Object(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(key, value)| format!("{}: {}", string_literal(key), json_literal(value)))
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_literals_are_python_data_with_escaped_strings() {
        let value = JsonValue::Array(vec![
            JsonValue::Null,
            JsonValue::Bool(true),
            JsonValue::Int(-3),
            JsonValue::Float(1e21),
            JsonValue::String("say \"hi\"\n".into()),
            JsonValue::Object(vec![("k".into(), JsonValue::Float(0.5))]),
        ]);
        assert_eq!(
            json_literal(&value),
            r#"[None, True, -3, 1e21, 'say "hi"\n', {"k": 0.5}]"#
        );
    }
}
