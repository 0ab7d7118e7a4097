//! The serde impls of generated types, as declarative macros: generated code holds each type
//! and one invocation listing its keys and how each is read and written, and the invocation
//! expands to the impls the emitter used to write out (so decoding and encoding compile to
//! the same code). Every macro is `macro_rules!`: a crate holding generated code still builds
//! no proc macro, no syn.
//!
//! Hygiene: the impls' own locals are the macros' (a schema name cannot reach them), and their
//! generics are `__A`, `__D`, `__S` and `__B`, which no schema type can be named (the checker
//! wants UpperCamelCase without underscores).
//!
//! Structs have no sequence form: only formats that are not self-describing (bincode) write a
//! struct as a sequence, and the contract is JSON's, so such a value is refused as serde
//! refuses any value of the wrong type.
//!
//! The grammar each macro takes is the emitter's (`codegen/src/emit/rust`); nothing else should
//! write an invocation.

/// The impls of a struct: `Serialize` through `Object`, `Deserialize` through `Struct`, and the
/// inherent `__visit_map_with`, the visitor taking some slots filled (by a union that read them
/// before its tag).
///
/// `object! { Name "Name" struct|map deny|drop|keep; keys { ... } build { ... } }`: each key is
/// `index "wire" [field.path]: SlotType = mode(..) (reader)`, in the object's key order; `build`
/// is the struct literal from the keys' indices (`title: 0, envelope: Envelope { id: 1 }`).
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_object {
    (
        $name:ident $label:literal $form:ident $unknown:ident;
        keys { $($i:tt $wire:literal [$($path:tt)*]: $ty:ty = $mode:ident($($arg:tt)*) ($($read:tt)*);)* }
        build { $($build:tt)* }
    ) => {
        $crate::__cardc_serialize_object!($name);

        #[allow(deprecated)]
        impl $crate::__private::Object for $name {
            #[inline]
            fn serialize_object<__S>(
                &self,
                serializer: __S,
                tags: ::core::option::Option<&$crate::__private::Tags<'_>>,
            ) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: $crate::__private::serde::Serializer,
            {
                let len = 0 $(+ $crate::__cardc_count!($mode($($arg)*) self [$($path)*]))*
                    + $crate::__cardc_extra_count!($unknown self);
                #[allow(unused_mut)]
                let mut object = $crate::__cardc_begin!($form serializer, $label, len, tags)?;
                $($crate::__cardc_write!($mode($($arg)*) object self $wire [$($path)*]);)*
                $crate::__cardc_extra_write!($unknown object self);
                object.end()
            }
        }

        $crate::__cardc_deserialize!($name deserialize_struct);

        #[allow(deprecated)]
        impl $crate::__private::Struct for $name {
            const NAME: &'static str = $label;
            const FIELDS: &'static [&'static str] = &[$($wire),*];
            const OPEN: bool = $crate::__cardc_open!($unknown);

            #[inline]
            fn visit_map<'de, __A>(map: __A) -> ::core::result::Result<Self, __A::Error>
            where
                __A: $crate::__private::serde::de::MapAccess<'de>,
            {
                Self::__visit_map_with(map, ($(::core::option::Option::<$ty>::None,)*))
            }
        }

        #[allow(deprecated)]
        impl $name {
            /// Reads the struct from the entries of an object, some of its slots filled
            /// already by the union around it, from entries before the union's tag. Public,
            /// for a union declared in another schema file's module.
            #[doc(hidden)]
            #[inline]
            #[allow(clippy::type_complexity, unused_mut)]
            pub fn __visit_map_with<'de, __A>(
                mut map: __A,
                mut slots: ($(::core::option::Option<$ty>,)*),
            ) -> ::core::result::Result<Self, __A::Error>
            where
                __A: $crate::__private::serde::de::MapAccess<'de>,
            {
                $crate::__cardc_extra_new!($unknown extra);
                while let ::core::option::Option::Some(field) =
                    $crate::__private::next_field::<Self, __A>(
                        &mut map,
                        $crate::__cardc_extra_keep!($unknown extra),
                    )?
                {
                    match field {
                        $($i => $crate::__private::read_field(
                            &mut map,
                            &mut slots.$i,
                            $wire,
                            $crate::__cardc_reader!($($read)*),
                        )?,)*
                        // `next_field` yields only indices of `FIELDS`; an error, not a panic.
                        _ => return ::core::result::Result::Err($crate::__private::no_field_at(field)),
                    }
                }
                // A constant must have been given; the struct holds nothing for it.
                $($crate::__cardc_constant!($mode slots.$i, $wire, __A);)*
                #[allow(unused_variables, clippy::let_unit_value)]
                let values = ($($crate::__cardc_take!($mode($($arg)*) slots.$i, $wire, __A)?,)*);
                $crate::__cardc_extra_finish!($unknown extra, __A);
                ::core::result::Result::Ok($crate::__cardc_build!(values extra $unknown $name { $($build)* }))
            }
        }
    };
}

