//! The pattern dialect: the regular expressions that mean the same to every reader, the Rust
//! decoder's `regex` crate, JavaScript's `new RegExp(pattern, "u")` (the guards and ajv) and
//! the `jsonschema` crate's engine.
//!
//! A pattern is parsed with `regex-syntax` and walked; what is left is literals (escaped only
//! where JavaScript's `u` mode allows it), bracketed classes of literals and ranges, `^` and
//! `$`, groups, alternation and repetition. Everything whose meaning differs between the
//! engines is refused, naming the construct: `.` (which line terminators it skips), `\d` `\w`
//! `\s` `\b` (Unicode in Rust, ASCII in JavaScript), `\p{..}` (tables of different Unicode
//! versions), flags, named groups, `\A` `\z`, nested classes and class set operations, and
//! the escapes one engine lacks. Lookaround and backreferences are refused by the parser.

use regex_syntax::ast::{
    self, AssertionKind, Ast, ClassSet, ClassSetItem, GroupKind, HexLiteralKind, LiteralKind,
    SpecialLiteralKind,
};

/// Characters JavaScript's `u` mode lets a pattern escape anywhere (its syntax characters and
/// `/`); inside a class `-` too.
const ESCAPABLE: &str = "^$\\.*+?()[]{}|/";

/// Why `pattern` is outside the shared dialect, naming the construct and where it is written
/// in the pattern, or `None` when every reader reads it alike.
pub fn problem(pattern: &str) -> Option<String> {
    let ast = match ast::parse::Parser::new().parse(pattern) {
        Ok(ast) => ast,
        Err(error) => {
            return Some(format!(
                "{}: {}",
                construct(pattern, error.span()),
                error.kind()
            ));
        }
    };
    if let Some(problem) = walk(pattern, &ast) {
        return Some(problem);
    }
    // What parses may still be past the Rust engine's size limits (`a{1000}{1000}`).
    regex::Regex::new(pattern).err().map(|error| match error {
        regex::Error::CompiledTooBig(limit) => {
            format!("the pattern compiles past the Rust engine's limit of {limit} bytes")
        }
        other => other.to_string(),
    })
}

/// The text of the construct at `span`, for a report.
fn construct(pattern: &str, span: &ast::Span) -> String {
    let text = pattern
        .get(span.start.offset..span.end.offset)
        .unwrap_or("");
    if text.is_empty() {
        format!("at offset {}", span.start.offset)
    } else {
        format!("`{text}` (at offset {})", span.start.offset)
    }
}

/// The first construct outside the dialect in `ast`.
fn walk(pattern: &str, ast: &Ast) -> Option<String> {
    let refuse = |span: &ast::Span, why: &str| Some(format!("{} {why}", construct(pattern, span)));
    match ast {
        Ast::Empty(_) => None,
        Ast::Flags(flags) => refuse(&flags.span, "sets flags, which engines read differently"),
        Ast::Literal(literal) => self::literal(pattern, literal, false),
        Ast::Dot(span) => refuse(
            span,
            "matches different line terminators in Rust and JavaScript: write a class such as \
             `[^\\n]`",
        ),
        Ast::Assertion(assertion) => match assertion.kind {
            AssertionKind::StartLine | AssertionKind::EndLine => None,
            AssertionKind::StartText | AssertionKind::EndText => {
                refuse(&assertion.span, "is Rust's only: write `^` or `$`")
            }
            _ => refuse(
                &assertion.span,
                "is a word boundary, Unicode in Rust and ASCII in JavaScript",
            ),
        },
        Ast::ClassUnicode(class) => refuse(
            &class.span,
            "is a Unicode property class, whose tables differ between engines",
        ),
        Ast::ClassPerl(class) => refuse(
            &class.span,
            "is Unicode in Rust and ASCII in JavaScript: write a class such as `[0-9]`",
        ),
        Ast::ClassBracketed(class) => class_set(pattern, &class.kind),
        Ast::Repetition(repetition) => {
            if matches!(*repetition.ast, Ast::Assertion(_) | Ast::Empty(_)) {
                return refuse(
                    &repetition.op.span,
                    "repeats nothing, which JavaScript refuses",
                );
            }
            walk(pattern, &repetition.ast)
        }
        Ast::Group(group) => match &group.kind {
            GroupKind::CaptureIndex(_) => walk(pattern, &group.ast),
            GroupKind::NonCapturing(flags) if flags.items.is_empty() => walk(pattern, &group.ast),
            GroupKind::NonCapturing(flags) => {
                refuse(&flags.span, "sets flags, which engines read differently")
            }
            GroupKind::CaptureName { name, .. } => refuse(
                &name.span,
                "names a group, which engines spell differently: write `(...)`",
            ),
        },
        Ast::Alternation(alternation) => alternation.asts.iter().find_map(|ast| walk(pattern, ast)),
        Ast::Concat(concat) => concat.asts.iter().find_map(|ast| walk(pattern, ast)),
    }
}

