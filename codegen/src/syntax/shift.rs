//! Moving a parse's byte ranges: a piece of the file parsed alone has ranges from its own start,
//! and is moved to where it stands in the file. Each impl names every field of its type, so that
//! a new range in the syntax tree cannot be left where it was.

use std::ops::Range;

use super::ast::{
    Bounds, ConstraintAttrs, EnumItem, EnumValueItem, FieldItem, FileSettings, Item, ItemKind,
    Literal, NewtypeItem, OtherMarker, SchemaFile, Spanned, StructItem, TypeExpr, TypeKind,
    UnionItem, UntaggedItem, Use, VariantItem,
};
use crate::diagnostics::{Diagnostic, Fix};

/// Something holding byte ranges of the schema text.
pub(super) trait Shift {
    /// Moves every range it holds `by` bytes later.
    fn shift(&mut self, by: usize);
}

impl Shift for Range<usize> {
    fn shift(&mut self, by: usize) {
        self.start += by;
        self.end += by;
    }
}

impl<T: Shift> Shift for Option<T> {
    fn shift(&mut self, by: usize) {
        if let Some(value) = self {
            value.shift(by);
        }
    }
}

impl<T: Shift> Shift for Vec<T> {
    fn shift(&mut self, by: usize) {
        for value in self {
            value.shift(by);
        }
    }
}

impl<T: Shift> Shift for Spanned<T> {
    fn shift(&mut self, by: usize) {
        self.span.shift(by);
        self.value.shift(by);
    }
}

impl<T: Shift, U> Shift for (T, U) {
    fn shift(&mut self, by: usize) {
        self.0.shift(by);
    }
}

/// Values without a place of their own.
macro_rules! placeless {
    ($($ty:ty),*) => {$(
        impl Shift for $ty {
            fn shift(&mut self, _: usize) {}
        }
    )*};
}

placeless!(String, Literal);

impl Shift for SchemaFile {
    fn shift(&mut self, by: usize) {
        let SchemaFile {
            docs: _,
            docs_span,
            settings,
            uses,
            items,
            unparsed: _,
            unlexed,
        } = self;
        docs_span.shift(by);
        settings.shift(by);
        uses.shift(by);
        items.shift(by);
        unlexed.shift(by);
    }
}

impl Shift for Use {
    fn shift(&mut self, by: usize) {
        let Use { path, names, span } = self;
        path.shift(by);
        names.shift(by);
        span.shift(by);
    }
}

impl Shift for FileSettings {
    fn shift(&mut self, by: usize) {
        let FileSettings {
            id,
            title,
            version,
            rename_fields: _,
            rename_variants: _,
            unknown: _,
            null_as_absent,
            entries,
        } = self;
        id.shift(by);
        title.shift(by);
        version.shift(by);
        null_as_absent.shift(by);
        entries.shift(by);
    }
}

impl Shift for Item {
    fn shift(&mut self, by: usize) {
        let Item {
            name,
            span,
            docs: _,
            deprecated: _,
            examples,
            kind,
        } = self;
        name.shift(by);
        span.shift(by);
        examples.shift(by);
        match kind {
            ItemKind::Struct(StructItem {
                rename_all: _,
                unknown: _,
                fields,
            }) => fields.shift(by),
            ItemKind::Newtype(NewtypeItem { inner }) => inner.shift(by),
            ItemKind::Union(UnionItem {
                tag,
                rename_all: _,
                spreads,
                variants,
            }) => {
                tag.shift(by);
                spreads.shift(by);
                variants.shift(by);
            }
            ItemKind::Enum(EnumItem {
                rename_all: _,
                values,
            }) => values.shift(by),
            ItemKind::Untagged(UntaggedItem {
                variants,
                tried_in_order,
            }) => {
                variants.shift(by);
                tried_in_order.shift(by);
            }
        }
    }
}

impl Shift for FieldItem {
    fn shift(&mut self, by: usize) {
        let FieldItem {
            name,
            docs: _,
            deprecated: _,
            examples,
            flatten,
            rename,
            on_invalid,
            invalid_default,
            skip_invalid,
            null_as_absent,
            default,
            omit_default,
            ty,
            constraints,
        } = self;
        name.shift(by);
        examples.shift(by);
        flatten.shift(by);
        rename.shift(by);
        on_invalid.shift(by);
        invalid_default.shift(by);
        skip_invalid.shift(by);
        null_as_absent.shift(by);
        default.shift(by);
        omit_default.shift(by);
        ty.shift(by);
        constraints.shift(by);
    }
}

impl Shift for ConstraintAttrs {
    fn shift(&mut self, by: usize) {
        let ConstraintAttrs {
            length,
            pattern,
            format,
            range,
            items,
        } = self;
        length.shift(by);
        pattern.shift(by);
        format.shift(by);
        range.shift(by);
        items.shift(by);
    }
}

impl Shift for Bounds {
    fn shift(&mut self, by: usize) {
        let Bounds {
            min,
            max,
            exclusive_min,
            exclusive_max,
            unique,
        } = self;
        min.shift(by);
        max.shift(by);
        exclusive_min.shift(by);
        exclusive_max.shift(by);
        unique.shift(by);
    }
}

impl Shift for VariantItem {
    fn shift(&mut self, by: usize) {
        let VariantItem {
            name,
            docs: _,
            deprecated: _,
            rename,
            other,
            payload,
            unknown,
        } = self;
        name.shift(by);
        rename.shift(by);
        other.shift(by);
        payload.shift(by);
        // The setting itself holds no place; only where it is written moves.
        if let Some(unknown) = unknown {
            unknown.span.shift(by);
        }
    }
}

impl Shift for EnumValueItem {
    fn shift(&mut self, by: usize) {
        let EnumValueItem {
            name,
            docs: _,
            deprecated: _,
            rename,
            other,
        } = self;
        name.shift(by);
        rename.shift(by);
        other.shift(by);
    }
}

impl Shift for OtherMarker {
    fn shift(&mut self, by: usize) {
        let OtherMarker { span, fold: _ } = self;
        span.shift(by);
    }
}

impl Shift for TypeExpr {
    fn shift(&mut self, by: usize) {
        self.span.shift(by);
        match &mut self.kind {
            TypeKind::Vec(inner)
            | TypeKind::Map(inner)
            | TypeKind::Boxed(inner)
            | TypeKind::Option(inner)
            | TypeKind::Nullable(inner) => inner.shift(by),
            TypeKind::String
            | TypeKind::Bool
            | TypeKind::Int(_)
            | TypeKind::Decimal(_)
            | TypeKind::F64
            | TypeKind::Json
            | TypeKind::Named(_)
            | TypeKind::Const(_) => {}
        }
    }
}

impl Shift for Diagnostic {
    fn shift(&mut self, by: usize) {
        let Diagnostic {
            message: _,
            span,
            label: _,
            hint: _,
            related,
            fixes,
        } = self;
        span.shift(by);
        related.shift(by);
        for Fix { title: _, edits } in fixes {
            edits.shift(by);
        }
    }
}
