//! JSON pointers (RFC 6901), written and read the one way every part of cardc does: in the
//! locations of errors and notes, in `$ref`s, and in the pointers the TypeScript guards carry.
//! The runtimes spell the same rule in their own languages (the Rust runtime's `escape`,
//! TypeScript's `cardcEscape`, Python's `_escape`), each held to the same escapes by its own
//! tests (`decode_errors.rs`, `hostile.ts`, `test_json_rules.py`).

/// A key as one pointer segment: `~` as `~0`, then `/` as `~1`.
pub fn segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A segment read back as its key: `~1` as `/`, then `~0` as `~` (so `~01` is `~1`).
pub fn key(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

/// `pointer` with `key` as one more segment.
pub fn child(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", segment(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_their_segments() {
        for original in ["", "a", "a/b", "m~n", "~1", "~01", "/~", "ü/~0"] {
            assert_eq!(key(&segment(original)), original);
        }
        assert_eq!(segment("a/b~c"), "a~1b~0c");
        assert_eq!(child("/labels", "a/b~c"), "/labels/a~1b~0c");
        assert_eq!(child("", "~"), "/~0");
    }
}