/// `Serialize` through the type's `Object` impl, with no union around it.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_serialize_object {
    ($name:ident) => {
        #[allow(deprecated)]
        impl $crate::__private::serde::Serialize for $name {
            #[inline]
            fn serialize<__S>(&self, serializer: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: $crate::__private::serde::Serializer,
            {
                $crate::__private::Object::serialize_object(
                    self,
                    serializer,
                    ::core::option::Option::None,
                )
            }
        }
    };
}

/// `Deserialize` through one of the runtime's `deserialize_*` functions.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_deserialize {
    ($name:ident $with:ident) => {
        #[allow(deprecated)]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            #[inline]
            fn deserialize<__D>(deserializer: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: $crate::__private::serde::Deserializer<'de>,
            {
                $crate::__private::$with(deserializer)
            }
        }
    };
}

/// The writer a struct begins: a serde struct when closed and flat, else a map.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_begin {
    (struct $serializer:ident, $label:literal, $len:ident, $tags:ident) => {
        $crate::__private::StructWriter::begin($serializer, $label, $len, $tags)
    };
    (map $serializer:ident, $label:literal, $len:ident, $tags:ident) => {
        $crate::__private::MapWriter::begin($serializer, $len, $tags)
    };
}

/// How many entries a key writes: one, or one when it holds a value (an optional key) or
/// another value than its default (an omitted default).
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_count {
    (opt() $s:tt [$($path:tt)*]) => {
        ::core::primitive::usize::from(::core::option::Option::is_some(&$s.$($path)*))
    };
    (omit($default:path, |$value:ident| $test:expr) $s:tt [$($path:tt)*]) => {
        ::core::primitive::usize::from({
            let $value = &$s.$($path)*;
            $test
        })
    };
    ($mode:ident($($arg:tt)*) $s:tt [$($path:tt)*]) => {
        1
    };
}

/// Writes one key.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_write {
    (opt() $object:ident $s:tt $wire:literal [$($path:tt)*]) => {
        $object.optional_field($wire, &$s.$($path)*)?
    };
    (omit($default:path, |$value:ident| $test:expr) $object:ident $s:tt $wire:literal [$($path:tt)*]) => {
        if {
            let $value = &$s.$($path)*;
            $test
        } {
            $object.field($wire, &$s.$($path)*)?;
        }
    };
    (con($constant:expr) $object:ident $s:tt $wire:literal []) => {
        $object.field($wire, &$constant)?
    };
    ($mode:ident($($arg:tt)*) $object:ident $s:tt $wire:literal [$($path:tt)*]) => {
        $object.field($wire, &$s.$($path)*)?
    };
}

/// Checks that a constant key was given.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_constant {
    (con $slot:expr, $wire:literal, $a:ident) => {
        $crate::__private::required::<$a::Error, ()>($slot, $wire)?
    };
    ($mode:ident $slot:expr, $wire:literal, $a:ident) => {};
}

/// A key's value from its slot once the object is read: absent, an optional key is `None`
/// and a defaulted one its default; any other is an error.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_take {
    (req() $slot:expr, $wire:literal, $a:ident) => {
        $crate::__private::required::<$a::Error, _>($slot, $wire)
    };
    (opt() $slot:expr, $wire:literal, $a:ident) => {
        ::core::result::Result::<_, $a::Error>::Ok(::core::option::Option::unwrap_or_default($slot))
    };
    (def($default:path) $slot:expr, $wire:literal, $a:ident) => {
        ::core::result::Result::<_, $a::Error>::Ok(::core::option::Option::unwrap_or_else(
            $slot, $default,
        ))
    };
    (omit($default:path, $($test:tt)*) $slot:expr, $wire:literal, $a:ident) => {
        ::core::result::Result::<_, $a::Error>::Ok(::core::option::Option::unwrap_or_else(
            $slot, $default,
        ))
    };
    (con($constant:expr) $slot:expr, $wire:literal, $a:ident) => {
        ::core::result::Result::<(), $a::Error>::Ok(())
    };
}

