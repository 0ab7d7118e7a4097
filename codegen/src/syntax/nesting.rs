//! A guard against input nested so deeply that parsing it would overflow the stack.
//!
//! syn parses groups, generic arguments and prefix operators (`&T`, `*const T`, `fn() -> T`,
//! `-x`) by recursion, and a debug build spends tens of kilobytes of stack on each level: some
//! 35 levels of `Vec<Vec<...>>` overflow a 2 MB test thread, and a stack overflow aborts the
//! process instead of reporting anything. No schema needs more than a handful of levels, so the
//! token stream is measured first, with a loop rather than recursion, and anything deeper than
//! [`MAX_DEPTH`](crate::limits::MAX_DEPTH) is refused before syn sees it.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree, token_stream};

use super::byte_range;
use crate::diagnostics::Diagnostic;
use crate::limits::MAX_DEPTH;

/// Keywords that start a nested expression, as a prefix operator does.
const PREFIX_KEYWORDS: &[&str] = &["return", "break", "yield", "become", "let", "box"];

/// One open group: its remaining tokens and the nesting opened inside it so far.
struct Level {
    tokens: token_stream::IntoIter,
    /// Whether closing this group ends the prefix chain that led up to it (`&[...]` does,
    /// `fn() -> T` does not: its parentheses are followed by more of the same type).
    ends_chain: bool,
    /// Generic arguments open at this level: `<` not yet closed by `>`.
    angles: usize,
    /// Prefix operators since the last `,` or `;` at this level.
    prefixes: usize,
}

impl Level {
    fn new(tokens: TokenStream, ends_chain: bool) -> Self {
        Level {
            tokens: tokens.into_iter(),
            ends_chain,
            angles: 0,
            prefixes: 0,
        }
    }
}

/// Reports the first token nested deeper than [`MAX_DEPTH`], if any.
pub(super) fn too_deep(tokens: TokenStream) -> Option<Diagnostic> {
    let mut stack = vec![Level::new(tokens, false)];
    // The previous punctuation, when it was joined to this token: `->` and `=>` close nothing.
    let mut joined_to: Option<char> = None;
    while let Some(level) = stack.last_mut() {
        let Some(token) = level.tokens.next() else {
            let closed = stack.pop();
            if let (Some(closed), Some(parent)) = (closed, stack.last_mut())
                && closed.ends_chain
            {
                parent.prefixes = 0;
            }
            joined_to = None;
            continue;
        };
        let joined = joined_to.take();
        match &token {
            TokenTree::Group(group) => {
                let ends_chain = group.delimiter() != Delimiter::Parenthesis;
                stack.push(Level::new(group.stream(), ends_chain));
            }
            TokenTree::Punct(punct) => {
                match punct.as_char() {
                    '<' => level.angles += 1,
                    '>' if !matches!(joined, Some('-' | '=')) => {
                        level.angles = level.angles.saturating_sub(1)
                    }
                    ',' | ';' => level.prefixes = 0,
                    '&' | '*' | '-' | '!' | '|' | '.' => level.prefixes += 1,
                    _ => {}
                }
                if punct.spacing() == Spacing::Joint {
                    joined_to = Some(punct.as_char());
                }
            }
            TokenTree::Ident(ident) if PREFIX_KEYWORDS.contains(&ident.to_string().as_str()) => {
                level.prefixes += 1;
            }
            _ => {}
        }
        if depth(&stack) > MAX_DEPTH {
            return Some(too_deep_error(&token));
        }
    }
    None
}

/// The nesting at the innermost open group: one per group, plus what each level opened.
fn depth(stack: &[Level]) -> usize {
    stack.len() - 1
        + stack
            .iter()
            .map(|level| level.angles + level.prefixes)
            .sum::<usize>()
}

fn too_deep_error(token: &TokenTree) -> Diagnostic {
    let span = match token {
        TokenTree::Group(group) => group.span_open(),
        other => other.span(),
    };
    Diagnostic::new(
        "the schema nests too deeply to read",
        byte_range(span),
        format!("more than {MAX_DEPTH} levels deep here"),
        format!(
            "a schema nests brackets, type arguments and operators at most {MAX_DEPTH} levels \
             deep: declare a struct for an inner part and use its name here"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_error(text: &str) -> Option<Diagnostic> {
        too_deep(text.parse().expect("lexes"))
    }

    #[test]
    fn ordinary_schemas_pass() {
        let text = "#![a] #![b] #![c] #![d] #![e] #![f] #![g] #![h] #![i] #![j] #![k] #![l] #![m] \
                    #![n] #![o] #![p] #![q]\n\
                    struct A { x: Option<Map<String, Vec<Nullable<Box<A>>>>>, y: Vec<fn() -> u8> }";
        assert_eq!(depth_error(text), None);
    }

    #[test]
    fn deep_generic_arguments_brackets_and_operators_are_refused() {
        let n = MAX_DEPTH;
        for ty in [
            format!("{}u8{}", "Vec<".repeat(n), ">".repeat(n)),
            format!("{}u8{}", "(".repeat(n), ")".repeat(n)),
            format!("{}str", "&".repeat(n)),
            format!("{}u8", "*const ".repeat(n)),
            format!("{}u8", "fn() -> ".repeat(n)),
        ] {
            let text = format!("struct A {{ x: {ty} }}");
            assert!(depth_error(&text).is_some(), "{text}");
        }
        assert!(depth_error(&format!("enum A {{ X = {}1 }}", "-".repeat(n))).is_some());
    }

    #[test]
    fn the_limit_itself_passes() {
        // The struct's braces are one level; the rest are generic arguments.
        let n = MAX_DEPTH - 1;
        let text = format!("struct A {{ x: {}u8{} }}", "Vec<".repeat(n), ">".repeat(n));
        assert_eq!(depth_error(&text), None);
    }
}
