//! A schema text cut into its top-level pieces: the file settings (`#![...]` and `//!` lines)
//! and each declaration, from its first doc comment or attribute to its closing brace or `;`.
//!
//! Each piece is lexed and parsed alone (see [`super::parse`]), which is what lets the language
//! server parse again only the declarations an edit touched. The cut is made by a scanner that
//! knows the lexer's comments, string literals and brackets, and of the grammar only the shape
//! of a clean declaration: `struct` or `enum`, a name, then `{...}`, `(...);` or `;`; or a
//! `use` of another file's types, to its `;`. A piece parsed alone reads the tokens the whole
//! file's lexer would give it, with the same reports, only when the text between pieces is
//! whitespace and ordinary comments and every piece has that shape; so at anything else (a
//! stray token, a `pub`, generics, a char literal, an unclosed bracket, file settings after a
//! declaration) the scanner gives up, and the file is parsed whole, as one piece.

use std::ops::Range;

/// One top-level piece of a schema text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Piece {
    /// Its bytes in the text.
    pub range: Range<usize>,
    /// What it declares.
    pub kind: Kind,
}

/// What a piece declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// The file settings: `#![...]` and `//!` lines.
    Settings,
    /// A `struct` or an `enum`.
    Type,
    /// A `use` of another file's types.
    Use,
}

/// The pieces of `text`, in order; `None` when it is not a clean sequence of them.
pub(super) fn split(text: &str) -> Option<Vec<Piece>> {
    let mut scanner = Scanner {
        text,
        at: usize::from(text.starts_with('\u{feff}')) * '\u{feff}'.len_utf8(),
    };
    let mut pieces = Vec::new();
    // The file settings: inner attributes and inner doc comments before the first declaration.
    let mut settings: Option<Range<usize>> = None;
    loop {
        scanner.trivia()?;
        let start = scanner.at;
        if !scanner.inner()? {
            break;
        }
        let range = settings.map_or(start, |settings| settings.start)..scanner.at;
        settings = Some(range);
    }
    pieces.extend(settings.map(|range| Piece {
        range,
        kind: Kind::Settings,
    }));
    loop {
        scanner.trivia()?;
        if scanner.at == text.len() {
            return Some(pieces);
        }
        let start = scanner.at;
        let kind = scanner.declaration()?;
        pieces.push(Piece {
            range: start..scanner.at,
            kind,
        });
    }
}

/// The pieces of `text`, a version of `last` whose pieces were `pieces`, as [`split`] gives
/// them, scanning only around what changed: the pieces before the first changed byte are
/// kept, the scan starts after them, and it stops where it is between two pieces at a place
/// of the unchanged end of the text where the last scan was between two pieces too (the scan
/// there reads the same bytes from the same state), taking the rest from `pieces`, moved.
/// A declaration ends at its closing brace or `;` without looking past it, but the file
/// settings end where the next piece starts, so they are scanned again when kept alone.
pub(super) fn split_edited(last: &str, pieces: &[Piece], text: &str) -> Option<Vec<Piece>> {
    let (old, new) = (last.as_bytes(), text.as_bytes());
    let prefix = common_prefix(old, new);
    let suffix = common_suffix(old, new, old.len().min(new.len()) - prefix);
    let mut kept = pieces
        .iter()
        .take_while(|piece| piece.range.end <= prefix)
        .count();
    if kept > 0 && pieces[kept - 1].kind == Kind::Settings {
        kept -= 1;
    }
    if kept == 0 {
        return split(text);
    }
    let mut scanner = Scanner {
        text,
        at: pieces[kept - 1].range.end,
    };
    let mut found = pieces[..kept].to_vec();
    loop {
        // Between two pieces, in the unchanged end: where was the last scan here?
        if scanner.at >= new.len() - suffix {
            let was = scanner.at + old.len() - new.len();
            if let Ok(before) = pieces.binary_search_by_key(&was, |piece| piece.range.end)
                && pieces[before].kind != Kind::Settings
            {
                found.extend(pieces[before + 1..].iter().map(|piece| Piece {
                    range: piece.range.start + new.len() - old.len()
                        ..piece.range.end + new.len() - old.len(),
                    kind: piece.kind,
                }));
                return Some(found);
            }
        }
        scanner.trivia()?;
        if scanner.at == text.len() {
            return Some(found);
        }
        let start = scanner.at;
        let kind = scanner.declaration()?;
        found.push(Piece {
            range: start..scanner.at,
            kind,
        });
    }
}

