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
    use super::{Relation, constraints, types};
    use crate::ir::builder::schema;
    use crate::ir::{
        Bound, Constraints, Count, IntKind, Number, NumberRange, Shape, Ty, TypeDef, UntaggedDef,
        UntaggedVariant,
    };

    #[test]
    fn parts_combine_into_one_relation() {
        assert_eq!(Relation::Same.and(Relation::Wider), Relation::Wider);
        assert_eq!(
            Relation::Narrower.and(Relation::Narrower),
            Relation::Narrower
        );
        assert_eq!(Relation::Wider.and(Relation::Narrower), Relation::Other);
    }

    fn untagged(variants: Vec<(Ty, Shape)>) -> TypeDef {
        TypeDef::Untagged(UntaggedDef {
            name: "Body".to_owned(),
            name_span: 0..0,
            docs: Vec::new(),
            deprecated: None,
            examples: Vec::new(),
            variants: variants
                .into_iter()
                .enumerate()
                .map(|(index, (ty, shape))| UntaggedVariant {
                    name: format!("V{index}"),
                    docs: Vec::new(),
                    ty,
                    shape,
                    span: 0..0,
                })
                .collect(),
        })
    }

    #[test]
    fn types_relate_by_the_values_they_accept() {
        let none = schema([]);
        let relate = |old: Ty, new: Ty| types(&old, &new, &none, &none);
        let boxed = |ty: Ty| Ty::Boxed(Box::new(ty));
        let vec = |ty: Ty| Ty::Vec(Box::new(ty));
        let nullable = |ty: Ty| Ty::Nullable(Box::new(ty));
        assert_eq!(
            relate(Ty::Int(IntKind::U8), Ty::Int(IntKind::U32)),
            Relation::Wider
        );
        assert_eq!(
            relate(Ty::Int(IntKind::U32), Ty::Int(IntKind::U8)),
            Relation::Narrower
        );
        assert_eq!(
            relate(Ty::Int(IntKind::U8), Ty::Int(IntKind::I8)),
            Relation::Other
        );
        assert_eq!(relate(Ty::Int(IntKind::I32), Ty::F64), Relation::Wider);
        assert_eq!(relate(boxed(Ty::String), Ty::String), Relation::Same);
        assert_eq!(
            relate(vec(Ty::String), vec(nullable(Ty::String))),
            Relation::Wider
        );
        assert_eq!(
            relate(vec(nullable(Ty::String)), vec(Ty::String)),
            Relation::Narrower
        );
        assert_eq!(
            relate(
                vec(Ty::Int(IntKind::U32)),
                vec(nullable(Ty::Int(IntKind::U8)))
            ),
            Relation::Other
        );
        assert_eq!(relate(Ty::String, Ty::Json), Relation::Wider);
        assert_eq!(relate(Ty::Json, Ty::Bool), Relation::Narrower);
        assert_eq!(relate(Ty::String, Ty::Bool), Relation::Other);
    }

    #[test]
    fn a_type_widens_into_an_untagged_union_only_with_a_variant_that_holds_it() {
        let none = schema([]);
        let body = Ty::Named("Body".to_owned());
        let with_text = schema([untagged(vec![
            (Ty::String, Shape::String),
            (Ty::Vec(Box::new(Ty::String)), Shape::Array(None)),
        ])]);
        assert_eq!(
            types(&Ty::String, &body, &none, &with_text),
            Relation::Wider
        );
        assert_eq!(
            types(&body, &Ty::String, &with_text, &none),
            Relation::Narrower
        );
        let without = schema([untagged(vec![(Ty::Bool, Shape::Boolean)])]);
        assert_eq!(types(&Ty::String, &body, &none, &without), Relation::Other);
    }

    #[test]
    fn constraints_relate_bound_by_bound() {
        let length = |min: Option<u64>, max: Option<u64>| Constraints {
            length: Some(Count { min, max }),
            ..Constraints::default()
        };
        let lower = |value: i64, exclusive: bool| Constraints {
            range: Some(NumberRange {
                min: Some(Bound {
                    value: Number::Int(value),
                    exclusive,
                }),
                max: None,
            }),
            ..Constraints::default()
        };
        let pattern = |pattern: &str| Constraints {
            pattern: Some(pattern.to_owned()),
            ..Constraints::default()
        };
        let none = Constraints::default();
        assert_eq!(
            constraints(&length(None, Some(8)), &length(None, Some(16))),
            Relation::Wider
        );
        assert_eq!(
            constraints(&none, &length(Some(1), None)),
            Relation::Narrower
        );
        assert_eq!(
            constraints(&length(Some(1), Some(8)), &length(Some(0), Some(4))),
            Relation::Other
        );
        assert_eq!(
            constraints(&lower(0, false), &lower(0, true)),
            Relation::Narrower
        );
        assert_eq!(
            constraints(&lower(0, true), &lower(-1, false)),
            Relation::Wider
        );
        assert_eq!(constraints(&lower(0, false), &none), Relation::Wider);
        assert_eq!(constraints(&none, &pattern("^a")), Relation::Narrower);
        assert_eq!(constraints(&pattern("^a"), &pattern("^b")), Relation::Other);
        assert_eq!(constraints(&pattern("^a"), &pattern("^a")), Relation::Same);
    }
}