/// A literal, inside a bracketed class or not.
fn literal(pattern: &str, literal: &ast::Literal, in_class: bool) -> Option<String> {
    let refuse = |why: &str| Some(format!("{} {why}", construct(pattern, &literal.span)));
    match &literal.kind {
        LiteralKind::Verbatim if !in_class && matches!(literal.c, '}' | ']') => {
            refuse("must be escaped, as JavaScript requires")
        }
        LiteralKind::Verbatim => None,
        LiteralKind::Meta | LiteralKind::Superfluous => {
            if ESCAPABLE.contains(literal.c) || (in_class && literal.c == '-') {
                None
            } else {
                refuse("is an escape JavaScript refuses: write the character itself")
            }
        }
        LiteralKind::Octal => refuse("is an octal escape, which JavaScript refuses"),
        LiteralKind::HexFixed(HexLiteralKind::X | HexLiteralKind::UnicodeShort)
        | LiteralKind::HexBrace(HexLiteralKind::UnicodeShort) => None,
        LiteralKind::HexFixed(HexLiteralKind::UnicodeLong) | LiteralKind::HexBrace(_) => {
            refuse("is Rust's only: write `\\u{...}` or `\\xHH`")
        }
        LiteralKind::Special(kind) => match kind {
            SpecialLiteralKind::FormFeed
            | SpecialLiteralKind::Tab
            | SpecialLiteralKind::LineFeed
            | SpecialLiteralKind::CarriageReturn
            | SpecialLiteralKind::VerticalTab => None,
            SpecialLiteralKind::Bell | SpecialLiteralKind::Space => {
                refuse("is Rust's only: write `\\xHH`")
            }
        },
    }
}

/// The set of a bracketed class: literals and ranges only.
fn class_set(pattern: &str, set: &ClassSet) -> Option<String> {
    match set {
        ClassSet::BinaryOp(op) => Some(format!(
            "{} is a class set operation, which JavaScript reads as literal characters",
            construct(pattern, &op.span)
        )),
        ClassSet::Item(item) => class_item(pattern, item),
    }
}

/// One item of a bracketed class.
fn class_item(pattern: &str, item: &ClassSetItem) -> Option<String> {
    let refuse = |span: &ast::Span, why: &str| Some(format!("{} {why}", construct(pattern, span)));
    match item {
        ClassSetItem::Empty(_) => None,
        ClassSetItem::Literal(lit) => literal(pattern, lit, true),
        ClassSetItem::Range(range) => {
            literal(pattern, &range.start, true).or_else(|| literal(pattern, &range.end, true))
        }
        ClassSetItem::Ascii(class) => refuse(&class.span, "is Rust's only: list the characters"),
        ClassSetItem::Unicode(class) => refuse(
            &class.span,
            "is a Unicode property class, whose tables differ between engines",
        ),
        ClassSetItem::Perl(class) => refuse(
            &class.span,
            "is Unicode in Rust and ASCII in JavaScript: write a range such as `0-9`",
        ),
        ClassSetItem::Bracketed(class) => refuse(
            &class.span,
            "is a nested class, which JavaScript reads as literal characters",
        ),
        ClassSetItem::Union(union) => union
            .items
            .iter()
            .find_map(|item| class_item(pattern, item)),
    }
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn the_shared_constructs_pass() {
        for pattern in [
            "",
            "^[a-z][a-z0-9_-]*$",
            "^(?:ab|c)+?x{2,3}\\.\\$\\/$",
            "[\\-\\]\\\\]",
            "\\x41\\u0042\\u{43}\\n\\t\\r\\f\\v",
            "^[^\\n]*$",
            "é+",
            crate::ir::Format::DateTime.pattern(),
            crate::ir::Format::Uri.pattern(),
            crate::ir::Format::Uuid.pattern(),
            &crate::ir::Wide::I64.pattern(),
        ] {
            assert_eq!(problem(pattern), None, "{pattern}");
        }
    }

    #[test]
    fn constructs_engines_read_differently_are_named() {
        for (pattern, named) in [
            ("a.b", "`.`"),
            ("\\d+", "`\\d`"),
            ("[\\w]", "`\\w`"),
            ("\\s", "`\\s`"),
            ("\\bx", "`\\b`"),
            ("\\p{L}", "`\\p{L}`"),
            ("(?i)abc", "`(?i)`"),
            ("(?i:a)", "`i`"),
            ("(?P<x>a)", "`x`"),
            ("(?<x>a)", "`x`"),
            ("\\Aa\\z", "`\\A`"),
            ("[a&&b]", "class set operation"),
            ("[[a]]", "nested class"),
            ("^*", "repeats nothing"),
            ("a}", "`}`"),
            ("\\#", "`\\#`"),
            ("\\-", "`\\-`"),
            ("\\x{41}", "`\\x{41}`"),
            ("\\a", "`\\a`"),
            ("[[:alpha:]]", "`[:alpha:]`"),
            ("(?=a)", "look-around"),
            ("(a)\\1", "backreferences"),
            ("a{1000}{1000}", "limit"),
        ] {
            let found = problem(pattern).unwrap_or_else(|| panic!("{pattern} passed"));
            assert!(found.contains(named), "{pattern}: {found}");
        }
    }
}