/// The bytes compared at once while looking for the first and last change between two texts.
const BLOCK: usize = 64;

/// How many bytes `a` and `b` begin with alike.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let blocks = a
        .chunks(BLOCK)
        .zip(b.chunks(BLOCK))
        .take_while(|(a, b)| a == b)
        .count();
    let at = (blocks * BLOCK).min(a.len().min(b.len()));
    at + a[at..]
        .iter()
        .zip(&b[at..])
        .take_while(|(a, b)| a == b)
        .count()
}

/// How many bytes `a` and `b` end with alike, `most` at the most.
fn common_suffix(a: &[u8], b: &[u8], most: usize) -> usize {
    let blocks = a
        .rchunks(BLOCK)
        .zip(b.rchunks(BLOCK))
        .take_while(|(a, b)| a == b)
        .count();
    let at = (blocks * BLOCK).min(most);
    at + a[..a.len() - at]
        .iter()
        .rev()
        .zip(b[..b.len() - at].iter().rev())
        .take(most - at)
        .take_while(|(a, b)| a == b)
        .count()
}

/// The bytes a group's scan stops at: brackets, the start of a comment, quotes and `#`.
const MATTERS_IN_GROUP: [bool; 256] = {
    let mut matters = [false; 256];
    let stops = b"()[]{}/\"#'";
    let mut at = 0;
    while at < stops.len() {
        matters[stops[at] as usize] = true;
        at += 1;
    }
    matters
};

/// A position in the text being cut.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

/// What a comment is to the lexer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Comment {
    /// `//` or `/* */`: whitespace.
    Ordinary,
    /// `///` or `/** */`: a `#[doc]` attribute of what follows.
    OuterDoc,
    /// `//!` or `/*! */`: a `#![doc]` attribute of the file.
    InnerDoc,
}

