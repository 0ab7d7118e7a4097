//! A struct's visitor: the `Struct` impl through which its `Deserialize` impl reads it.
//!
//! It is the visitor serde's derive wrote, spelt against the runtime: one typed `Option` slot
//! per field, each value read straight into its slot by the reader its presence picks, every
//! key read and refused (unknown, or given twice) as it comes, and the missing fields checked
//! in declaration order once the object ends. So every error is serde's, word for word, at
//! the same place in the input. An open struct keeps the keys the schema does not name and
//! reads them into `extra_fields` last.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use super::defaults;
use super::early::Plan;
use super::fields::{field_ident, is_constant, reader, slot_type};
use super::structs::written_as_map;
use super::{Runtime, ident};
use crate::ir::{Field, Schema, StructDef, Ty};
use crate::naming::rust::{EXTRA_FIELDS, VISIT_MAP_WITH};

/// The `Struct` impl of a struct: its name, its object's keys (those of a flattened struct in
/// place of the field that holds it), `visit_map`, and for a closed struct that flattens
/// nothing `visit_seq`, the sequence form compact formats write.
///
/// A struct that some union hands the values it read before its tag (see [`Plan::prefills`])
/// also gets an inherent `__visit_map_with`, the same visitor taking its slots filled, which
/// its `visit_map` calls with every slot empty.
pub(super) fn struct_impl(
    def: &StructDef,
    schema: &Schema,
    runtime: Runtime,
    plan: &Plan,
) -> Vec<TokenStream> {
    let rt = runtime.path();
    let name = ident(&def.name);
    let name_text = &def.name;
    let keys = schema.wire_fields(def);
    let wires = keys.iter().map(|(_, field)| &field.wire_name);
    let open = !def.closed();
    let body = visit_map_body(def, schema, &keys, runtime);
    let map_bound = quote!(A: #rt::__private::serde::de::MapAccess<'de>);
    let visit_seq = (!written_as_map(def)).then(|| visit_seq(def, schema, runtime));
    // `visit_map` holds the visitor itself, or hands it empty slots to the prefilled form.
    let (visit_map, prefilled) = if plan.prefills(&def.name) {
        let with = ident(VISIT_MAP_WITH);
        let empty = keys.iter().map(|_| quote!(::std::option::Option::None));
        let params = keys.iter().enumerate().map(|(index, (_, field))| {
            let slot = slot(index);
            let ty = slot_type(field, runtime);
            quote!(mut #slot: ::std::option::Option<#ty>)
        });
        let visit_map = quote! {
            fn visit_map<'de, A>(map: A) -> ::std::result::Result<Self, A::Error>
            where
                #map_bound,
            {
                Self::#with(map, #(#empty),*)
            }
        };
        let prefilled = quote! {
            impl #name {
                /// Reads the struct from the entries of an object, some of its slots filled
                /// already by the union around it, from entries before the union's tag.
                #[inline]
                #[allow(clippy::too_many_arguments, clippy::type_complexity)]
                fn #with<'de, A>(
                    mut map: A,
                    #(#params,)*
                ) -> ::std::result::Result<Self, A::Error>
                where
                    #map_bound,
                {
                    #body
                }
            }
        };
        (visit_map, Some(prefilled))
    } else {
        let slots = (0..keys.len()).map(|index| {
            let slot = slot(index);
            quote!(let mut #slot = ::std::option::Option::None;)
        });
        let visit_map = quote! {
            fn visit_map<'de, A>(mut map: A) -> ::std::result::Result<Self, A::Error>
            where
                #map_bound,
            {
                #(#slots)*
                #body
            }
        };
        (visit_map, None)
    };
    let mut items = vec![quote! {
        impl #rt::__private::Struct for #name {
            const NAME: &'static str = #name_text;
            const FIELDS: &'static [&'static str] = &[#(#wires),*];
            const OPEN: bool = #open;

            #[inline]
            #visit_map

            #visit_seq
        }
    }];
    items.extend(prefilled);
    items
}

