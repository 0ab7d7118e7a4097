//! How the values one type (or set of constraints) accepts relate to another's: the same, more
//! (wider), fewer (narrower), or neither.

use crate::ir::{Bound, Constraints, Count, Number, NumberRange, Schema, Shape, Ty, TypeDef};

/// How NEW's accepted values relate to OLD's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// Exactly the same values.
    Same,
    /// Every old value and more.
    Wider,
    /// Only some of the old values.
    Narrower,
    /// Neither within the other.
    Other,
}

impl Relation {
    /// The relation of two parts together, as of a type whose parts each relate so.
    fn and(self, other: Relation) -> Relation {
        match (self, other) {
            (Relation::Same, other) | (other, Relation::Same) => other,
            (a, b) if a == b => a,
            _ => Relation::Other,
        }
    }
}

/// How the values `new` (in schema `new_schema`) accepts relate to those `old` accepts. A named
/// type of the same name relates as `Same`: its own changes are reported under its name.
pub fn types(old: &Ty, new: &Ty, old_schema: &Schema, new_schema: &Schema) -> Relation {
    match (old, new) {
        // A box is heap indirection in Rust only; the wire form is the inner type's.
        (Ty::Boxed(old), new) => types(old, new, old_schema, new_schema),
        (old, Ty::Boxed(new)) => types(old, new, old_schema, new_schema),
        (old, new) if old == new => Relation::Same,
        (Ty::Int(old), Ty::Int(new)) => {
            let ((old_min, old_max), (new_min, new_max)) = (old.bounds(), new.bounds());
            bounds(old_min.cmp(&new_min), new_max.cmp(&old_max))
        }
        (Ty::Int(_), Ty::F64) | (Ty::Const(_), Ty::Json) => Relation::Wider,
        (Ty::F64, Ty::Int(_)) | (Ty::Json, Ty::Const(_)) => Relation::Narrower,
        (Ty::Const(crate::ir::Constant::String(_)), Ty::String) => Relation::Wider,
        (Ty::String, Ty::Const(crate::ir::Constant::String(_))) => Relation::Narrower,
        (Ty::Vec(old), Ty::Vec(new))
        | (Ty::Map(old), Ty::Map(new))
        | (Ty::Nullable(old), Ty::Nullable(new)) => types(old, new, old_schema, new_schema),
        (old, Ty::Nullable(new)) => Relation::Wider.and(types(old, new, old_schema, new_schema)),
        (Ty::Nullable(old), new) => Relation::Narrower.and(types(old, new, old_schema, new_schema)),
        (_, Ty::Json) => Relation::Wider,
        (Ty::Json, _) => Relation::Narrower,
        (old, Ty::Named(union)) if holds(new_schema, union, old, old_schema) => Relation::Wider,
        (Ty::Named(union), new) if holds(old_schema, union, new, new_schema) => Relation::Narrower,
        _ => Relation::Other,
    }
}

/// Whether `union` in `schema` is an untagged union with a variant holding exactly what `ty`
/// (in `ty_schema`) holds, and `ty` is no object (which a key of another variant could claim).
fn holds(schema: &Schema, union: &str, ty: &Ty, ty_schema: &Schema) -> bool {
    let Some(TypeDef::Untagged(def)) = schema.types.get(union) else {
        return false;
    };
    def.variants.iter().any(|variant| {
        !matches!(variant.shape, Shape::Object(_))
            && types(ty, &variant.ty, ty_schema, schema) == Relation::Same
    })
}

/// The relation of ranges from how their lower bounds and upper bounds compare: `lower` is
/// old's lower bound against new's (greater: new reaches further down), `upper` new's upper
/// bound against old's.
fn bounds(lower: std::cmp::Ordering, upper: std::cmp::Ordering) -> Relation {
    let side = |ordering: std::cmp::Ordering| match ordering {
        std::cmp::Ordering::Equal => Relation::Same,
        std::cmp::Ordering::Greater => Relation::Wider,
        std::cmp::Ordering::Less => Relation::Narrower,
    };
    side(lower).and(side(upper))
}

/// How the values `new` constraints accept relate to those `old` accept.
pub fn constraints(old: &Constraints, new: &Constraints) -> Relation {
    count(old.length, new.length)
        .and(count(old.items, new.items))
        .and(range(old.range, new.range))
        .and(required(old.pattern.as_ref(), new.pattern.as_ref()))
        .and(required(old.format.as_ref(), new.format.as_ref()))
        .and(match (old.unique, new.unique) {
            (true, false) => Relation::Wider,
            (false, true) => Relation::Narrower,
            _ => Relation::Same,
        })
}

/// A requirement that holds or not (a pattern, a format): dropping one widens, adding one
/// narrows, replacing one is neither.
fn required<T: PartialEq>(old: Option<&T>, new: Option<&T>) -> Relation {
    match (old, new) {
        (None, None) => Relation::Same,
        (Some(_), None) => Relation::Wider,
        (None, Some(_)) => Relation::Narrower,
        (Some(old), Some(new)) if old == new => Relation::Same,
        _ => Relation::Other,
    }
}

fn count(old: Option<Count>, new: Option<Count>) -> Relation {
    let (old, new) = (old.unwrap_or_default(), new.unwrap_or_default());
    let min = |count: Count| count.min.unwrap_or(0);
    let max = |count: Count| count.max.map_or(u128::MAX, u128::from);
    bounds(min(old).cmp(&min(new)), max(new).cmp(&max(old)))
}

fn range(old: Option<NumberRange>, new: Option<NumberRange>) -> Relation {
    let (old, new) = (old.unwrap_or_default(), new.unwrap_or_default());
    bound(old.min, new.min, -1.0).and(bound(old.max, new.max, 1.0))
}

/// How one bound moved: `direction` is -1 for a lower bound, 1 for an upper one.
fn bound(old: Option<Bound>, new: Option<Bound>, direction: f64) -> Relation {
    let value = |bound: Bound| match bound.value {
        Number::Int(int) => int as f64,
        Number::Float(float) => float,
    };
    match (old, new) {
        (None, None) => Relation::Same,
        (Some(_), None) => Relation::Wider,
        (None, Some(_)) => Relation::Narrower,
        (Some(old), Some(new)) => {
            let moved = (value(new) - value(old)) * direction;
            if moved > 0.0 {
                Relation::Wider
            } else if moved < 0.0 {
                Relation::Narrower
            } else {
                match (old.exclusive, new.exclusive) {
                    (true, false) => Relation::Wider,
                    (false, true) => Relation::Narrower,
                    _ => Relation::Same,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Relation;

    #[test]
    fn parts_combine_into_one_relation() {
        assert_eq!(Relation::Same.and(Relation::Wider), Relation::Wider);
        assert_eq!(
            Relation::Narrower.and(Relation::Narrower),
            Relation::Narrower
        );
        assert_eq!(Relation::Wider.and(Relation::Narrower), Relation::Other);
    }
}