impl<'a> Scanner<'a> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    /// The comment at the cursor, classified as proc-macro2's lexer does, if one starts here.
    fn comment(&self) -> Option<Comment> {
        let rest = self.rest();
        if rest.starts_with("//!") || rest.starts_with("/*!") {
            Some(Comment::InnerDoc)
        } else if rest.starts_with("////") || rest.starts_with("/**/") || rest.starts_with("/***") {
            Some(Comment::Ordinary)
        } else if rest.starts_with("///") || rest.starts_with("/**") {
            Some(Comment::OuterDoc)
        } else if rest.starts_with("//") || rest.starts_with("/*") {
            Some(Comment::Ordinary)
        } else {
            None
        }
    }

    /// Moves past the comment at the cursor (`None` for an unclosed block comment, or one with
    /// a carriage return that ends no line, which the lexer reads otherwise).
    fn skip_comment(&mut self) -> Option<()> {
        let rest = &self.text.as_bytes()[self.at..];
        let length = if rest.starts_with(b"//") {
            rest.iter()
                .position(|byte| *byte == b'\n')
                .unwrap_or(rest.len())
        } else {
            block_comment(rest)?
        };
        let bare_return = rest[..length]
            .iter()
            .enumerate()
            .any(|(at, byte)| *byte == b'\r' && rest.get(at + 1) != Some(&b'\n'));
        if bare_return {
            return None;
        }
        self.at += length;
        Some(())
    }

    /// Moves past whitespace and ordinary comments.
    fn trivia(&mut self) -> Option<()> {
        loop {
            if self.comment() == Some(Comment::Ordinary) {
                self.skip_comment()?;
                continue;
            }
            match self.rest().chars().next() {
                Some(c) if is_whitespace(c) => self.at += c.len_utf8(),
                _ => return Some(()),
            }
        }
    }

    /// Moves past one inner attribute or inner doc comment; `Some(false)` when none starts
    /// here.
    fn inner(&mut self) -> Option<bool> {
        if self.comment() == Some(Comment::InnerDoc) {
            self.skip_comment()?;
            return Some(true);
        }
        if !self.rest().starts_with('#') {
            return Some(false);
        }
        let start = self.at;
        self.at += 1;
        self.trivia()?;
        if !self.rest().starts_with('!') {
            self.at = start;
            return Some(false);
        }
        self.at += 1;
        self.trivia()?;
        self.group(b'[')?;
        Some(true)
    }

    /// Moves past one declaration: its outer attributes and doc comments, `struct` or `enum`,
    /// its name and its body; or `use` and its path.
    fn declaration(&mut self) -> Option<Kind> {
        loop {
            match self.comment() {
                Some(Comment::OuterDoc) => self.skip_comment()?,
                Some(Comment::InnerDoc) => return None,
                _ if self.rest().starts_with('#') => {
                    self.at += 1;
                    self.trivia()?;
                    self.group(b'[')?;
                }
                _ => break,
            }
            self.trivia()?;
        }
        let keyword = self.word()?;
        if keyword == "use" {
            return self.use_path().map(|()| Kind::Use);
        }
        self.trivia()?;
        self.word()?;
        self.trivia()?;
        match (keyword, self.rest().bytes().next()?) {
            (_, b'{') => self.group(b'{'),
            ("struct", b'(') => {
                self.group(b'(')?;
                self.trivia()?;
                self.semicolon()
            }
            ("struct", b';') => self.semicolon(),
            _ => None,
        }
        .filter(|()| keyword == "struct" || keyword == "enum")
        .map(|()| Kind::Type)
    }

    /// Moves past the rest of a `use` declaration, to its `;`: words, `::`, `*`, `,` and
    /// braces. A word that would start a declaration in it is given up at, since after a
    /// mistake the whole file's parser would go on from there.
    fn use_path(&mut self) -> Option<()> {
        loop {
            self.trivia()?;
            match *self.rest().as_bytes().first()? {
                b';' => return self.semicolon(),
                b'{' => self.group(b'{')?,
                b':' | b'*' | b',' => self.at += 1,
                _ => {
                    if matches!(self.word()?, "struct" | "enum" | "pub" | "use") {
                        return None;
                    }
                }
            }
        }
    }

    fn semicolon(&mut self) -> Option<()> {
        self.rest().starts_with(';').then(|| self.at += 1)
    }

    /// Moves past an identifier, raw or not, that no literal or quote follows; returns it.
    fn word(&mut self) -> Option<&'a str> {
        let start = self.at;
        let rest = self.rest();
        let raw = usize::from(rest.starts_with("r#")) * 2;
        let length = rest[raw..]
            .find(|c: char| !is_word(c))
            .unwrap_or(rest.len() - raw);
        let first = rest[raw..].chars().next()?;
        if length == 0 || first.is_ascii_digit() {
            return None;
        }
        self.at += raw + length;
        if self.rest().starts_with(['"', '\'', '#']) {
            return None;
        }
        Some(&self.text[start..self.at])
    }

    /// Moves past a bracketed group opened by `open` at the cursor, through nested groups,
    /// comments and string literals. Only brackets, comments, quotes and `#` matter inside
    /// one, all of them ASCII: the bytes between them are skipped in one go.
    fn group(&mut self, open: u8) -> Option<()> {
        let bytes = self.text.as_bytes();
        if bytes.get(self.at) != Some(&open) {
            return None;
        }
        let mut closers = Vec::new();
        loop {
            self.at += bytes
                .get(self.at..)?
                .iter()
                .position(|byte| MATTERS_IN_GROUP[usize::from(*byte)])?;
            let byte = bytes[self.at];
            match byte {
                b'(' => closers.push(b')'),
                b'[' => closers.push(b']'),
                b'{' => closers.push(b'}'),
                b')' | b']' | b'}' => {
                    if closers.pop()? != byte {
                        return None;
                    }
                    if closers.is_empty() {
                        self.at += 1;
                        return Some(());
                    }
                }
                b'/' if self.comment().is_some() => {
                    self.skip_comment()?;
                    continue;
                }
                // A string literal, moved past; or a `#` that starts none.
                b'"' | b'#' if self.prefixed()? => continue,
                // A char literal, a byte or a lifetime: not in a schema, and not worth telling
                // apart here.
                b'\'' => return None,
                _ => {}
            }
            self.at += 1;
        }
    }

    /// At a quote or a `#`: moves past the string literal it starts, with the prefix written
    /// right before it (`"..."`, `r"..."`, `r#"..."#`, `b"..."`, `br"..."`, `c"..."`,
    /// `cr"..."`), and says so; `Some(false)` for a `#` that starts none (an attribute's, or
    /// a raw identifier's). Any other word right before a quote or a `#` (`f"..."`, `x#y`) is
    /// given up at: the lexer may read it otherwise.
    fn prefixed(&mut self) -> Option<bool> {
        let bytes = self.text.as_bytes();
        let is_word = |byte: &u8| byte.is_ascii_alphanumeric() || *byte == b'_';
        let word_start = self.at
            - bytes[..self.at]
                .iter()
                .rev()
                .take_while(|b| is_word(b))
                .count();
        let word = &bytes[word_start..self.at];
        // A word that goes on before its ASCII part (`ér"..."`) is not one of these prefixes.
        if !word.is_empty() && word_start > 0 && !bytes[word_start - 1].is_ascii() {
            return None;
        }
        if bytes[self.at] == b'"' {
            return match word {
                b"" | b"b" | b"c" => self.string(0).map(|()| true),
                b"r" | b"br" | b"cr" => self.string(1).map(|()| true),
                _ => None,
            };
        }
        let hashes = bytes[self.at..].iter().take_while(|b| **b == b'#').count();
        let after = bytes.get(self.at + hashes);
        match word {
            b"" => Some(false),
            b"r" | b"br" | b"cr" if after == Some(&b'"') => {
                self.at += hashes;
                self.string(hashes + 1).map(|()| true)
            }
            // A raw identifier, `r#type`.
            b"r" if hashes == 1 && after.is_some_and(is_word) => Some(false),
            _ => None,
        }
    }

    /// Moves past a string literal whose opening quote is at the cursor: a cooked one when
    /// `raw` is 0, else a raw one closed by a quote and `raw - 1` hashes.
    fn string(&mut self, raw: usize) -> Option<()> {
        let bytes = self.text.as_bytes();
        let mut at = self.at + 1;
        if raw == 0 {
            loop {
                match bytes.get(at)? {
                    b'\\' => at += 2,
                    b'"' => break,
                    _ => at += 1,
                }
            }
            self.at = at + 1;
        } else {
            loop {
                at += bytes.get(at..)?.iter().position(|byte| *byte == b'"')? + 1;
                let closed = bytes[at..]
                    .iter()
                    .take(raw - 1)
                    .take_while(|byte| **byte == b'#')
                    .count()
                    == raw - 1;
                if closed {
                    self.at = at + raw - 1;
                    break;
                }
            }
        }
        Some(())
    }
}

