//! Type expressions: syn's `Type` into the schema language's shapes.

use syn::ext::IdentExt;
use syn::{Expr, ExprLit, ExprUnary, GenericArgument, Lit, PathArguments, Type, UnOp};

use super::ast::{TypeExpr, TypeKind};
use super::node_range;
use crate::diagnostics::Diagnostic;
use crate::ir::{Constant, IntKind, MAX_SAFE_INTEGER, Wide};

/// The built-in type names, for suggesting one when a name is misspelt (`string`, `Bool`).
pub(crate) const BUILTIN_NAMES: &[&str] = &[
    "String", "bool", "u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64", "f64", "Json", "Vec",
    "Map", "Box", "Option", "Nullable", "Decimal", "Const",
];

/// The built-in types written with arguments (`Vec<T>`), which are no whole type alone.
const GENERIC_BUILTINS: &[&str] = &[
    "Vec", "Map", "Box", "Option", "Nullable", "Decimal", "Const",
];

/// Whether a built-in type is written with arguments (`Vec<T>`, `Decimal<i64>`).
pub(crate) fn takes_arguments(name: &str) -> bool {
    GENERIC_BUILTINS.contains(&name)
}

/// Type names from Rust, serde_json and TypeScript that people reach for, with the schema type
/// to write instead: `HashMap<String, T>` is a `Map<String, T>` here, and `Value` is `Json`.
const FOREIGN_NAMES: &[(&str, &str)] = &[
    ("str", "String"),
    ("char", "String"),
    ("HashMap", "Map<String, T>"),
    ("BTreeMap", "Map<String, T>"),
    ("IndexMap", "Map<String, T>"),
    ("PathBuf", "String"),
    ("Path", "String"),
    ("OsString", "String"),
    ("HashSet", "Vec<T>"),
    ("BTreeSet", "Vec<T>"),
    ("VecDeque", "Vec<T>"),
    ("Array", "Vec<T>"),
    ("Rc", "Box<T>"),
    ("Arc", "Box<T>"),
    ("Value", "Json"),
    ("any", "Json"),
    ("unknown", "Json"),
    ("object", "Json"),
    ("boolean", "bool"),
    ("number", "f64"),
    ("float", "f64"),
    ("int", "i32"),
];

/// The schema type to write for a name another language uses, if it is one of those.
pub(crate) fn foreign_replacement(name: &str) -> Option<&'static str> {
    FOREIGN_NAMES
        .iter()
        .find(|(foreign, _)| *foreign == name)
        .map(|(_, replacement)| *replacement)
}

/// Converts a written type, or reports why the schema language has no such type.
pub(super) fn convert(ty: &Type, errors: &mut Vec<Diagnostic>) -> Option<TypeExpr> {
    let span = node_range(ty);
    let Type::Path(path) = ty else {
        errors.push(Diagnostic::new(
            "this type syntax is not supported",
            span,
            "not a named type",
            "use String, bool, u8..u64, i8..i64, Decimal<i64>, Decimal<u64>, f64, Json, Vec<T>, \
             Map<String, T>, Box<T>, Option<T>, Nullable<T> or a type declared in the schema",
        ));
        return None;
    };
    let segment = match (
        &path.qself,
        path.path.leading_colon,
        path.path.segments.len(),
    ) {
        (None, None, 1) => path.path.segments.first()?,
        _ => {
            errors.push(Diagnostic::new(
                "paths are not supported in a schema",
                span,
                "qualified path",
                "write the bare type name: a schema has no modules",
            ));
            return None;
        }
    };
    // `r#Name` names the same declaration as `Name`.
    let name = segment.ident.unraw().to_string();
    if name == "Const" {
        let kind = TypeKind::Const(constant(&segment.arguments, span.clone(), errors)?);
        return Some(TypeExpr { kind, span });
    }
    let args = type_args(&segment.arguments, &name, span.clone(), errors)?;
    let kind = match (name.as_str(), args.as_slice()) {
        ("String", []) => TypeKind::String,
        ("bool", []) => TypeKind::Bool,
        ("f64", []) => TypeKind::F64,
        ("Json", []) => TypeKind::Json,
        ("Vec", [inner]) => TypeKind::Vec(Box::new(convert(inner, errors)?)),
        ("Box", [inner]) => TypeKind::Boxed(Box::new(convert(inner, errors)?)),
        ("Option", [inner]) => TypeKind::Option(Box::new(convert(inner, errors)?)),
        ("Nullable", [inner]) => TypeKind::Nullable(Box::new(convert(inner, errors)?)),
        ("Decimal", [inner]) => decimal(inner, span.clone(), errors)?,
        ("Map", [key, value]) => {
            let key = convert(key, errors)?;
            if !matches!(key.kind, TypeKind::String) {
                errors.push(Diagnostic::new(
                    "map keys must be `String`",
                    key.span,
                    "not String",
                    "JSON object keys are strings: write `Map<String, T>`",
                ));
                return None;
            }
            TypeKind::Map(Box::new(convert(value, errors)?))
        }
        (builtin @ ("Vec" | "Box" | "Option" | "Nullable" | "Map" | "Decimal"), _) => {
            let expected = if builtin == "Map" {
                "two type arguments"
            } else {
                "one type argument"
            };
            errors.push(Diagnostic::new(
                format!("`{builtin}` takes {expected}"),
                span,
                "wrong number of arguments",
                if builtin == "Map" {
                    "write `Map<String, T>`".to_string()
                } else {
                    format!("write `{builtin}<T>`")
                },
            ));
            return None;
        }
        ("u128" | "i128" | "usize" | "isize", []) => {
            errors.push(Diagnostic::new(
                format!("`{name}` is not supported"),
                span,
                "not a schema integer",
                "use u64 or i64 (JSON numbers within 2^53 - 1), or Decimal<u64> or Decimal<i64> \
                 (the full 64-bit range, written as a decimal string)",
            ));
            return None;
        }
        ("f32", []) => {
            errors.push(Diagnostic::new(
                "`f32` is not supported",
                span,
                "f32",
                "use f64: JSON numbers are doubles in JavaScript",
            ));
            return None;
        }
        (other, []) => match IntKind::ALL.iter().find(|kind| kind.rust_name() == other) {
            Some(kind) => TypeKind::Int(*kind),
            None => TypeKind::Named(other.to_string()),
        },
        (other, _) => {
            errors.push(match foreign_replacement(other) {
                Some(replacement) => Diagnostic::new(
                    format!("`{other}` is not a schema type"),
                    span,
                    "not a schema type",
                    format!("write `{replacement}`"),
                ),
                None => Diagnostic::new(
                    format!("`{other}` takes no type arguments"),
                    span,
                    "type arguments",
                    "schema types have no generic parameters",
                ),
            });
            return None;
        }
    };
    Some(TypeExpr { kind, span })
}

