use super::format;

/// Formats `text`, and checks that formatting the result changes nothing.
fn formatted(text: &str) -> String {
    let once = format(text).unwrap_or_else(|errors| panic!("{errors:?}\n{text}"));
    let twice = format(&once).unwrap_or_else(|errors| panic!("{errors:?}\n{once}"));
    assert_eq!(twice, once, "formatting again changed the text");
    once
}

#[test]
fn a_messy_schema_gets_the_canonical_layout() {
    let text = "//! The doc.\n#![rename_fields = \"camelCase\"] #![id=\"x\"]\n\n\n\
                struct A{a:u8,b : Option<Vec< Map<String,B> > >}\n\
                #[union(tag=\"type\")] enum B{X(A),Y}\n\
                struct C(String);struct D;struct E {}\n\
                enum F{One,Two}";
    assert_eq!(
        formatted(text),
        "//! The doc.\n\
         #![id = \"x\"]\n\
         #![rename_fields = \"camelCase\"]\n\
         \n\
         struct A {\n    a: u8,\n    b: Option<Vec<Map<String, B>>>,\n}\n\
         \n\
         #[union(tag = \"type\")]\n\
         enum B {\n    X(A),\n    Y,\n}\n\
         \n\
         struct C(String);\n\
         \n\
         struct D;\n\
         \n\
         struct E {}\n\
         \n\
         enum F {\n    One,\n    Two,\n}\n"
    );
}

#[test]
fn attributes_go_one_to_a_line_in_the_canonical_order_and_repeats_keep_theirs() {
    let text = "#[deny_unknown_fields] #[example = \"{}\"]\n/// Doc.\n#[example = \"null\"]\n\
                struct A {\n    #[range(min = 1)] #[default = \"1\"] #[rename = \"b\"] /// Doc.\n    \
                a: u8,\n}\n";
    assert_eq!(
        formatted(text),
        "/// Doc.\n\
         #[example = \"{}\"]\n\
         #[example = \"null\"]\n\
         #[deny_unknown_fields]\n\
         struct A {\n    \
             /// Doc.\n    \
             #[rename = \"b\"]\n    \
             #[default = \"1\"]\n    \
             #[range(min = 1)]\n    \
             a: u8,\n\
         }\n"
    );
}

#[test]
fn comments_keep_their_places_in_every_position() {
    let text = "\
// Before everything.
//! The doc.
#![id = \"x\"] // After a setting.
// Before a setting.
#![title = \"t\"]

// Before a declaration, after a blank line.

/// Doc.
/* Block, before the attributes. */
#[union(tag = \"type\")] // After an attribute.
enum A { // After the brace.
    // Before a variant.
    X(B), // After a variant.

    /* Before the last one, after a blank line. */ Y // After the last one, which had no comma.
    // Before the closing brace.
}
struct B {
    #[range(
        min = 1, // After an option.
        // Before an option.
        max = 2
    )]
    a: /* inside a field */ u8,
    b: Option< // Inside a type.
        u8>,
}
struct Empty {
    // Alone in a body.
}
// At the end.
";
    let once = formatted(text);
    assert_eq!(
        once,
        "\
// Before everything.
//! The doc.
#![id = \"x\"] // After a setting.
// Before a setting.
#![title = \"t\"]

// Before a declaration, after a blank line.

/// Doc.
/* Block, before the attributes. */
#[union(tag = \"type\")] // After an attribute.
enum A { // After the brace.
    // Before a variant.
    X(B), // After a variant.

    /* Before the last one, after a blank line. */ Y, // After the last one, which had no comma.
    // Before the closing brace.
}

struct B {
    #[range(
        min = 1, // After an option.
        // Before an option.
        max = 2,
    )]
    a: /* inside a field */ u8,
    b: Option< // Inside a type.
        u8>,
}

struct Empty {
    // Alone in a body.
}
// At the end.
"
    );
}

#[test]
fn a_list_too_wide_for_its_line_goes_one_option_to_a_line_and_back_when_it_fits() {
    let tag = "t".repeat(90);
    let wide = format!("#[union(tag = \"{tag}\")]\nenum A {{\n    B,\n}}\n");
    let once = formatted(&wide);
    assert!(
        once.starts_with(&format!("#[union(\n    tag = \"{tag}\",\n)]\nenum A {{\n")),
        "{once}"
    );
    let narrow = "struct A {\n    #[length(\n        min = 1,\n        max = 2,\n    )]\n    a: String,\n}\n";
    assert!(
        formatted(narrow).contains("    #[length(min = 1, max = 2)]\n"),
        "{}",
        formatted(narrow)
    );
}

#[test]
fn literals_and_raw_names_are_kept_as_written() {
    let text = "struct A {\n    #[example = r#\"{\"a\": \"\\u00e9\"}\"#]\n    #[range(min = -1.5e3)]\n    \
                r#type: Const<{ -1 }>,\n    b: Const<\"x\\ty\">,\n}\n";
    assert_eq!(formatted(text), text);
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_are_read() {
    let text = "\u{feff}// A comment.\r\nstruct A {\r\n    a: u8, // Trailing.\r\n}\r\n";
    assert_eq!(
        formatted(text),
        "\u{feff}// A comment.\nstruct A {\n    a: u8, // Trailing.\n}\n"
    );
}

#[test]
fn a_schema_that_does_not_parse_is_refused_with_the_syntax_layers_diagnostics() {
    let text = "struct A {\n    a: u8\n    b: u8,\n}\n";
    let errors = format(text).expect_err("does not parse");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].message, "expected `,`");
    assert_eq!(&text[errors[0].span.clone()], "b");
}

#[test]
fn a_use_goes_on_one_line_before_the_declarations_with_its_names_in_order() {
    assert_eq!(
        formatted(
            "use  common::{ Zed,Ada, };\n// why\nuse super :: ids :: Id;\nstruct X { a: Ada, z: Zed, i: Id }\n"
        ),
        "use common::{Zed, Ada};\n// why\nuse super::ids::Id;\n\nstruct X {\n    a: Ada,\n    z: Zed,\n    i: Id,\n}\n"
    );
}