/// The struct literal from the keys' values (`values.0`...), a flattened struct built from the
/// values of its own keys, and an open struct's kept keys in `extra_fields`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_build {
    ($values:ident $extra:ident keep $ty:ident { $($body:tt)* }) => {
        $crate::__cardc_build!(@ $values $extra $ty [extra_fields: $extra,] $($body)*)
    };
    ($values:ident $extra:ident $unknown:ident $ty:ident { $($field:ident: $i:tt),* $(,)? }) => {
        $ty { $($field: $values.$i),* }
    };
    ($values:ident $extra:ident $unknown:ident $ty:ident { $($body:tt)* }) => {
        $crate::__cardc_build!(@ $values $extra $ty [] $($body)*)
    };
    (@ $values:ident $extra:ident $ty:ident [$($done:tt)*] $(,)?) => {
        $ty { $($done)* }
    };
    (@ $values:ident $extra:ident $ty:ident [$($done:tt)*] $field:ident: $inner:ident { $($body:tt)* } $(, $($rest:tt)*)?) => {
        $crate::__cardc_build!(
            @ $values $extra $ty
            [$($done)* $field: $crate::__cardc_build!($values $extra deny $inner { $($body)* }),]
            $($($rest)*)?
        )
    };
    (@ $values:ident $extra:ident $ty:ident [$($done:tt)*] $field:ident: $i:tt $(, $($rest:tt)*)?) => {
        $crate::__cardc_build!(@ $values $extra $ty [$($done)* $field: $values.$i,] $($($rest)*)?)
    };
}

/// Whether a struct accepts keys the schema does not name.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_open {
    (deny) => {
        false
    };
    ($unknown:ident) => {
        true
    };
}

/// The entries an open struct's kept keys add.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_extra_count {
    (keep $s:tt) => {
        $s.extra_fields.len()
    };
    ($unknown:ident $s:tt) => {
        0
    };
}

/// Writes an open struct's kept keys.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_extra_write {
    (keep $object:ident $s:tt) => {
        $object.extra_fields(&$s.extra_fields)?;
    };
    ($unknown:ident $object:ident $s:tt) => {};
}

/// Where an open struct keeps the keys the schema does not name while its object is read.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_extra_new {
    (keep $extra:ident) => {
        let mut $extra = $crate::__private::Extra::new();
    };
    (drop $extra:ident) => {
        let mut $extra = $crate::__private::Extra::dropping();
    };
    ($unknown:ident $extra:ident) => {};
}

/// What `next_field` is given to read unknown keys into: nothing but for an open struct.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_extra_keep {
    (keep $extra:ident) => {
        ::core::option::Option::Some(&mut $extra)
    };
    (drop $extra:ident) => {
        ::core::option::Option::Some(&mut $extra)
    };
    ($unknown:ident $extra:ident) => {
        ::core::option::Option::None
    };
}

/// The kept keys as the struct's `extra_fields`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_extra_finish {
    (keep $extra:ident, $a:ident) => {
        let $extra = $crate::__private::extra_fields::<$a::Error>($extra)?;
    };
    ($unknown:ident $extra:ident, $a:ident) => {};
}

