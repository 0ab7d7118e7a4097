//! Run-time support for generated code. Not a stable API: only generated code should name it.
//!
//! Generated types implement serde's traits by hand, through the readers and writers here,
//! rather than deriving them: so that a crate holding generated code builds no proc macro but
//! the no-op `JsonSchema` derive, and so that each of the schema language's kinds of presence
//! accepts exactly what the contract says (plain serde reads a missing `Option<T>` key and a
//! present `null` both as `None`).

pub use serde;
pub use serde_json;

// The words of a failed constraint, which a test holds equal to the compiler's.
pub use crate::messages::{CONSTRAINT_MESSAGES, number};

// Every generated type derives `__private::JsonSchema`: schemars' derive with the `schemars`
// feature, and without it a derive that expands to nothing, so that one feature of this crate
// decides for every crate that holds generated code (see the Rust emitter's
// `json_schema_derive`).
#[cfg(not(feature = "schemars"))]
pub use cardc_runtime_macros::JsonSchema;
#[cfg(feature = "schemars")]
pub use schemars::{self, JsonSchema};

// Writing: an object whose union tags come first.
pub use crate::object::{MapWriter, Object, StructWriter, Tags, tagged};
// Reading a struct: its visitor, its fields' presence and types, and the errors serde's derive
// gave.
pub use crate::collections::{Entries, Items};
pub use crate::constant::Constant;
pub use crate::structs::{
    Extra, Nullable, Optional, Plain, Read, Strict, Struct, deserialize_struct, extra_fields,
    next_field, no_field_at, read_field, required,
};
// Reader policies, and the pointers of their warnings.
pub use crate::tolerance::{At, EntriesAt, ItemsAt, OrAbsent, OrDefault, SkipInvalid};
// Tag-first union decoding.
pub use crate::union::{
    BeforeTag, Union, deserialize_union, refuse_early, refuse_early_nested, variant,
};
// Unit variants of unions: their tags, and the other keys they keep or drop.
pub use crate::unit_variant::{
    KeptUnit, Unit, dropping_unit_variant, kept_unit_variant, unit_variant,
};
// Untagged unions, told apart by shape.
pub use crate::untagged::{Shape, Untagged, deserialize_untagged, no_variant_at};
// Unit-only enums, read from a string only.
pub use crate::unit_enum::{UnitEnum, deserialize_unit_enum, serialize_unit_enum};
// Field constraints, checked on the value read.
pub use crate::checks::{
    Checked, Pattern, check_float_range, check_int_range, check_items, check_length, check_unique,
};
// The declarations generated code makes, one per type, which expand to its impls.
pub use crate::{
    __cardc_newtype as newtype, __cardc_object as object, __cardc_union as tagged_union,
    __cardc_unit_enum as unit_enum, __cardc_untagged as untagged,
};
