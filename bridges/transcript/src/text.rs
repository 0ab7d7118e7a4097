//! Text as a terminal shows it: split into lines, made safe to print, measured in display
//! columns and hard-wrapped.
//!
//! Every string in a view is the user's (a tool's output, a file's text, a path), so none is
//! printed as it is. Tabs become spaces up to the next multiple of [`TAB_STOP`] columns, as a
//! terminal would place them, so the width stays measurable. Control characters (ESC, NUL,
//! BEL, a lone CR, DEL, C1) become visible pictures or `<U+XXXX>` rather than acting on the
//! terminal: a tool's output can neither recolour, move the cursor, retitle the window nor
//! clear the screen. Bidirectional overrides and line separators are shown the same way, so
//! text cannot reorder itself on screen.
//!
//! Width is measured per grapheme cluster with `unicode-width` (CJK and emoji take two
//! columns, combining marks none, an emoji ZWJ sequence two), and a wrap never splits a
//! cluster.

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::style::Paint;

/// Tabs stop every this many columns, as in a terminal.
pub(crate) const TAB_STOP: usize = 8;

/// The display width of text that [`clean`] has already made safe.
pub(crate) fn width(text: &str) -> usize {
    text.width()
}

/// Makes one line safe to print, continuing from display column `column` (so a tab after a
/// prefix still stops where the terminal would), and advances `column` past it.
pub(crate) fn clean(line: &str, column: &mut usize) -> String {
    let mut out = String::with_capacity(line.len());
    for cluster in line.graphemes(true) {
        let before = out.len();
        let mut chars = cluster.chars();
        match (chars.next(), chars.next()) {
            (Some('\t'), None) => {
                let spaces = TAB_STOP - *column % TAB_STOP;
                out.extend(std::iter::repeat_n(' ', spaces));
            }
            (Some(c), None) if acts_on_terminal(c) => push_visible(c, &mut out),
            (Some(_) | None, Some(_) | None) => out.push_str(cluster),
        }
        *column += width(&out[before..]);
    }
    out
}

/// Whether a character would act on the terminal, or reorder or break the line, if printed.
fn acts_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}' | '\u{202A}'
                ..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// A C0 control or DEL as its Unicode control picture (ESC as `␛`, NUL as `␀`), one column
/// wide; anything else as `<U+XXXX>`.
fn push_visible(c: char, out: &mut String) {
    let code = u32::from(c);
    let picture = match code {
        0..=0x1F => char::from_u32(0x2400 + code),
        0x7F => Some('\u{2421}'),
        _ => None,
    };
    match picture {
        Some(picture) => out.push(picture),
        None => out.push_str(&format!("<U+{code:04X}>")),
    }
}

/// A run of cleaned text and its paint.
pub(crate) type Span = (String, Paint);

/// Hard-wraps cleaned spans into rows: the first row holds at most `first` columns, every
/// other row at most `rest`. A cluster wider than a whole row still gets a row of its own,
/// so wrapping always ends; an empty line is one empty row.
pub(crate) fn wrap(spans: &[Span], first: usize, rest: usize) -> Vec<Vec<Span>> {
    let mut rows = Vec::new();
    let mut row: Vec<Span> = Vec::new();
    let mut used = 0;
    for (text, paint) in spans {
        for cluster in text.graphemes(true) {
            let cluster_width = width(cluster);
            let limit = if rows.is_empty() { first } else { rest };
            if used > 0 && used + cluster_width > limit {
                rows.push(std::mem::take(&mut row));
                used = 0;
            }
            match row.last_mut() {
                Some((run, run_paint)) if run_paint == paint => run.push_str(cluster),
                Some(_) | None => row.push((cluster.to_owned(), *paint)),
            }
            used += cluster_width;
        }
    }
    rows.push(row);
    rows
}

/// A path as a row shows it: an empty path would otherwise be an invisible row or a dangling
/// `at :3`.
pub(crate) fn shown_path(path: &str) -> &str {
    if path.is_empty() {
        "(empty path)"
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cleaned(line: &str) -> String {
        clean(line, &mut 0)
    }

    #[test]
    fn wide_clusters_take_two_columns_and_marks_none() {
        assert_eq!(width("你好"), 4);
        assert_eq!(width("👩\u{200D}💻"), 2);
        assert_eq!(width("e\u{301}"), 1);
        assert_eq!(width("café"), 4);
    }

    #[test]
    fn tabs_stop_where_a_terminal_stops_them() {
        assert_eq!(cleaned("a\tb"), "a       b");
        assert_eq!(cleaned("\t"), " ".repeat(8));
        assert_eq!(cleaned("你\tb"), "你      b");
        let mut column = 3;
        assert_eq!(clean("\tx", &mut column), "     x");
        assert_eq!(column, 9);
    }

    #[test]
    fn controls_become_visible_and_inert() {
        assert_eq!(cleaned("\u{1b}[31mred\u{7}"), "␛[31mred␇");
        assert_eq!(cleaned("a\u{0}b\rc\u{7F}"), "a␀b␍c␡");
        assert_eq!(cleaned("\u{9B}2J"), "<U+009B>2J");
        assert_eq!(cleaned("x\u{202E}y\u{2028}"), "x<U+202E>y<U+2028>");
        assert_eq!(cleaned("👩\u{200D}💻 e\u{301}"), "👩\u{200D}💻 e\u{301}");
    }

    fn plain(rows: Vec<Vec<Span>>) -> Vec<String> {
        rows.into_iter()
            .map(|row| row.into_iter().map(|(text, _)| text).collect())
            .collect()
    }

    #[test]
    fn a_wide_cluster_that_does_not_fit_moves_to_the_next_row() {
        let spans = [("ab你好c".to_owned(), Paint::Plain)];
        assert_eq!(plain(wrap(&spans, 3, 3)), ["ab", "你", "好c"]);
        assert_eq!(plain(wrap(&spans, 1, 1)), ["a", "b", "你", "好", "c"]);
        let emoji = [("👩\u{200D}💻👩\u{200D}💻".to_owned(), Paint::Plain)];
        assert_eq!(plain(wrap(&emoji, 3, 3)), ["👩\u{200D}💻", "👩\u{200D}💻"]);
    }

    #[test]
    fn wrapping_keeps_paints_and_an_empty_line_is_one_row() {
        let spans = [
            ("ab".to_owned(), Paint::Bold),
            ("cd".to_owned(), Paint::Dim),
        ];
        assert_eq!(
            wrap(&spans, 3, 2),
            [
                vec![("ab".to_owned(), Paint::Bold), ("c".to_owned(), Paint::Dim)],
                vec![("d".to_owned(), Paint::Dim)],
            ]
        );
        assert_eq!(plain(wrap(&[], 5, 5)), [""]);
    }
}