/// A reader (see `Read`) from its short spelling: `Optional(Nullable(Strict))`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_reader {
    (Plain) => {
        $crate::__private::Plain
    };
    (Strict) => {
        $crate::__private::Strict
    };
    (Optional($($inner:tt)*)) => {
        $crate::__private::Optional($crate::__cardc_reader!($($inner)*))
    };
    (Nullable($($inner:tt)*)) => {
        $crate::__private::Nullable($crate::__cardc_reader!($($inner)*))
    };
    (Items($($inner:tt)*)) => {
        $crate::__private::Items($crate::__cardc_reader!($($inner)*))
    };
    (Entries($($inner:tt)*)) => {
        $crate::__private::Entries($crate::__cardc_reader!($($inner)*))
    };
    (ItemsAt($($inner:tt)*)) => {
        $crate::__private::ItemsAt($crate::__cardc_reader!($($inner)*))
    };
    (EntriesAt($($inner:tt)*)) => {
        $crate::__private::EntriesAt($crate::__cardc_reader!($($inner)*))
    };
    (SkipInvalid($($inner:tt)*)) => {
        $crate::__private::SkipInvalid($crate::__cardc_reader!($($inner)*))
    };
    (OrAbsent($($inner:tt)*)) => {
        $crate::__private::OrAbsent($crate::__cardc_reader!($($inner)*))
    };
    (OrDefault($default:path, $($inner:tt)*)) => {
        $crate::__private::OrDefault($crate::__cardc_reader!($($inner)*), $default)
    };
    (At($wire:literal, $($inner:tt)*)) => {
        $crate::__private::At($wire, $crate::__cardc_reader!($($inner)*))
    };
    (String($value:literal)) => {
        $crate::__private::Constant::String($value)
    };
    (Int($value:literal)) => {
        $crate::__private::Constant::Int($value)
    };
    (Bool($value:literal)) => {
        $crate::__private::Constant::Bool($value)
    };
    (Checked($ty:ty; $($check:ident($($arg:tt)*)),*; $($inner:tt)*)) => {
        $crate::__private::Checked(
            $crate::__cardc_reader!($($inner)*),
            |value: &$ty| -> ::core::result::Result<(), ::std::string::String> {
                $($crate::__cardc_check!(value $check($($arg)*));)*
                ::core::result::Result::Ok(())
            },
        )
    };
}

/// One constraint check of a `Checked` reader, on `value`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_check {
    ($value:ident length($min:tt, $max:tt)) => {
        $crate::__private::check_length(
            $value,
            $crate::__cardc_some!($min),
            $crate::__cardc_some!($max),
        )?
    };
    ($value:ident items($min:tt, $max:tt)) => {
        $crate::__private::check_items(
            $value,
            $crate::__cardc_some!($min),
            $crate::__cardc_some!($max),
        )?
    };
    ($value:ident pattern($pattern:literal, $what:literal)) => {{
        static PATTERN: $crate::__private::Pattern =
            $crate::__private::Pattern::new($pattern, $what);
        PATTERN.check($value)?;
    }};
    ($value:ident int($min:tt, $max:tt)) => {
        $crate::__private::check_int_range(
            ::core::primitive::i128::from(*$value),
            $crate::__cardc_some!($min),
            $crate::__cardc_some!($max),
        )?
    };
    ($value:ident float($min:tt, $max:tt)) => {
        $crate::__private::check_float_range(
            *$value,
            $crate::__cardc_some!($min),
            $crate::__cardc_some!($max),
        )?
    };
    ($value:ident unique()) => {
        $crate::__private::check_unique($value)?
    };
}

/// A constraint's bound: `_` as `None`, `[value]` as `Some(value)`, `[value, exclusive]` as
/// `Some((value, exclusive))`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_some {
    (_) => {
        ::core::option::Option::None
    };
    ([$value:literal]) => {
        ::core::option::Option::Some($value)
    };
    ([$value:literal, $exclusive:literal]) => {
        ::core::option::Option::Some(($value, $exclusive))
    };
}

/// The impls of a unit-only enum: read from its wire string alone, written as it.
///
/// `unit_enum! { Name "Name" { Variant = index "wire", ... } other(Variant) }`, the catch-all
/// only for an open enum; `fold(Variant)` instead for one whose unknown strings read as that
/// known value.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_unit_enum {
    (
        $name:ident $label:literal { $($variant:ident = $i:literal $wire:literal),* $(,)? }
        $(other($other:ident))?
        $(fold($fold:ident))?
    ) => {
        #[allow(deprecated)]
        impl $crate::__private::serde::Serialize for $name {
            #[inline]
            fn serialize<__S>(&self, serializer: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: $crate::__private::serde::Serializer,
            {
                $crate::__private::serialize_unit_enum(self, serializer)
            }
        }

        $crate::__cardc_deserialize!($name deserialize_unit_enum);

        #[allow(deprecated)]
        impl $crate::__private::UnitEnum for $name {
            const NAME: &'static str = $label;
            const VALUES: &'static [&'static str] = &[$($wire),*];

            #[inline]
            fn from_wire(value: &str) -> ::core::option::Option<Self> {
                match value {
                    $($wire => ::core::option::Option::Some(Self::$variant),)*
                    _ => ::core::option::Option::None,
                }
            }

            #[inline]
            fn to_wire(&self) -> ::core::result::Result<(::core::primitive::u32, &'static str), &str> {
                match self {
                    $(Self::$variant => ::core::result::Result::Ok(($i, $wire)),)*
                    $(Self::$other(unknown) => ::core::result::Result::Err(unknown.as_str()),)?
                }
            }

            $(
                #[inline]
                fn other(value: $crate::UnknownValue<Self>) -> ::core::option::Option<Self> {
                    ::core::option::Option::Some(Self::$other(value))
                }
            )?

            $(
                #[inline]
                fn other(_: $crate::UnknownValue<Self>) -> ::core::option::Option<Self> {
                    ::core::option::Option::Some(Self::$fold)
                }
            )?
        }
    };
}

