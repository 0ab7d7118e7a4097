//! Field and payload types: resolving names and placing `Option`, `Nullable` and `Box` where
//! they mean something.

use std::collections::BTreeMap;

use super::naming;
use super::suggest::{Suggestion, Suggestions};
use crate::diagnostics::{Diagnostic, Fix};
use crate::ir::{Presence, Ty};
use crate::syntax::ast::{Spanned, TypeExpr, TypeKind};
use crate::syntax::{BUILTIN_NAMES, foreign_replacement, takes_arguments};

/// What a declared name is, for resolving references to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DeclKind {
    Struct,
    Newtype,
    Union,
    Enum,
    Untagged,
    /// A declaration that failed to parse or was refused: already reported, so references to it
    /// are not.
    Unparsed,
}

/// The declared names of a schema.
pub(super) type Declared = BTreeMap<String, DeclKind>;

/// What a type reference is resolved against: the declared names, and the suggestions for the
/// names that are not among them, indexed at the first such name.
pub(super) struct Scope<'a> {
    declared: &'a Declared,
    suggestions: Option<Suggestions<'a>>,
}

impl<'a> Scope<'a> {
    /// A scope of the declared names.
    pub(super) fn new(declared: &'a Declared) -> Self {
        Scope {
            declared,
            suggestions: None,
        }
    }

    fn closest(&mut self, name: &str, builtins: bool) -> Option<Suggestion<'a>> {
        let declared = self.declared;
        self.suggestions
            .get_or_insert_with(|| {
                Suggestions::new(
                    declared.keys().map(String::as_str),
                    BUILTIN_NAMES.iter().copied(),
                )
            })
            .closest(name, builtins)
    }
}

