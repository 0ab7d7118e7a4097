//! The size limits of [`crate::limits`], checked on the parsed schema: each is a located error
//! naming the limit and the value found, since the outputs would be more than rustc can build.

use std::ops::Range;

use crate::diagnostics::Diagnostic;
use crate::limits::{MAX_FIELDS, MAX_NAME_LEN, MAX_TYPES, MAX_VARIANTS};
use crate::syntax::ast::{ItemKind, SchemaFile, Spanned};

/// Reports every limit the schema goes past.
pub(super) fn check(file: &SchemaFile, errors: &mut Vec<Diagnostic>) {
    if let Some(first_past) = file.items.get(MAX_TYPES) {
        errors.push(Diagnostic::new(
            format!(
                "the schema declares {} types, more than the limit of {MAX_TYPES}",
                file.items.len()
            ),
            first_past.name.span.clone(),
            format!("type {} of the schema", MAX_TYPES + 1),
            format!(
                "cardc compiles at most {MAX_TYPES} types from one schema, which already take \
                 rustc minutes to build: split it into schemas of its own for separate parts"
            ),
        ));
    }
    for item in &file.items {
        name(&item.name, "type name", errors);
        match &item.kind {
            ItemKind::Struct(def) => {
                count(
                    &item.name.value,
                    def.fields.iter().map(|field| field.name.span.clone()),
                    Members::FIELDS,
                    errors,
                );
                for field in &def.fields {
                    name(&field.name, "field name", errors);
                    if let Some(rename) = &field.rename {
                        name(rename, "wire name", errors);
                    }
                }
            }
            ItemKind::Newtype(_) => {}
            ItemKind::Union(def) => {
                name(&def.tag, "tag", errors);
                count(
                    &item.name.value,
                    def.variants.iter().map(|variant| variant.name.span.clone()),
                    Members::VARIANTS,
                    errors,
                );
                for variant in &def.variants {
                    name(&variant.name, "variant name", errors);
                    if let Some(rename) = &variant.rename {
                        name(rename, "tag value", errors);
                    }
                }
            }
            ItemKind::Untagged(def) => {
                count(
                    &item.name.value,
                    def.variants.iter().map(|variant| variant.name.span.clone()),
                    Members::VARIANTS,
                    errors,
                );
                for variant in &def.variants {
                    name(&variant.name, "variant name", errors);
                }
            }
            ItemKind::Enum(def) => {
                count(
                    &item.name.value,
                    def.values.iter().map(|value| value.name.span.clone()),
                    Members::VALUES,
                    errors,
                );
                for value in &def.values {
                    name(&value.name, "enum value name", errors);
                    if let Some(rename) = &value.rename {
                        name(rename, "wire value", errors);
                    }
                }
            }
        }
    }
}

/// What a declaration holds, and how many of them it may hold.
struct Members {
    /// The declaration, as in "struct `Big`".
    owner: &'static str,
    /// Its members, plural.
    what: &'static str,
    /// One member.
    one: &'static str,
    limit: usize,
    /// Why the limit, and what to do instead.
    hint: &'static str,
}

impl Members {
    const FIELDS: Members = Members {
        owner: "struct",
        what: "fields",
        one: "field",
        limit: MAX_FIELDS,
        hint: "rustc overflows its stack on the Rust generated for a struct of 10,000 fields: \
               gather related fields into a struct of their own, a nested object on the wire",
    };
    const VARIANTS: Members = Members {
        owner: "union",
        what: "variants",
        one: "variant",
        limit: MAX_VARIANTS,
        hint: "rustc's time and memory grow with a union's variants: split it, since a \
               variant may carry a union of its own, told apart by a second tag",
    };
    const VALUES: Members = Members {
        owner: "enum",
        what: "values",
        one: "value",
        limit: MAX_VARIANTS,
        hint: "rustc's time and memory grow with an enum's values: carry the value as a \
               `String` instead",
    };
}

/// Reports a declaration with more members than its limit, at the first one past it.
fn count(
    owner: &str,
    mut spans: impl ExactSizeIterator<Item = Range<usize>>,
    members: Members,
    errors: &mut Vec<Diagnostic>,
) {
    let total = spans.len();
    let Some(first_past) = spans.nth(members.limit) else {
        return;
    };
    errors.push(Diagnostic::new(
        format!(
            "{} `{owner}` has {total} {}, more than the limit of {}",
            members.owner, members.what, members.limit
        ),
        first_past,
        format!(
            "{} number {}, past the limit",
            members.one,
            members.limit + 1
        ),
        members.hint,
    ));
}

/// Reports a name longer than [`MAX_NAME_LEN`], pointing at its start.
fn name(name: &Spanned<String>, what: &str, errors: &mut Vec<Diagnostic>) {
    let length = name.value.chars().count();
    if length <= MAX_NAME_LEN {
        return;
    }
    let start = name.span.start;
    errors.push(Diagnostic::new(
        format!("{what} is {length} characters long, more than the limit of {MAX_NAME_LEN}"),
        start..start + 1,
        "starts here",
        format!(
            "rustc's memory grows with the square of a name's length (4.35 GB for 16,000 \
             characters): shorten it to at most {MAX_NAME_LEN} characters"
        ),
    ));
}