/// The struct that declares a key's field: the one the last flattened field on its `path`
/// holds, or `def` itself.
pub(super) fn owner<'a>(def: &'a StructDef, path: &[&'a Field]) -> &'a str {
    match path.last().map(|field| &field.ty) {
        Some(Ty::Named(name)) => name,
        _ => &def.name,
    }
}

/// The local holding the value of the field at `index` while the object is read: named by
/// the index, since a field's own name need not make a snake-case local (`__proto__`), and
/// never `map` or `field`.
fn slot(index: usize) -> Ident {
    Ident::new(&format!("slot_{index}"), Span::call_site())
}

/// The body of `visit_map` after its slots (one per key, `slot_0` on): the loop over the keys,
/// then the struct from its slots (a flattened struct built from the slots of its keys).
fn visit_map_body(
    def: &StructDef,
    schema: &Schema,
    keys: &[(Vec<&Field>, &Field)],
    runtime: Runtime,
) -> TokenStream {
    let rt = runtime.path();
    let extra = def
        .keeps_unknown()
        .then(|| quote!(let mut extra = #rt::__private::Extra::new();));
    let keep = if !def.keeps_unknown() {
        quote!(::std::option::Option::None)
    } else {
        quote!(::std::option::Option::Some(&mut extra))
    };
    let next = quote!(#rt::__private::next_field::<Self, A>(&mut map, #keep)?);
    let read_loop = if keys.is_empty() {
        quote!(while #next.is_some() {})
    } else {
        let arms = keys.iter().enumerate().map(|(index, (path, field))| {
            let slot = slot(index);
            let index = Literal::usize_unsuffixed(index);
            let wire = &field.wire_name;
            let reader = reader(field, owner(def, path), schema, runtime);
            quote!(#index => #rt::__private::read_field(&mut map, &mut #slot, #wire, #reader)?)
        });
        quote! {
            while let ::std::option::Option::Some(field) = #next {
                match field {
                    #(#arms,)*
                    // `next_field` yields only indices of `FIELDS`; an error, not a panic.
                    _ => return ::std::result::Result::Err(#rt::__private::no_field_at(field)),
                }
            }
        }
    };
    // A constant must have been given; the struct holds nothing for it.
    let constants = keys
        .iter()
        .enumerate()
        .filter(|(_, (_, field))| is_constant(field))
        .map(|(index, (_, field))| {
            let slot = slot(index);
            let wire = &field.wire_name;
            quote!(#rt::__private::required::<A::Error, ()>(#slot, #wire)?;)
        });
    let values = field_values(def, schema, &mut 0, runtime);
    let extra_name = ident(EXTRA_FIELDS);
    let extra_value = def
        .keeps_unknown()
        .then(|| quote!(#extra_name: #rt::__private::extra_fields::<A::Error>(extra)?,));
    quote! {
        #extra
        #read_loop
        #(#constants)*
        ::std::result::Result::Ok(Self {
            #(#values,)*
            #extra_value
        })
    }
}

/// The field initializers of `def` from the slots of its keys, counted from `*key` in the
/// order of [`Schema::wire_fields`]: a flattened field is its struct built from the slots of
/// its own keys, a constant holds no field.
fn field_values(
    def: &StructDef,
    schema: &Schema,
    key: &mut usize,
    runtime: Runtime,
) -> Vec<TokenStream> {
    let rt = runtime.path();
    let mut values = Vec::new();
    for field in &def.fields {
        let name = field_ident(field);
        match (&field.ty, schema.flattened(field)) {
            (_, Some(inner)) => {
                let inner_name = ident(&inner.name);
                let inner_values = field_values(inner, schema, key, runtime);
                values.push(quote!(#name: #inner_name { #(#inner_values,)* }));
            }
            (Ty::Const(_), None) => *key += 1,
            (_, None) => {
                let slot = slot(*key);
                let wire = &field.wire_name;
                values.push(if field.presence.is_optional() {
                    quote!(#name: ::std::option::Option::unwrap_or_default(#slot))
                } else if field.default.is_some() {
                    let default = defaults::path(&def.name, field);
                    quote!(#name: ::std::option::Option::unwrap_or_else(#slot, #default))
                } else {
                    quote!(#name: #rt::__private::required::<A::Error, _>(#slot, #wire)?)
                });
                *key += 1;
            }
        }
    }
    values
}

/// `visit_seq`: each field from the next value in declaration order; past the end, an
/// optional field is absent and any other an error.
fn visit_seq(def: &StructDef, schema: &Schema, runtime: Runtime) -> TokenStream {
    let rt = runtime.path();
    let read = |index: usize, field: &Field| {
        let index = Literal::usize_unsuffixed(index);
        let reader = reader(field, &def.name, schema, runtime);
        let absent = if field.presence.is_optional() {
            quote!(::std::option::Option::Some(::std::option::Option::None))
        } else if field.default.is_some() {
            let default = defaults::path(&def.name, field);
            quote!(::std::option::Option::Some(#default()))
        } else {
            quote!(::std::option::Option::None)
        };
        quote!(#rt::__private::next_element::<Self, A, _, _>(&mut seq, #index, #reader, #absent)?)
    };
    // Each value is read in declaration order. Without constants, straight into the struct's
    // fields; a constant is read and checked but held by no field, so with one each value is
    // read into a local first.
    let body = if def.fields.iter().any(is_constant) {
        let reads = def.fields.iter().enumerate().map(|(index, field)| {
            let value = read(index, field);
            if is_constant(field) {
                quote!(let () = #value;)
            } else {
                let slot = slot(index);
                quote!(let #slot = #value;)
            }
        });
        let values = def
            .fields
            .iter()
            .enumerate()
            .filter(|(_, field)| !is_constant(field))
            .map(|(index, field)| {
                let name = field_ident(field);
                let slot = slot(index);
                quote!(#name: #slot)
            });
        quote! {
            #(#reads)*
            ::std::result::Result::Ok(Self { #(#values,)* })
        }
    } else {
        let values = def.fields.iter().enumerate().map(|(index, field)| {
            let name = field_ident(field);
            let value = read(index, field);
            quote!(#name: #value)
        });
        quote!(::std::result::Result::Ok(Self { #(#values,)* }))
    };
    let seq_binding = if def.fields.is_empty() {
        quote!(_seq)
    } else {
        quote!(mut seq)
    };
    quote! {
        #[inline]
        fn visit_seq<'de, A>(#seq_binding: A) -> ::std::result::Result<Self, A::Error>
        where
            A: #rt::__private::serde::de::SeqAccess<'de>,
        {
            #body
        }
    }
}
