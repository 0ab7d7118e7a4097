//! How a long Python statement is broken over lines, the way `ruff format` leaves it: a
//! statement that fits in the line length is one line; one that does not has its last
//! bracketed group opened, one item a line with a trailing comma (the "magic trailing comma"
//! that keeps the formatter from joining them again), and an item that still does not fit is
//! opened the same way in turn. The package is then clean under `ruff format --check` as
//! written, with no formatter run at generation time.

/// The line length `ruff format` keeps to by default.
pub(super) const LINE_LENGTH: usize = 88;

/// A Python expression as the layout sees it: text that is never broken, or a bracketed group
/// of items that may be.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Code {
    /// Text kept on one line.
    Text(String),
    /// `head` (ending in its opening bracket), the items, and the closing bracket. A subscript
    /// of one item opens without a trailing comma (`x[a,]` is a tuple index).
    Group {
        head: String,
        items: Vec<Code>,
        close: char,
    },
    /// A tuple `(a, b)`, `(a,)` for one item, after `lead` (`name=` for a keyword argument),
    /// opened as a call's arguments are.
    Tuple { lead: String, items: Vec<Code> },
    /// `A | B | ...`, which when too long has one member a line, each after the first led by
    /// `| ` (only ever inside brackets, where no parentheses are needed for that).
    Union(Vec<Code>),
}

impl Code {
    /// Text.
    pub(super) fn text(text: impl Into<String>) -> Code {
        Code::Text(text.into())
    }

    /// A call `callee(items)`.
    pub(super) fn call(callee: &str, items: Vec<Code>) -> Code {
        Code::Group {
            head: format!("{callee}("),
            items,
            close: ')',
        }
    }

    /// A subscript `value[items]`.
    pub(super) fn subscript(value: &str, items: Vec<Code>) -> Code {
        Code::Group {
            head: format!("{value}["),
            items,
            close: ']',
        }
    }

    /// The expression on one line.
    pub(super) fn flat(&self) -> String {
        match self {
            Code::Text(text) => text.clone(),
            Code::Group { head, items, close } => {
                let items: Vec<String> = items.iter().map(Code::flat).collect();
                format!("{head}{}{close}", items.join(", "))
            }
            Code::Tuple { lead, items } => {
                let items: Vec<String> = items.iter().map(Code::flat).collect();
                match items.as_slice() {
                    [only] => format!("{lead}({only},)"),
                    _ => format!("{lead}({})", items.join(", ")),
                }
            }
            Code::Union(members) => {
                let members: Vec<String> = members.iter().map(Code::flat).collect();
                members.join(" | ")
            }
        }
    }

    /// Whether the expression may be opened, one item a line.
    fn opens(&self) -> bool {
        match self {
            Code::Text(_) | Code::Union(_) => false,
            Code::Group { items, .. } | Code::Tuple { items, .. } => !items.is_empty(),
        }
    }

    /// The opening, the items, the text after each item and the closing of an expression
    /// that opens: a subscript of one item takes no trailing comma (`x[a,]` is a tuple index).
    fn parts(&self) -> Option<(String, &[Code], &'static str, char)> {
        match self {
            Code::Group { head, items, close } => {
                let comma = if *close == ']' && items.len() == 1 {
                    ""
                } else {
                    ","
                };
                Some((head.clone(), items, comma, *close))
            }
            Code::Tuple { lead, items } => Some((format!("{lead}("), items, ",", ')')),
            Code::Text(_) | Code::Union(_) => None,
        }
    }

    /// The lines of this expression at `indent` levels, after `lead` on the first line and
    /// before `trail` on the last.
    fn lines(&self, indent: usize, lead: &str, trail: &str, out: &mut Vec<(usize, String)>) {
        let flat = format!("{lead}{}{trail}", self.flat());
        if fits(indent, &flat) {
            out.push((indent, flat));
            return;
        }
        if let Code::Union(members) = self {
            for (index, member) in members.iter().enumerate() {
                let lead = if index == 0 { lead } else { "| " };
                let trail = if index + 1 == members.len() {
                    trail
                } else {
                    ""
                };
                member.lines(indent, lead, trail, out);
            }
            return;
        }
        let Some((head, items, comma, close)) = self.parts().filter(|_| self.opens()) else {
            out.push((indent, flat));
            return;
        };
        out.push((indent, format!("{lead}{head}")));
        for item in items {
            item.lines(indent + 1, "", comma, out);
        }
        out.push((indent, format!("{close}{trail}")));
    }

    /// The first line of this expression opened after `lead`.
    fn head_line(&self, lead: &str) -> Option<String> {
        self.parts()
            .filter(|_| self.opens())
            .map(|(head, ..)| format!("{lead}{head}"))
    }
}

