//! The constraint attributes of a field: `#[length(..)]`, `#[pattern = ".."]`,
//! `#[format = ".."]`, `#[range(..)]` and `#[items(..)]`, read as written. Whether each fits
//! the field's type, and whether its bounds agree, is the checker's to say.

use syn::{Attribute, Lit, Token};

use super::ast::{Bounds, ConstraintAttrs, Literal, Spanned};
use super::{byte_range, node_range};
use crate::diagnostics::Diagnostic;

/// The constraint attributes, by name.
pub(super) const NAMES: &[&str] = &["length", "pattern", "format", "range", "items"];

/// Reads the constraint attribute `name` into `out`, reporting a malformed one.
pub(super) fn read(
    attr: &Attribute,
    name: &str,
    string: impl FnOnce(&Attribute, &mut Vec<Diagnostic>) -> Option<Spanned<String>>,
    out: &mut ConstraintAttrs,
    errors: &mut Vec<Diagnostic>,
) {
    match name {
        "pattern" => out.pattern = string(attr, errors),
        "format" => out.format = string(attr, errors),
        "length" => out.length = bounds(attr, &["min", "max"], errors),
        "items" => out.items = bounds(attr, &["min", "max", "unique"], errors),
        "range" => {
            out.range = bounds(
                attr,
                &["min", "max", "exclusive_min", "exclusive_max"],
                errors,
            )
        }
        _ => {}
    }
}

/// The options of `#[name(option = number, ..)]`, each at most once and among `allowed`.
fn bounds(
    attr: &Attribute,
    allowed: &[&str],
    errors: &mut Vec<Diagnostic>,
) -> Option<Spanned<Bounds>> {
    let name = attr
        .path()
        .get_ident()
        .map_or_else(String::new, ToString::to_string);
    let listed: Vec<String> = allowed.iter().map(|option| format!("`{option}`")).collect();
    let hint = format!(
        "write `#[{name}({} = ...)]` with any of {}",
        allowed[0],
        listed.join(", ")
    );
    let mut out = Bounds::default();
    let parsed = attr.parse_nested_meta(|meta| {
        let option = meta
            .path
            .get_ident()
            .map_or_else(String::new, ToString::to_string);
        if !allowed.contains(&option.as_str()) {
            return Err(meta.error(format!("`{name}` has no option `{option}`")));
        }
        if option == "unique" {
            if out.unique.is_some() {
                return Err(meta.error("`unique` is given twice"));
            }
            out.unique = Some(node_range(&meta.path));
            return Ok(());
        }
        let slot = match option.as_str() {
            "min" => &mut out.min,
            "max" => &mut out.max,
            "exclusive_min" => &mut out.exclusive_min,
            _ => &mut out.exclusive_max,
        };
        if slot.is_some() {
            return Err(meta.error(format!("`{option}` is given twice")));
        }
        let value = meta.value()?;
        let negative: Option<Token![-]> = value.parse()?;
        let lit: Lit = value.parse()?;
        let start =
            negative.map_or_else(|| node_range(&lit).start, |minus| node_range(&minus).start);
        let span = start..node_range(&lit).end;
        let number = match &lit {
            Lit::Int(int) => int.base10_parse::<i128>().map(Literal::Int),
            Lit::Float(float) => float.base10_parse::<f64>().map(Literal::Float),
            other => Err(syn::Error::new(other.span(), "expected a number")),
        }?;
        let number = match (negative.is_some(), number) {
            (false, number) => number,
            (true, Literal::Int(int)) => Literal::Int(-int),
            (true, Literal::Float(float)) => Literal::Float(-float),
        };
        *slot = Some(Spanned {
            value: number,
            span,
        });
        Ok(())
    });
    match parsed {
        Ok(()) => Some(Spanned {
            value: out,
            span: node_range(attr),
        }),
        Err(error) => {
            errors.push(Diagnostic::new(
                format!("malformed `{name}`: {error}"),
                byte_range(error.span()),
                "here",
                hint,
            ));
            None
        }
    }
}