/// The impls of a newtype: written as the value it wraps, read by `reader`.
///
/// `newtype! { Name (reader) }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_newtype {
    ($name:ident ($($read:tt)*)) => {
        #[allow(deprecated)]
        impl $crate::__private::serde::Serialize for $name {
            #[inline]
            fn serialize<__S>(&self, serializer: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: $crate::__private::serde::Serializer,
            {
                $crate::__private::serde::Serialize::serialize(&self.0, serializer)
            }
        }

        #[allow(deprecated)]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            #[inline]
            fn deserialize<__D>(deserializer: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: $crate::__private::serde::Deserializer<'de>,
            {
                $crate::__private::Read::read($crate::__cardc_reader!($($read)*), deserializer).map(Self)
            }
        }
    };
}

/// The impls of an untagged union: written as the value it holds, read by shape.
///
/// `untagged! { Name "Name" "what it expects" { index Variant [Shape] (reader), ... } }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_untagged {
    (
        $name:ident $label:literal $expected:literal {
            $($i:literal $variant:ident [$($shape:tt)*] ($($read:tt)*)),* $(,)?
        }
    ) => {
        #[allow(deprecated)]
        impl $crate::__private::serde::Serialize for $name {
            #[inline]
            fn serialize<__S>(&self, serializer: __S) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: $crate::__private::serde::Serializer,
            {
                match self {
                    $(Self::$variant(value) => $crate::__private::serde::Serialize::serialize(value, serializer),)*
                }
            }
        }

        $crate::__cardc_deserialize!($name deserialize_untagged);

        #[allow(deprecated)]
        impl $name {
            $crate::__cardc_from_json!($label);
        }

        #[allow(deprecated)]
        impl $crate::__private::Untagged for $name {
            const NAME: &'static str = $label;
            const EXPECTED: &'static str = $expected;
            const SHAPES: &'static [$crate::__private::Shape] = &[$($crate::__cardc_shape!($($shape)*)),*];

            #[inline]
            fn variant<'de, __D>(index: usize, value: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: $crate::__private::serde::Deserializer<'de>,
            {
                match index {
                    $($i => $crate::__private::Read::read($crate::__cardc_reader!($($read)*), value).map(Self::$variant),)*
                    _ => ::core::result::Result::Err($crate::__private::no_variant_at(index)),
                }
            }
        }
    };
}

/// A union's decoding helpers, `from_json_str` and `from_json_value`, as items of its `impl`.
/// `#[inline]`: each instantiates a whole decoder; it is compiled in the crates that call it
/// rather than in every crate that holds the types.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_from_json {
    ($label:literal) => {
        #[doc = concat!("Decodes a `", $label, "` from JSON text, or says where and why it is not one")]
        /// (its `DecodeError` names the JSON pointer, the type and the variant).
        #[inline]
        pub fn from_json_str(text: &str) -> ::core::result::Result<Self, $crate::DecodeError> {
            $crate::decode_str(text)
        }

        /// Narrows an opaque JSON value (a `meta` field, a message payload) to a
        #[doc = concat!("`", $label, "`, or says where and why it is not one (its `DecodeError` names")]
        /// the JSON pointer, the type and the variant).
        #[inline]
        pub fn from_json_value(
            value: &$crate::__private::serde_json::Value,
        ) -> ::core::result::Result<Self, $crate::DecodeError> {
            $crate::decode_value(value)
        }
    };
}