/// `Decimal<i64>` or `Decimal<u64>`: the full 64-bit range as a decimal string.
fn decimal(
    inner: &Type,
    span: std::ops::Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> Option<TypeKind> {
    let inner = convert(inner, errors)?;
    match inner.kind {
        TypeKind::Int(IntKind::I64) => Some(TypeKind::Decimal(Wide::I64)),
        TypeKind::Int(IntKind::U64) => Some(TypeKind::Decimal(Wide::U64)),
        _ => {
            errors.push(Diagnostic::new(
                "`Decimal` takes `i64` or `u64`",
                span,
                "not a 64-bit integer",
                "write `Decimal<i64>` or `Decimal<u64>`: narrower integers are exact as JSON \
                 numbers already",
            ));
            None
        }
    }
}

/// The value of `Const<...>`: one string, integer (within the safe integers) or boolean
/// literal.
fn constant(
    arguments: &PathArguments,
    span: std::ops::Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Constant> {
    const HINT: &str = "write the one value the field always holds: `Const<\"message\">`, \
                        `Const<2>` or `Const<true>`";
    let arg = match arguments {
        PathArguments::AngleBracketed(angle) if angle.args.len() == 1 => angle.args.first(),
        _ => None,
    };
    let Some(arg) = arg else {
        errors.push(Diagnostic::new(
            "`Const` takes one literal",
            span,
            "no single value",
            HINT,
        ));
        return None;
    };
    let not_a_literal = || {
        Diagnostic::new(
            "`Const` takes a string, integer or boolean literal",
            node_range(arg),
            "not such a literal",
            HINT,
        )
    };
    let Some((negative, lit)) = literal_arg(arg) else {
        errors.push(not_a_literal());
        return None;
    };
    match lit {
        Lit::Str(text) => Some(Constant::String(text.value())),
        Lit::Bool(flag) => Some(Constant::Bool(flag.value)),
        Lit::Int(int) => {
            let value = int
                .base10_parse::<i64>()
                .ok()
                .map(|n| if negative { -n } else { n })
                .filter(|n| n.abs() <= MAX_SAFE_INTEGER);
            if value.is_none() {
                errors.push(Diagnostic::new(
                    "this constant is too large to be exact in every reader",
                    node_range(arg),
                    "past 2^53 - 1",
                    "a JavaScript number is exact only within ±(2^53 - 1): use a smaller \
                     integer, or a string constant",
                ));
            }
            value.map(Constant::Int)
        }
        _ => {
            errors.push(not_a_literal());
            None
        }
    }
}

/// The literal a `Const` argument is, and whether it is negated: `"a"`, `2`, `-2`, `true`, or
/// one of them in braces, as Rust's const arguments may be written.
fn literal_arg(arg: &GenericArgument) -> Option<(bool, &Lit)> {
    let GenericArgument::Const(expr) = arg else {
        return None;
    };
    let expr = match expr {
        Expr::Block(block) => match block.block.stmts.as_slice() {
            [syn::Stmt::Expr(expr, None)] => expr,
            _ => return None,
        },
        expr => expr,
    };
    match expr {
        Expr::Lit(ExprLit { lit, .. }) => Some((false, lit)),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match &**expr {
            Expr::Lit(ExprLit {
                lit: lit @ Lit::Int(_),
                ..
            }) => Some((true, lit)),
            _ => None,
        },
        _ => None,
    }
}

/// The type arguments of `Name<A, B>`, refusing lifetimes, constants and `Fn(...)` sugar.
fn type_args<'a>(
    arguments: &'a PathArguments,
    name: &str,
    span: std::ops::Range<usize>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<&'a Type>> {
    match arguments {
        PathArguments::None => Some(Vec::new()),
        PathArguments::AngleBracketed(angle) => {
            let mut types = Vec::new();
            for arg in &angle.args {
                match arg {
                    GenericArgument::Type(ty) => types.push(ty),
                    GenericArgument::Lifetime(lifetime) => {
                        errors.push(Diagnostic::new(
                            "lifetimes are not supported",
                            node_range(lifetime),
                            "lifetime",
                            "remove it: schema types own their data",
                        ));
                        return None;
                    }
                    other => {
                        errors.push(Diagnostic::new(
                            format!("unsupported argument to `{name}`"),
                            node_range(other),
                            "not a type",
                            "type arguments are types, such as `Vec<String>`",
                        ));
                        return None;
                    }
                }
            }
            Some(types)
        }
        PathArguments::Parenthesized(_) => {
            errors.push(Diagnostic::new(
                "function types are not supported",
                span,
                "function type",
                "a schema describes data, not functions",
            ));
            None
        }
    }
}
