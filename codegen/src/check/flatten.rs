//! `#[flatten]`: a field whose struct's fields are keys of the object that holds it, as
//! serde's `flatten` and TypeSpec's spread write shared envelope fields (`id`, `sessionId`,
//! `_meta`) once. Every output writes the object flat, so the checker makes sure the keys
//! stay one object's keys: each flattened type is a struct that keeps no unknown keys (closed,
//! or dropping them when read alone), and no key comes twice, whichever struct declares it.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::diagnostics::Diagnostic;
use crate::ir::{Field, Span, StructDef, Ty, TypeDef};
use crate::syntax::ast::{FieldItem, TypeKind};

/// Refuses a `#[flatten]` the field's syntax already rules out, and says whether the field
/// may be flattened: not on anything but a bare type name (`Option<Meta>` would make every key
/// of `Meta` optional together, which no output can say exactly), nor with a `#[rename]`,
/// which would name no key.
pub(super) fn refuse_misplaced(
    field: &FieldItem,
    flatten: &Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    let named = matches!(field.ty.kind, TypeKind::Named(_));
    if !named {
        errors.push(
            Diagnostic::new(
                "only a struct can be flattened",
                field.ty.span.clone(),
                "not a struct's name",
                "`#[flatten]` writes the keys of a struct into this object: name a closed struct, \
                 without `Option`, `Nullable`, `Vec` or `Map` around it",
            )
            .with_related(flatten.clone(), "flattened here"),
        );
    }
    if let Some(rename) = &field.rename {
        errors.push(
            Diagnostic::new(
                "a flattened field has no key to rename",
                rename.span.clone(),
                "renames nothing",
                "its struct's fields are the keys: rename those where they are declared",
            )
            .with_related(flatten.clone(), "flattened here"),
        );
    }
    named && field.rename.is_none()
}

/// Checks every flattened field of every struct: it names a closed struct, and the object's
/// keys (its own fields' and its flattened structs', recursively) are distinct. A key spelled
/// like a tag the object carries is `tags`' to report, with the struct's other keys.
pub(super) fn check(defs: &BTreeMap<String, TypeDef>, errors: &mut Vec<Diagnostic>) {
    for def in defs.values() {
        let TypeDef::Struct(def) = def else {
            continue;
        };
        if !def.fields.iter().any(|field| field.flatten) {
            continue;
        }
        let mut keys: BTreeMap<&str, Key> = BTreeMap::new();
        collect_keys(
            defs,
            def,
            &mut keys,
            &mut Vec::new(),
            &mut Vec::new(),
            errors,
        );
    }
}

/// Where a key of an object is declared, and whether by the object's own struct.
struct Key<'a> {
    span: &'a Span,
    own: bool,
}

/// Adds the keys of `def`'s object to `keys`, reporting a key given twice at both fields, and
/// a flattened type that is no closed struct, or one flattened twice, at the flattened field.
/// `stack` holds the structs being flattened, which the recursion check keeps from cycling (a
/// cycle is only skipped here), and `flattened` every struct flattened so far.
fn collect_keys<'a>(
    defs: &'a BTreeMap<String, TypeDef>,
    def: &'a StructDef,
    keys: &mut BTreeMap<&'a str, Key<'a>>,
    stack: &mut Vec<&'a str>,
    flattened: &mut Vec<&'a str>,
    errors: &mut Vec<Diagnostic>,
) {
    if stack.contains(&def.name.as_str()) {
        return;
    }
    stack.push(&def.name);
    for field in &def.fields {
        if field.flatten {
            if let Some(inner) = flattened_struct(defs, field, errors) {
                if flattened.contains(&inner.name.as_str()) {
                    errors.push(Diagnostic::new(
                        format!("`{}` is flattened twice into `{}`", inner.name, stack[0]),
                        field.span.clone(),
                        "flattened again",
                        "its keys would come twice in one object: flatten it once",
                    ));
                    continue;
                }
                flattened.push(&inner.name);
                collect_keys(defs, inner, keys, stack, flattened, errors);
            }
            continue;
        }
        let own = stack.len() == 1;
        match keys.get(field.wire_name.as_str()) {
            // Two of the struct's own fields were reported when it was lowered.
            Some(first) if first.own && own => {}
            Some(first) => errors.push(
                Diagnostic::new(
                    format!(
                        "the key `{}` comes twice in `{}`'s object, once through `#[flatten]`",
                        field.wire_name, stack[0]
                    ),
                    field.span.clone(),
                    "this key",
                    "a flattened struct's fields are keys of the object that holds it: rename \
                     one of them with `#[rename = \"...\"]`",
                )
                .with_related(first.span.clone(), "the same key"),
            ),
            None => {
                keys.insert(
                    &field.wire_name,
                    Key {
                        span: &field.span,
                        own,
                    },
                );
            }
        }
    }
    stack.pop();
}

/// The struct a flattened field holds, or the report why it cannot be flattened.
fn flattened_struct<'a>(
    defs: &'a BTreeMap<String, TypeDef>,
    field: &Field,
    errors: &mut Vec<Diagnostic>,
) -> Option<&'a StructDef> {
    let Ty::Named(name) = &field.ty else {
        return None;
    };
    // A struct that drops unknown keys has nothing to keep: flattened, its keys join the
    // object, which decides about the others as for its own; read alone, it drops them.
    let problem = match defs.get(name) {
        Some(TypeDef::Struct(inner)) if !inner.keeps_unknown() => return Some(inner),
        Some(TypeDef::Struct(_)) => format!(
            "`{name}` keeps the keys it does not know, and a struct that keeps them cannot be \
             flattened"
        ),
        Some(_) => format!("`{name}` is not a struct, so it cannot be flattened"),
        None => return None,
    };
    errors.push(Diagnostic::new(
        problem,
        field.span.clone(),
        "flattened here",
        "flatten a closed struct, or one that drops unknown keys: its keys join this object, \
         which alone decides what its other keys are, and the kept keys would have two homes",
    ));
    None
}