/// A variant's `Shape`: `Object` without keys, `Object("id" "method")` with the keys it must
/// have, `Tried` for an object variant tried in order, `Array(String)` with the shape every
/// item has.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_shape {
    (Object) => {
        $crate::__private::Shape::Object(&[])
    };
    (Tried) => {
        $crate::__private::Shape::Tried
    };
    (Object($($key:literal)+)) => {
        $crate::__private::Shape::Object(&[$($key),+])
    };
    (Array) => {
        $crate::__private::Shape::Array(::core::option::Option::None)
    };
    (Array($($item:tt)+)) => {
        $crate::__private::Shape::Array(::core::option::Option::Some(&$crate::__cardc_shape!($($item)+)))
    };
    ($shape:ident) => {
        $crate::__private::Shape::$shape
    };
}

/// The impls of a tagged union: `Serialize` through `Object`, which writes the tag before the
/// payload's keys; `Deserialize` through the tag-first decoder and the `Union` impl; the
/// `from_json_*` helpers; and the bridge's `TAGS`, `tag` and `dispatch`.
///
/// `tagged_union! { Name "Name" "tag" NameBridge { Variant "value" kind(..) method, ... }
/// other(Variant method) early { ... } }`: a variant's kind is `struct(Payload)`,
/// `union(Payload "its tag")` or `unit()`; `other` only for an open union, or `fold(Variant)`
/// for one whose unknown tags read as that unit variant; `early` only for a union that reads
/// some keys before its tag (see `__cardc_before_tag_with`).
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_union {
    (
        $name:ident $label:literal $tag:literal $bridge:ident {
            $($variant:ident $value:literal $kind:ident($($payload:tt)*) $method:ident),* $(,)?
        }
        $(other($other:ident $other_method:ident))?
        $(fold($fold:ident))?
        $(early { $($early:tt)* })?
    ) => {
        $crate::__cardc_serialize_object!($name);

        #[allow(deprecated)]
        impl $crate::__private::Object for $name {
            #[inline]
            fn serialize_object<__S>(
                &self,
                serializer: __S,
                tags: ::core::option::Option<&$crate::__private::Tags<'_>>,
            ) -> ::core::result::Result<__S::Ok, __S::Error>
            where
                __S: $crate::__private::serde::Serializer,
            {
                match self {
                    $($crate::__cardc_pattern!($kind $variant payload) => $crate::__private::tagged(
                        $crate::__cardc_payload!($kind payload),
                        serializer,
                        $tag,
                        $value,
                        tags,
                    ),)*
                    $(Self::$other(unknown) => $crate::__private::Object::serialize_object(unknown, serializer, tags),)?
                }
            }
        }

        $crate::__cardc_deserialize!($name deserialize_union);

        #[allow(deprecated)]
        impl $crate::__private::Union for $name {
            const NAME: &'static str = $label;
            const TAG: &'static str = $tag;
            const TAGS: &'static [&'static str] = &[$($value),*];

            #[inline]
            fn variant<'de, __D>(tag: &str, payload: __D) -> ::core::result::Result<Self, __D::Error>
            where
                __D: $crate::__private::serde::Deserializer<'de>,
            {
                match tag {
                    $($value => $crate::__cardc_variant!($kind($($payload)*) $variant payload),)*
                    // `deserialize_union` passes only tags from `TAGS` (an unknown one of an
                    // open union goes to `other`).
                    _ => ::core::result::Result::Err(
                        $crate::__private::serde::de::Error::unknown_variant(tag, Self::TAGS),
                    ),
                }
            }

            #[inline]
            fn nested_tag(tag: &str) -> ::core::option::Option<&'static str> {
                match tag {
                    $($value => $crate::__cardc_nested_tag!($kind($($payload)*)),)*
                    _ => ::core::option::Option::None,
                }
            }

            $(
                const OPEN: bool = true;

                #[inline]
                fn other(unknown: $crate::Unknown<Self>) -> ::core::option::Option<Self> {
                    ::core::option::Option::Some(Self::$other(unknown))
                }
            )?

            $(
                const OPEN: bool = true;

                #[inline]
                fn other(_: $crate::Unknown<Self>) -> ::core::option::Option<Self> {
                    ::core::option::Option::Some(Self::$fold)
                }
            )?

            $($crate::__cardc_before_tag!($($early)*);)?
        }

        $($crate::__cardc_before_tag_with!($name $($early)*);)?

        #[allow(deprecated)]
        impl $name {
            $crate::__cardc_from_json!($label);

            #[doc = concat!("Every `", $tag, "` tag value, in declaration order.")]
            pub const TAGS: &'static [&'static str] = &[$($value),*];

            /// This value's tag.
            pub fn tag(&self) -> $crate::__cardc_tag_type!($($other)?) {
                match self {
                    $($crate::__cardc_pattern!($kind $variant _) => $value,)*
                    $(Self::$other(unknown) => unknown.tag(),)?
                }
            }

            /// Hands this value to the bridge method for its variant.
            pub fn dispatch<__B: $bridge + ?::core::marker::Sized>(&self, bridge: &mut __B) -> __B::Output {
                match self {
                    $($crate::__cardc_pattern!($kind $variant value) => $crate::__cardc_dispatch!($kind bridge $method value),)*
                    $(Self::$other(value) => bridge.$other_method(value),)?
                }
            }
        }
    };
}

