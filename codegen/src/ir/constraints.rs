//! What a field's value must satisfy beyond its type: length, pattern and format of a
//! string, the range of a number, the count and uniqueness of an array's items.

/// A field's constraints. Each applies to a present, non-null value; the checker allows each
/// only where it fits the field's type and refuses contradictory ones.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    /// A string's length in Unicode code points, as JSON Schema counts it.
    pub length: Option<Count>,
    /// A regular expression the string must match somewhere (unanchored, as JSON Schema
    /// reads `pattern`), in the dialect every reader shares.
    pub pattern: Option<String>,
    /// A named format the string must have, enforced through its [`Format::pattern`].
    pub format: Option<Format>,
    /// The bounds of a number.
    pub range: Option<NumberRange>,
    /// How many items an array holds.
    pub items: Option<Count>,
    /// Whether an array's items are all different, by JSON Schema's deep equality.
    pub unique: bool,
}

impl Constraints {
    /// Whether there is nothing to check.
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }

    /// The patterns a string must match, each with the words every runtime's error gives for
    /// the strings it expects: `a string matching <pattern>`, or for a format (whose pattern
    /// is long and says nothing to a reader) `a string of format <name>`.
    pub fn searches(&self) -> Vec<(&str, String)> {
        self.pattern
            .as_deref()
            .map(|pattern| (pattern, format!("a string matching {pattern}")))
            .into_iter()
            .chain(self.format.map(|format| {
                (
                    format.pattern(),
                    format!("a string of format {}", format.name()),
                )
            }))
            .collect()
    }
}

impl NumberRange {
    /// Whether the range bounds an integer field: its bounds are then integers, and errors
    /// say `an integer`.
    pub fn is_integer(&self) -> bool {
        matches!(
            self.min.or(self.max).map(|bound| bound.value),
            Some(Number::Int(_))
        )
    }
}

/// Inclusive bounds on a count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    /// The fewest.
    pub min: Option<u64>,
    /// The most.
    pub max: Option<u64>,
}

/// The bounds of a number, each inclusive or exclusive.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct NumberRange {
    /// The lower bound.
    pub min: Option<Bound>,
    /// The upper bound.
    pub max: Option<Bound>,
}

/// One bound of a number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bound {
    /// The bound.
    pub value: Number,
    /// Whether the bound itself is outside the range.
    pub exclusive: bool,
}

/// A number written in a schema: an integer for an integer field, a float for an `f64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    /// An integer within the field's integer type.
    Int(i64),
    /// A finite float.
    Float(f64),
}

impl Number {
    /// The number as a double, to compare it with another (integer bounds are within 2^53).
    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(value) => value as f64,
            Number::Float(value) => value,
        }
    }
}

/// The string formats a field can require.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// `uri`: an absolute URI of RFC 3986's characters.
    Uri,
    /// `date-time`: an RFC 3339 date-time.
    DateTime,
    /// `uuid`: an RFC 9562 UUID in its hex-and-dashes form, either case.
    Uuid,
}

impl Format {
    /// Every format, with its name in the schema and in JSON Schema's `format`.
    pub const ALL: [(&'static str, Format); 3] = [
        ("uri", Format::Uri),
        ("date-time", Format::DateTime),
        ("uuid", Format::Uuid),
    ];

    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Uri => "uri",
            Format::DateTime => "date-time",
            Format::Uuid => "uuid",
        }
    }

    /// The anchored pattern of exactly the strings the format accepts, in the shared dialect:
    /// every reader enforces the format through it, the published JSON Schema included (whose
    /// `format` keyword is only an annotation in draft 2020-12).
    ///
    /// - `uri`: a scheme (a letter, then letters, digits, `+`, `-`, `.`), a colon, then any
    ///   run of RFC 3986's unreserved and reserved characters and `%` with two hex digits;
    ///   the parts after the scheme are not taken apart.
    /// - `date-time`: RFC 3339's `date-time`: `YYYY-MM-DD`, `T` or `t`, `hh:mm:ss` with
    ///   second 60 allowed (a leap second), an optional fraction of one or more digits, and
    ///   `Z`, `z` or an offset `+hh:mm`/`-hh:mm`; each month has its own last day, February
    ///   the 29th in every year (no leap-year rule).
    /// - `uuid`: 8-4-4-4-12 hex digits, upper or lower case, any version and variant.
    pub fn pattern(self) -> &'static str {
        match self {
            Format::Uri => {
                "^[A-Za-z][A-Za-z0-9+.\\-]*:(?:[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$"
            }
            Format::DateTime => concat!(
                "^[0-9]{4}-",
                "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])",
                "|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)",
                "|02-(?:0[1-9]|[12][0-9]))",
                "[Tt](?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\\.[0-9]+)?",
                "(?:[Zz]|[+\\-](?:[01][0-9]|2[0-3]):[0-5][0-9])$"
            ),
            Format::Uuid => {
                "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
            }
        }
    }
}