/// The length of the block comment at the start of `text`, nested ones within it, as the
/// lexer counts them; `None` when it is not closed.
fn block_comment(bytes: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = 0;
    while at + 1 < bytes.len() {
        match (bytes[at], bytes[at + 1]) {
            (b'/', b'*') => {
                depth += 1;
                at += 1;
            }
            (b'*', b'/') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(at + 2);
                }
                at += 1;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// Whitespace as the lexer reads it: Rust's, with the two direction marks.
fn is_whitespace(c: char) -> bool {
    c.is_whitespace() || c == '\u{200e}' || c == '\u{200f}'
}

/// A character of a word or number; anything the lexer reads otherwise inside one makes the
/// piece fail to lex alone, and the file is parsed whole.
fn is_word(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str) -> Option<Vec<&str>> {
        let pieces = split(text)?;
        Some(
            pieces
                .iter()
                .map(|piece| &text[piece.range.clone()])
                .collect(),
        )
    }

    #[test]
    fn declarations_are_cut_after_their_closing_brace_or_semicolon() {
        let text = "//! The file.\n#![id = \"x\"] // note\n\n/// A.\n#[deprecated]\nstruct A { \
                    a: String }\n// between\nstruct B(String);\n/* block */ struct C;\n\
                    #[union(tag = \"t\")] enum D { X(A) }\nuse super::common::{E, F};\n";
        assert_eq!(
            pieces(text),
            Some(vec![
                "//! The file.\n#![id = \"x\"]",
                "/// A.\n#[deprecated]\nstruct A { a: String }",
                "struct B(String);",
                "struct C;",
                "#[union(tag = \"t\")] enum D { X(A) }",
                "use super::common::{E, F};",
            ])
        );
        let kinds = split(text).map(|pieces| pieces.iter().map(|piece| piece.kind).collect());
        assert_eq!(
            kinds,
            Some(vec![
                Kind::Settings,
                Kind::Type,
                Kind::Type,
                Kind::Type,
                Kind::Type,
                Kind::Use
            ])
        );
        assert_eq!(pieces(""), Some(vec![]));
        assert_eq!(pieces("\u{feff}// only a comment\n"), Some(vec![]));
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        let text = "struct A {\n    /// `}` and \"\n    #[pattern = r#\"^}\"]\"#]\n    a: String, \
                    /* } /* nested } */ */ b: u8, // }\n    #[rename = \"\\\"}\"] c: bool,\n}\n\
                    enum B { X }";
        let cut = pieces(text).expect("clean");
        assert_eq!(cut.len(), 2, "{cut:?}");
        assert!(cut[0].ends_with("c: bool,\n}"));
        let text = "struct A { #[pattern = r##\"\"#}\"##] r#type: String, x: Const<b\"}\"> }\n\
                    struct B;";
        assert_eq!(pieces(text).map(|cut| cut.len()), Some(2));
    }

    #[test]
    fn anything_but_clean_declarations_is_parsed_whole() {
        for text in [
            "pub struct A {}",
            "struct A<T> {}",
            "struct A(String)",
            "struct A {};",
            "enum A;",
            "struct A { x: Vec<char> } 'a'",
            "struct A { x: '}' }",
            "struct A { x: String",
            "struct A { x: String )",
            "struct A {} #![id = \"x\"]",
            "struct A {} //! late",
            "/// A.\n#![id = \"x\"] struct A {}",
            "interface A {}",
            "struct A { /* unclosed }",
            "struct A { x: f\"}\" }",
            "struct A {}\n/// nothing after",
            "struct A {}\n/// x\ry\nstruct B {}",
            "use a::b struct B {}",
            "use a::b",
            "pub use a::B;",
        ] {
            assert_eq!(pieces(text), None, "{text:?}");
        }
    }

    #[test]
    fn comments_are_classified_as_the_lexer_does() {
        // `////` and `/***/` are ordinary comments; `/**/` too: none documents `A`.
        let text = "//// x\n/***/ /**/ struct A {}";
        assert_eq!(pieces(text), Some(vec!["struct A {}"]));
        assert_eq!(
            pieces("/** doc */ struct A {}"),
            Some(vec!["/** doc */ struct A {}"])
        );
    }

    /// Cutting a version again around its change gives what cutting it afresh does, for every
    /// deletion of a byte and every insertion of a few tokens at every place of a small schema
    /// (settings, declarations, a `use`, comments), and an edit that makes it no clean sequence.
    #[test]
    fn cutting_around_an_edit_gives_what_cutting_afresh_does() {
        let last = "//! Docs.\n#![id = \"x\"]\n\n/// A.\nstruct A { a: B }\n// note\n\
                    enum E { X, Y }\nuse a::{B, C};\n#[union(tag = \"k\")]\nenum U { V(A) }\n\
                    struct S;\n";
        let pieces = split(last).expect("clean");
        let mut versions = Vec::new();
        for at in 0..last.len() {
            let mut deleted = last.to_string();
            deleted.remove(at);
            versions.push(deleted);
            for insert in [
                "x",
                "}",
                "{",
                "\n",
                "/*",
                "\"",
                "#",
                "struct T {}",
                "//! d\n",
            ] {
                let mut inserted = last.to_string();
                inserted.insert_str(at, insert);
                versions.push(inserted);
            }
        }
        for text in versions {
            assert_eq!(split_edited(last, &pieces, &text), split(&text), "{text:?}");
        }
    }
}