/// The pattern of a union variant: `Self::Variant(binding)`, `Self::Variant` for a unit one, or
/// `Self::Variant { extra_fields: binding }` for a unit one that keeps other keys.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_pattern {
    (unit $variant:ident $binding:tt) => {
        Self::$variant
    };
    (kept $variant:ident $binding:tt) => {
        Self::$variant {
            extra_fields: $binding,
        }
    };
    ($kind:ident $variant:ident $binding:tt) => {
        Self::$variant($binding)
    };
}

/// What a union variant writes after its tags: its payload, or nothing for a unit variant.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_payload {
    (unit $payload:ident) => {
        &$crate::__private::Unit
    };
    (kept $payload:ident) => {
        &$crate::__private::KeptUnit($payload)
    };
    ($kind:ident $payload:ident) => {
        $payload
    };
}

/// A bridge method's call for a union variant.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_dispatch {
    (unit $bridge:ident $method:ident $value:ident) => {
        $bridge.$method()
    };
    (kept $bridge:ident $method:ident $value:ident) => {
        $bridge.$method()
    };
    ($kind:ident $bridge:ident $method:ident $value:ident) => {
        $bridge.$method($value)
    };
}

/// The type of a union's `tag()`: a closed union's tags are all the schema's; an open one's
/// may be one read.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_tag_type {
    () => {
        &'static str
    };
    ($other:ident) => {
        &str
    };
}

/// Decodes the payload of a union variant: a struct noting its name when that fails, a nested
/// union naming the one its own tag picks, a unit variant its tags alone.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_variant {
    (unit() $variant:ident $payload:ident) => {
        $crate::__private::unit_variant($payload).map(|()| Self::$variant)
    };
    (unit(drop) $variant:ident $payload:ident) => {
        $crate::__private::dropping_unit_variant($payload).map(|()| Self::$variant)
    };
    (kept() $variant:ident $payload:ident) => {
        $crate::__private::kept_unit_variant($payload)
            .map(|extra_fields| Self::$variant { extra_fields })
    };
    (struct($ty:ident) $variant:ident $payload:ident) => {
        $crate::__private::variant(::core::stringify!($ty), $payload).map(Self::$variant)
    };
    (union($ty:ident $tag:literal) $variant:ident $payload:ident) => {
        $crate::__private::serde::Deserialize::deserialize($payload).map(Self::$variant)
    };
}

/// The tag of the union a variant holds, so that the decoder can hand a buffered entry of it
/// out first.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_nested_tag {
    (union($ty:ident $tag:literal)) => {
        ::core::option::Option::Some($tag)
    };
    ($kind:ident($($payload:tt)*)) => {
        ::core::option::Option::None
    };
}

/// A union's `EARLY` keys and its `before_tag`, which starts `__before_tag_with` with every
/// slot empty.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_before_tag {
    (keys { $($i:tt $wire:literal: $ty:ty = ($($read:tt)*);)* } $($arms:tt)*) => {
        const EARLY: &'static [&'static str] = &[$($wire),*];

        #[inline]
        fn before_tag<'de, __A>(
            object: $crate::__private::BeforeTag<'de, __A>,
        ) -> ::core::result::Result<Self, __A::Error>
        where
            __A: $crate::__private::serde::de::MapAccess<'de>,
        {
            Self::__before_tag_with(object, ($(::core::option::Option::<$ty>::None,)*))
        }
    };
}