#[cfg(test)]
mod tests {
    use crate::limits::{MAX_FIELDS, MAX_NAME_LEN, MAX_TYPES, MAX_UNION_NESTING, MAX_VARIANTS};

    /// The messages of the errors a schema gets, or none when it compiles.
    fn errors(text: &str) -> Vec<String> {
        match crate::compile("x.cards", text) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|error| error.message).collect(),
        }
    }

    /// Each schema at a limit compiles; one past it gets exactly one error, naming the limit
    /// and the value found.
    fn at_and_past(schema: impl Fn(usize) -> String, limit: usize, expected: &str) {
        assert_eq!(errors(&schema(limit)), Vec::<String>::new(), "at {limit}");
        let past = errors(&schema(limit + 1));
        assert_eq!(past.len(), 1, "{past:?}");
        assert!(past[0].contains(expected), "{past:?}");
        assert!(
            past[0].contains(&format!("the limit of {limit}")),
            "{past:?}"
        );
    }

    fn struct_of(fields: usize) -> String {
        let fields: String = (0..fields).map(|i| format!("f{i}: u8, ")).collect();
        format!("struct Big {{ {fields} }}")
    }

    #[test]
    fn fields_per_struct() {
        at_and_past(
            struct_of,
            MAX_FIELDS,
            &format!("has {} fields", MAX_FIELDS + 1),
        );
    }

    #[test]
    fn variants_per_union_and_values_per_enum() {
        let union = |n: usize| {
            let variants: String = (0..n).map(|i| format!("V{i}(S{i}), ")).collect();
            let structs: String = (0..n).map(|i| format!("struct S{i} {{}}\n")).collect();
            format!("#[union(tag = \"t\")]\nenum U {{ {variants} }}\n{structs}")
        };
        // The union and its structs are at most MAX_TYPES types.
        const { assert!(MAX_VARIANTS + 2 <= MAX_TYPES) };
        at_and_past(
            union,
            MAX_VARIANTS,
            &format!("has {} variants", MAX_VARIANTS + 1),
        );
        let enumeration = |n: usize| {
            let values: String = (0..n).map(|i| format!("V{i}, ")).collect();
            format!("enum E {{ {values} }}")
        };
        at_and_past(
            enumeration,
            MAX_VARIANTS,
            &format!("has {} values", MAX_VARIANTS + 1),
        );
    }

    #[test]
    fn types_per_schema() {
        let types = |n: usize| (0..n).map(|i| format!("struct T{i} {{}}\n")).collect();
        at_and_past(
            types,
            MAX_TYPES,
            &format!("declares {} types", MAX_TYPES + 1),
        );
    }

    #[test]
    fn name_length() {
        let long = |n: usize| format!("A{}", "a".repeat(n - 1));
        let snake = |n: usize| "a".repeat(n);
        at_and_past(
            |n| format!("struct {} {{}}", long(n)),
            MAX_NAME_LEN,
            "type name is",
        );
        at_and_past(
            |n| format!("struct A {{ {}: u8 }}", snake(n)),
            MAX_NAME_LEN,
            "field name is",
        );
        at_and_past(
            |n| format!("struct A {{ #[rename = \"{}\"] a: u8 }}", snake(n)),
            MAX_NAME_LEN,
            "wire name is",
        );
        at_and_past(
            |n| {
                format!(
                    "#[union(tag = \"{}\")] enum U {{ V(A) }} struct A {{}}",
                    snake(n)
                )
            },
            MAX_NAME_LEN,
            "tag is",
        );
        at_and_past(
            |n| {
                format!(
                    "#[union(tag = \"t\")] enum U {{ {}(A) }} struct A {{}}",
                    long(n)
                )
            },
            MAX_NAME_LEN,
            "variant name is",
        );
        at_and_past(
            |n| format!("enum E {{ {} }}", long(n)),
            MAX_NAME_LEN,
            "enum value name is",
        );
    }

    #[test]
    fn union_nesting() {
        // `U0` carries `U1` carries ... `U{n-1}`, whose variant is a struct inside n unions.
        let nested = |n: usize| {
            let mut text: String = (0..n - 1)
                .map(|i| format!("#[union(tag = \"t{i}\")] enum U{i} {{ V(U{}) }}\n", i + 1))
                .collect();
            text.push_str(&format!(
                "#[union(tag = \"t{}\")] enum U{} {{ V(S) }}\nstruct S {{}}\n",
                n - 1,
                n - 1
            ));
            text
        };
        at_and_past(
            nested,
            MAX_UNION_NESTING,
            &format!("nest {} deep", MAX_UNION_NESTING + 1),
        );
    }
}
