//! How the schema language spells a type and a string: the one spelling the importer writes
//! into a schema file and the reports (`cardc compat`, `cardc doc`) show, so what a report
//! names can be pasted into a schema.

use super::{Constant, Ty};

/// A type as the schema language spells it (`Vec<Nullable<u8>>`, `Const<{ -1 }>`).
pub fn spell(ty: &Ty) -> String {
    match ty {
        Ty::String => "String".to_string(),
        Ty::Bool => "bool".to_string(),
        Ty::Int(kind) => kind.rust_name().to_string(),
        Ty::Decimal(wide) => format!("Decimal<{}>", wide.rust_name()),
        Ty::F64 => "f64".to_string(),
        Ty::Json => "Json".to_string(),
        Ty::Vec(inner) => format!("Vec<{}>", spell(inner)),
        Ty::Map(inner) => format!("Map<String, {}>", spell(inner)),
        Ty::Boxed(inner) => format!("Box<{}>", spell(inner)),
        Ty::Nullable(inner) => format!("Nullable<{}>", spell(inner)),
        Ty::Named(name) => name.clone(),
        Ty::Const(Constant::String(text)) => format!("Const<{}>", literal(text)),
        // A negative literal is no generic argument on its own: it goes in braces.
        Ty::Const(Constant::Int(int)) if *int < 0 => format!("Const<{{ {int} }}>"),
        Ty::Const(Constant::Int(int)) => format!("Const<{int}>"),
        Ty::Const(Constant::Bool(flag)) => format!("Const<{flag}>"),
    }
}

/// A string literal of the schema language holding `text`: a raw string where that saves
/// escapes (quotes, backslashes, no control characters), else an escaped one.
pub fn literal(text: &str) -> String {
    let plain = !text.chars().any(char::is_control);
    if plain && (text.contains('"') || text.contains('\\')) {
        let mut hashes = String::from("#");
        while text.contains(&format!("\"{hashes}")) {
            hashes.push('#');
        }
        format!("r{hashes}\"{text}\"{hashes}")
    } else {
        format!("{text:?}")
    }
}