/// Whether a line of `text` at `indent` levels fits in the line length.
fn fits(indent: usize, text: &str) -> bool {
    indent * 4 + text.chars().count() <= LINE_LENGTH
}

/// The lines of `code` at `indent` levels after `lead` and before `trail`, each with its own
/// indent level.
pub(super) fn lines(indent: usize, lead: &str, code: &Code, trail: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    code.lines(indent, lead, trail, &mut out);
    out
}

/// The lines of `target = value` at `indent` levels, each with its own indent level.
pub(super) fn assignment(indent: usize, target: &str, value: &Code) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    value.lines(indent, &format!("{target} = "), "", &mut out);
    out
}

/// The lines of `target: annotation` (no value) at `indent` levels, as `ruff format` lays them:
/// one line when it fits; else the annotation opened, a union in parentheses of its own.
pub(super) fn declaration(indent: usize, target: &str, annotation: &Code) -> Vec<(usize, String)> {
    let lead = format!("{target}: ");
    let mut out = Vec::new();
    if let Code::Union(_) = annotation
        && !fits(indent, &format!("{lead}{}", annotation.flat()))
    {
        out.push((indent, format!("{lead}(")));
        annotation.lines(indent + 1, "", "", &mut out);
        out.push((indent, ")".to_string()));
        return out;
    }
    annotation.lines(indent, &lead, "", &mut out);
    out
}

/// The lines of `target: annotation = value` at `indent` levels, as `ruff format` lays them:
/// one line when it fits; else the value opened, if the line up to its bracket fits; else the
/// value in parentheses of its own, if the line up to them fits; else the annotation opened
/// (a union in parentheses), then the value.
pub(super) fn annotated(
    indent: usize,
    target: &str,
    annotation: &Code,
    value: &Code,
) -> Vec<(usize, String)> {
    let lead = format!("{target}: {} = ", annotation.flat());
    let mut out = Vec::new();
    let flat = format!("{lead}{}", value.flat());
    if fits(indent, &flat) {
        out.push((indent, flat));
        return out;
    }
    if value
        .head_line(&lead)
        .is_some_and(|line| fits(indent, &line))
    {
        value.lines(indent, &lead, "", &mut out);
        return out;
    }
    if fits(indent, &format!("{lead}(")) {
        out.push((indent, format!("{lead}(")));
        value.lines(indent + 1, "", "", &mut out);
        out.push((indent, ")".to_string()));
        return out;
    }
    let close = if let Code::Union(_) = annotation {
        out.push((indent, format!("{target}: (")));
        annotation.lines(indent + 1, "", "", &mut out);
        ")".to_string()
    } else if let Some((head, items, comma, close)) =
        annotation.parts().filter(|_| annotation.opens())
    {
        out.push((indent, format!("{target}: {head}")));
        for item in items {
            item.lines(indent + 1, "", comma, &mut out);
        }
        close.to_string()
    } else {
        value.lines(indent, &lead, "", &mut out);
        return out;
    };
    value.lines(indent, &format!("{close} = "), "", &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(default: bool) -> Code {
        let mut items = vec![Code::text("alias=\"locations\"")];
        if default {
            items.insert(0, Code::text("default=None"));
        }
        Code::call("_p.Field", items)
    }

    #[test]
    fn a_statement_that_fits_is_one_line() {
        let lines = annotated(1, "path", &Code::text("str"), &field(false));
        assert_eq!(
            lines,
            [(1, "path: str = _p.Field(alias=\"locations\")".into())]
        );
    }

    #[test]
    fn a_long_statement_opens_its_value_then_its_annotation() {
        let annotation = Code::subscript(
            "_t.Annotated",
            vec![
                Code::text("list[FileLocation] | None"),
                Code::text("_p.BeforeValidator(_cardc.not_null)"),
            ],
        );
        let lines = annotated(1, "locations", &annotation, &field(true));
        let text: Vec<String> = lines
            .iter()
            .map(|(indent, line)| format!("{}{line}", "    ".repeat(*indent)))
            .collect();
        assert_eq!(
            text,
            [
                "    locations: _t.Annotated[",
                "        list[FileLocation] | None,",
                "        _p.BeforeValidator(_cardc.not_null),",
                "    ] = _p.Field(default=None, alias=\"locations\")",
            ]
        );
    }

    #[test]
    fn a_subscript_of_one_item_opens_without_a_trailing_comma() {
        let long = "x".repeat(100);
        let value = Code::subscript("list", vec![Code::text(long.clone())]);
        assert_eq!(
            assignment(0, "A", &value),
            [(0, "A = list[".into()), (1, long), (0, "]".into())]
        );
    }
}
