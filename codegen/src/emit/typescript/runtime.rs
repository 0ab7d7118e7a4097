//! The helpers the TypeScript guards share, written once per output file from `runtime.ts`.
//!
//! Every helper is a `cardc`-prefixed, lowerCamel, unexported name: schema types are
//! UpperCamelCase and the guards are `is<Name>`, `parse<Name>` and `check<Name>`, so no helper
//! can clash with them. A file gets only the helpers its guards use (and what those use in
//! turn), because the outputs must compile under `--noUnusedLocals`.
//!
//! The helpers compile for tsc's default target (ES5 and its library), so they use no
//! `Number.isInteger`, `Array.prototype.includes`, `Object.hasOwn`, `Set` or `Map`. They name
//! no global function that a guard could shadow either (a type `Finite` gets a guard
//! `isFinite`), which is why finiteness is tested as `value - value === 0`.

use std::collections::BTreeSet;

use crate::limits::MAX_JSON_DEPTH;

/// The helpers' source: sections that each start with a `//@ name: needs` line.
const RUNTIME: &str = include_str!("runtime.ts");

/// What `runtime.ts` writes in place of a limit the compiler defines, each with its value: the
/// helpers hold [`MAX_JSON_DEPTH`] itself rather than a copy of it.
fn substitutions() -> [(&'static str, String); 1] {
    [("$MAX_JSON_DEPTH", MAX_JSON_DEPTH.to_string())]
}

/// The line prefix that starts a helper's section.
const MARKER: &str = "//@ ";

/// One helper: its name, the helpers it calls, and its text.
struct Helper {
    /// The name other helpers and the guards call it by.
    name: &'static str,
    /// The helpers its text uses.
    needs: Vec<&'static str>,
    /// The TypeScript text, ending with a newline.
    text: String,
}

/// Every helper of `runtime.ts`, in file order. A malformed marker is a bug in that file,
/// which every test that emits guards would meet.
fn helpers() -> Vec<Helper> {
    let mut helpers: Vec<Helper> = Vec::new();
    let substitutions = substitutions();
    for line in RUNTIME.lines() {
        if let Some(marker) = line.strip_prefix(MARKER) {
            let (name, needs) = marker
                .split_once(':')
                .unwrap_or_else(|| panic!("runtime.ts: a marker without `:`: {line}"));
            helpers.push(Helper {
                name: name.trim(),
                needs: needs.split_whitespace().collect(),
                text: String::new(),
            });
        } else if let Some(helper) = helpers.last_mut() {
            let mut line = line.to_string();
            for (placeholder, value) in &substitutions {
                line = line.replace(placeholder, value);
            }
            helper.text.push_str(&line);
            helper.text.push('\n');
        }
    }
    for helper in &mut helpers {
        let kept = helper.text.trim_end().len();
        helper.text.truncate(kept);
        helper.text.push('\n');
        // The constraint messages, defined once for every runtime.
        helper.text = helper.text.replace(
            "CARDC_MESSAGES",
            &crate::emit::messages::typescript_object(""),
        );
    }
    helpers
}

/// The text of the named helpers (or of the helpers that declare the named types) and of every
/// helper they need, in file order, separated by blank lines. A name that is no helper is a bug
/// in the guard emitter.
pub(super) fn helpers_text(used: &BTreeSet<&'static str>) -> String {
    let helpers = helpers();
    let mut wanted: BTreeSet<&str> = BTreeSet::new();
    let mut pending: Vec<&str> = used.iter().copied().collect();
    while let Some(name) = pending.pop() {
        // A name is a section's, or declared in one (`cardcParsed`, in `cardcParse`'s).
        let helper = helpers
            .iter()
            .find(|helper| helper.name == name)
            .or_else(|| {
                helpers.iter().find(|helper| {
                    helper
                        .text
                        .lines()
                        .filter_map(declared_name)
                        .any(|(declared, _)| declared == name)
                })
            })
            .unwrap_or_else(|| panic!("the guard emitter asked for an unknown helper `{name}`"));
        if wanted.insert(helper.name) {
            pending.extend(helper.needs.iter().copied());
        }
    }
    helpers
        .iter()
        .filter(|helper| wanted.contains(helper.name))
        .map(|helper| helper.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The shared runtime module's body: `assertNever` (its `lines`), then every helper, each
/// top-level declaration exported, so that outputs written with a shared runtime import what
/// they use instead of copying it.
pub(super) fn shared_text(assert_never: &[&str]) -> String {
    let mut text = assert_never.join("\n");
    text.push('\n');
    for helper in helpers() {
        text.push('\n');
        for line in helper.text.lines() {
            if declared_name(line).is_some() {
                text.push_str("export ");
            }
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// Whether a runtime name is a type (imported with `import type`), not a value.
pub(super) fn is_type(name: &str) -> bool {
    RUNTIME
        .lines()
        .filter_map(declared_name)
        .any(|(declared, is_type)| declared == name && is_type)
}

/// The name a top-level declaration of `runtime.ts` declares, and whether it is a type.
fn declared_name(line: &str) -> Option<(&str, bool)> {
    let (rest, is_type) = [("function ", false), ("const ", false), ("type ", true)]
        .into_iter()
        .find_map(|(keyword, is_type)| line.strip_prefix(keyword).map(|rest| (rest, is_type)))?;
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    Some((&rest[..end], is_type))
}

/// Every helper's name and the helpers it needs, in file order, for tests.
#[cfg(test)]
pub(super) fn helper_needs() -> Vec<(&'static str, Vec<&'static str>)> {
    helpers()
        .into_iter()
        .map(|helper| (helper.name, helper.needs))
        .collect()
}