/// A field's type: whether the key may be absent, and the value's type.
pub(super) fn field_type(
    expr: &TypeExpr,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> Option<(Presence, Ty)> {
    let (optional, ty) = match &expr.kind {
        TypeKind::Const(constant) => {
            return Some((Presence::Required, Ty::Const(constant.clone())));
        }
        TypeKind::Option(inner) if matches!(inner.kind, TypeKind::Const(_)) => {
            errors.push(Diagnostic::new(
                "a constant field cannot be optional",
                expr.span.clone(),
                "Option of a constant",
                "a constant field is always present and holds its one value: write `Const<...>` \
                 alone, or make the field a `String` (or other type) that may be absent",
            ));
            return None;
        }
        TypeKind::Option(inner) => {
            if matches!(inner.kind, TypeKind::Option(_)) {
                errors.push(Diagnostic::new(
                    "`Option<Option<T>>` is not supported",
                    expr.span.clone(),
                    "nested Option",
                    "for a key that may be absent or null, write `Option<Nullable<T>>`",
                ));
                return None;
            }
            (true, value_type(inner, scope, errors)?)
        }
        _ => (false, value_type(expr, scope, errors)?),
    };
    Some(match (optional, ty) {
        (false, Ty::Nullable(inner)) => (Presence::Nullable, *inner),
        (true, Ty::Nullable(inner)) => (Presence::OptionalNullable, *inner),
        (false, ty) => (Presence::Required, ty),
        (true, ty) => (Presence::Optional, ty),
    })
}

/// The type a newtype wraps: a value type other than `Json` or `Nullable<T>`.
pub(super) fn newtype_type(
    expr: &TypeExpr,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> Option<Ty> {
    let problem = match expr.kind {
        TypeKind::Json => Some((
            "a newtype cannot wrap `Json`",
            "`Json` is any value, `null` included, so `Nullable<...>` of the newtype would say \
             `null` twice: write `Json` where the value is used",
        )),
        TypeKind::Nullable(_) => Some((
            "a newtype cannot wrap `Nullable<T>`",
            "whether a value may be `null` is said where it is used: wrap `T`, and write \
             `Nullable<Name>` at the field",
        )),
        TypeKind::Option(_) => Some((
            "a newtype cannot wrap `Option<T>`",
            "whether a key may be absent is said at the field: wrap `T`, and write \
             `Option<Name>` there",
        )),
        _ => None,
    };
    if let Some((message, hint)) = problem {
        errors.push(Diagnostic::new(message, expr.span.clone(), "here", hint));
        return None;
    }
    value_type(expr, scope, errors)
}

/// The type of a value (inside a field, an array or a map).
pub(super) fn value_type(
    expr: &TypeExpr,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> Option<Ty> {
    let ty = match &expr.kind {
        TypeKind::String => Ty::String,
        TypeKind::Bool => Ty::Bool,
        TypeKind::Int(kind) => Ty::Int(*kind),
        TypeKind::Decimal(wide) => Ty::Decimal(*wide),
        TypeKind::F64 => Ty::F64,
        TypeKind::Json => Ty::Json,
        TypeKind::Vec(inner) => Ty::Vec(Box::new(value_type(inner, scope, errors)?)),
        TypeKind::Map(inner) => Ty::Map(Box::new(value_type(inner, scope, errors)?)),
        TypeKind::Option(_) => {
            errors.push(Diagnostic::new(
                "`Option<T>` is only allowed as a field's outermost type",
                expr.span.clone(),
                "Option inside another type",
                "`Option` means the key may be absent; for a value that may be null, write `Nullable<T>`",
            ));
            return None;
        }
        TypeKind::Nullable(inner) => {
            let problem = match inner.kind {
                TypeKind::Nullable(_) => Some((
                    "`Nullable<Nullable<T>>` is redundant",
                    "write `Nullable<T>`",
                )),
                TypeKind::Json => Some((
                    "`Nullable<Json>` is redundant",
                    "`Json` already accepts null: write `Json`",
                )),
                TypeKind::Option(_) => Some((
                    "`Nullable<Option<T>>` is not supported",
                    "for a key that may be absent or null, write `Option<Nullable<T>>`",
                )),
                _ => None,
            };
            if let Some((message, hint)) = problem {
                errors.push(Diagnostic::new(message, expr.span.clone(), "here", hint));
                return None;
            }
            Ty::Nullable(Box::new(value_type(inner, scope, errors)?))
        }
        TypeKind::Boxed(inner) => {
            if !matches!(inner.kind, TypeKind::Named(_)) {
                errors.push(Diagnostic::new(
                    "`Box<T>` is only for a type declared in the schema",
                    expr.span.clone(),
                    "nothing to box",
                    "Box breaks a recursive cycle through a named type; Vec and Map already hold \
                     their items behind a pointer",
                ));
                return None;
            }
            Ty::Boxed(Box::new(value_type(inner, scope, errors)?))
        }
        TypeKind::Const(_) => {
            errors.push(Diagnostic::new(
                "`Const<...>` is only allowed as a field's whole type",
                expr.span.clone(),
                "a constant inside another type",
                "a constant is a field that always holds one value; an array, map, `Nullable` or \
                 newtype of one has nothing to say that its field could not",
            ));
            return None;
        }
        TypeKind::Named(name) => match resolve(name, expr, Reference::Value, scope, errors)? {
            DeclKind::Unparsed => return None,
            _ => Ty::Named(name.clone()),
        },
    };
    Some(ty)
}

/// Checks that a variant payload names a struct or a union.
pub(super) fn payload_type(
    expr: &TypeExpr,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> Option<String> {
    let TypeKind::Named(name) = &expr.kind else {
        errors.push(Diagnostic::new(
            "a union variant must carry a struct or another union",
            expr.span.clone(),
            "not a named struct or union",
            "declare a struct with the fields this variant carries, and name it here; variants \
             told apart by their JSON shape rather than by a tag (a string, an array) make an \
             untagged union: `#[union(untagged)]`",
        ));
        return None;
    };
    match resolve(name, expr, Reference::Payload, scope, errors)? {
        DeclKind::Struct | DeclKind::Union => Some(name.clone()),
        DeclKind::Unparsed => None,
        DeclKind::Untagged => {
            errors.push(Diagnostic::new(
                format!("variant payload `{name}` is an untagged union"),
                expr.span.clone(),
                "no tag to carry",
                "a tagged union's variant is an object carrying the tag: make it a field of a \
                 struct, or list its variants in this union",
            ));
            None
        }
        DeclKind::Newtype => {
            errors.push(Diagnostic::new(
                format!("variant payload `{name}` is a newtype"),
                expr.span.clone(),
                "a newtype, not an object with fields",
                "a variant is an object carrying the tag: name the struct or union it wraps, or \
                 make it a field of a struct",
            ));
            None
        }
        DeclKind::Enum => {
            errors.push(Diagnostic::new(
                format!("variant payload `{name}` is a plain enum"),
                expr.span.clone(),
                "a string enum, not an object",
                "a variant is an object carrying the tag: wrap the enum in a struct field",
            ));
            None
        }
    }
}

/// Checks that an entry point (`#![entry = "..."]`) names a declared type.
pub(super) fn entry_type(
    name: &Spanned<String>,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    if scope.declared.contains_key(&name.value) {
        return true;
    }
    let candidate = scope.closest(&name.value, false);
    let hint = match candidate {
        Some(candidate) => format!("did you mean `{}`?", candidate.name),
        None => "name a struct, union or enum declared in this schema".to_string(),
    };
    let mut error = Diagnostic::new(
        format!("entry `{}` is not a type of this schema", name.value),
        name.span.clone(),
        "not declared in this schema",
        hint,
    );
    // The entry is a string literal: the fix replaces what is between its quotes.
    if let Some(candidate) = candidate
        && name.span.len() == name.value.len() + 2
    {
        error = error.with_fix(replace_with(
            candidate.name,
            name.span.start + 1..name.span.end - 1,
        ));
    }
    errors.push(error);
    false
}

/// Where a name is used, which decides what it may be instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reference {
    /// A value's type: a built-in type would do too.
    Value,
    /// A variant's payload: only a declared struct or union will do.
    Payload,
}

fn resolve(
    name: &str,
    expr: &TypeExpr,
    reference: Reference,
    scope: &mut Scope,
    errors: &mut Vec<Diagnostic>,
) -> Option<DeclKind> {
    if let Some(kind) = scope.declared.get(name) {
        return Some(*kind);
    }
    // Another language's type (`PathBuf`, `str`) is no misspelt or missing declaration.
    if let Some(replacement) = foreign_replacement(name).filter(|_| reference == Reference::Value) {
        let mut error = Diagnostic::new(
            format!("`{name}` is not a schema type"),
            expr.span.clone(),
            "not a schema type",
            format!("write `{replacement}` instead"),
        );
        // A replacement with a parameter (`Map<String, T>`) is the user's to complete.
        if !replacement.contains('<') {
            error = error.with_fix(replace_with(replacement, expr.span.clone()));
        }
        errors.push(error);
        return None;
    }
    let (hint, suggestion) = unknown_type_hint(name, reference, scope);
    let mut error = Diagnostic::new(
        format!("unknown type `{name}`"),
        expr.span.clone(),
        "not declared in this schema",
        hint,
    );
    // A built-in that takes arguments (`Vec`) is no whole type on its own.
    if let Some(suggestion) = suggestion.filter(|suggestion| !takes_arguments(suggestion)) {
        error = error.with_fix(replace_with(suggestion, expr.span.clone()));
    }
    errors.push(error);
    None
}

/// The fix that writes `name` in place of `span`.
fn replace_with(name: &str, span: std::ops::Range<usize>) -> Fix {
    Fix::replace(format!("Replace with `{name}`"), span, name)
}

/// How to fix a reference to an undeclared name: the likely typo, the schema's word for what
/// another language calls it, or declaring it; and the name suggested, when there is one.
fn unknown_type_hint<'a>(
    name: &str,
    reference: Reference,
    scope: &mut Scope<'a>,
) -> (String, Option<&'a str>) {
    if name == "Self" {
        return (
            "write the type's own name: a schema has no `Self`".to_string(),
            None,
        );
    }
    if reference == Reference::Payload {
        return match scope.closest(name, false) {
            Some(candidate) => (
                format!("did you mean `{}`?", candidate.name),
                Some(candidate.name),
            ),
            None => (
                format!("declare `struct {name} {{ ... }}` with the fields this variant carries"),
                None,
            ),
        };
    }
    match scope.closest(name, true) {
        Some(Suggestion {
            name: builtin,
            builtin: true,
        }) => (
            format!("did you mean the built-in `{builtin}`?"),
            Some(builtin),
        ),
        Some(candidate) => (
            format!("did you mean `{}`?", candidate.name),
            Some(candidate.name),
        ),
        // Suggest declaring it only under a name that could be declared.
        None if naming::type_name_problem(name).is_none() => (
            format!("declare `struct {name} {{ ... }}` in this schema, or use a built-in type"),
            None,
        ),
        None => (
            "use a built-in type, or a type declared in this schema".to_string(),
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::ItemKind;

    /// How many names the suggestions compared in resolving the field types of `n` structs,
    /// each naming an unknown type of its own and one shared one, as the checker resolves them.
    fn comparisons(n: usize) -> usize {
        let text: String = (0..n)
            .map(|i| format!("struct Declared{i:04} {{ a: Missing{i:04}, b: Missing }}\n"))
            .collect();
        let (file, errors) = crate::syntax::parse(&text);
        assert!(errors.is_empty(), "{errors:?}");
        let declared: Declared = file
            .items
            .iter()
            .map(|item| (item.name.value.clone(), DeclKind::Struct))
            .collect();
        let mut scope = Scope::new(&declared);
        let mut errors = Vec::new();
        for item in &file.items {
            let ItemKind::Struct(item) = &item.kind else {
                panic!("every item is a struct");
            };
            for field in &item.fields {
                assert!(field_type(&field.ty, &mut scope, &mut errors).is_none());
            }
        }
        assert_eq!(errors.len(), 2 * n, "every reference is unknown");
        scope
            .suggestions
            .as_ref()
            .map_or(0, Suggestions::comparisons)
    }

    /// Suggestions compare each unknown name with a bounded number of declared ones, however
    /// many are declared: four times the schema costs four times the comparisons. Comparing
    /// each with every declared name would cost sixteen times (16 million comparisons at 4,000
    /// structs, against about a million).
    #[test]
    fn suggestions_cost_grows_linearly_with_the_schema() {
        use super::super::suggest::MAX_COMPARISONS;
        let (small, large) = (comparisons(1_000), comparisons(4_000));
        assert!(small > 0);
        assert!(
            large <= 4 * small + 4 * MAX_COMPARISONS,
            "1,000 structs: {small} comparisons; 4,000: {large}"
        );
        assert!(large <= 4_001 * MAX_COMPARISONS, "{large}");
    }
}