/// A union's `__before_tag_with`: the early keys (`index "wire": SlotType = (reader)`) read
/// into their slots, some filled already by a union around this one; then the variant the tag
/// picks, after each early key it takes no slot for is refused, given the slots it takes
/// (`take[0, _]`: for each slot of its own, an early slot or none).
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_before_tag_with {
    (
        $name:ident
        keys { $($i:tt $wire:literal: $ty:ty = ($($read:tt)*);)* }
        arms {
            $($variant:ident $value:literal $kind:ident($($payload:tt)*)
                refuse[$($refused:tt $refused_wire:literal),*] take[$($take:tt),*]),* $(,)?
        }
    ) => {
        #[allow(deprecated)]
        impl $name {
            /// Reads the union's object from its first key that is not the tag, some slots of
            /// its early keys filled already by the union around it. Public, for a union
            /// declared in another schema file's module.
            #[doc(hidden)]
            #[inline]
            #[allow(clippy::type_complexity)]
            pub fn __before_tag_with<'de, __A>(
                mut object: $crate::__private::BeforeTag<'de, __A>,
                mut early: ($(::core::option::Option<$ty>,)*),
            ) -> ::core::result::Result<Self, __A::Error>
            where
                __A: $crate::__private::serde::de::MapAccess<'de>,
            {
                while let ::core::option::Option::Some(key) = object.next_early::<Self>()? {
                    match key {
                        $($i => $crate::__private::read_field(
                            object.map(),
                            &mut early.$i,
                            $wire,
                            $crate::__cardc_reader!($($read)*),
                        )?,)*
                        // `next_early` yields only indices of `EARLY`; an error, not a panic.
                        _ => return ::core::result::Result::Err($crate::__private::no_field_at(key)),
                    }
                }
                let (tag, payload) = object.tag::<Self>()?;
                match tag {
                    $($value => {
                        $crate::__cardc_refuse!($kind($($payload)*) early __A [$($refused $refused_wire),*]);
                        $crate::__cardc_early_variant!($kind($($payload)*) $variant payload early [$($take),*])
                    })*
                    // `tag` passes only tags from `TAGS`.
                    _ => ::core::result::Result::Err(
                        $crate::__private::serde::de::Error::unknown_variant(tag, Self::TAGS),
                    ),
                }
            }
        }
    };
}

/// Refuses the early keys a variant takes no slot for, as its own visitor would.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_refuse {
    ($kind:ident($($payload:tt)*) $early:ident $a:ident []) => {};
    (struct($ty:ident) $early:ident $a:ident [$($i:tt $wire:literal),+]) => {
        $crate::__private::refuse_early::<$a::Error>(
            &[$(($early.$i.is_some(), $wire)),+],
            <$ty as $crate::__private::Struct>::FIELDS,
        )?;
    };
    (union($ty:ident $tag:literal) $early:ident $a:ident [$($i:tt $wire:literal),+]) => {
        $crate::__private::refuse_early_nested::<$a::Error>(
            &[$(($early.$i.is_some(), $wire)),+],
            ::core::stringify!($ty),
        )?;
    };
    (unit() $early:ident $a:ident [$($i:tt $wire:literal),+]) => {
        $crate::__private::refuse_early::<$a::Error>(&[$(($early.$i.is_some(), $wire)),+], &[])?;
    };
}

/// A variant read after its tag, from the early slots it takes (`[]`: none) and the rest of the
/// object.
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_early_variant {
    ($kind:ident($($payload:tt)*) $variant:ident $rest:ident $early:ident []) => {
        $crate::__cardc_variant!($kind($($payload)*) $variant $rest)
    };
    (struct($ty:ident) $variant:ident $rest:ident $early:ident [$($take:tt),+]) => {
        $ty::__visit_map_with($rest, ($($crate::__cardc_slot!($early $take),)+)).map(Self::$variant)
    };
    (union($ty:ident $tag:literal) $variant:ident $rest:ident $early:ident [$($take:tt),+]) => {
        $ty::__before_tag_with(
            $crate::__private::BeforeTag::resume($rest),
            ($($crate::__cardc_slot!($early $take),)+),
        )
        .map(Self::$variant)
    };
}

/// An early slot handed to a variant (`_`: none).
#[doc(hidden)]
#[macro_export]
macro_rules! __cardc_slot {
    ($early:ident _) => {
        ::core::option::Option::None
    };
    ($early:ident $i:tt) => {
        $early.$i
    };
}
