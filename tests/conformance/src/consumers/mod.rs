//! Exhaustive consumers ("bridges", as `cardc compat` judges them) of a schema's generated code,
//! written from its IR, and the compilers that check them: code that matches every variant by
//! its name or tag value, every enum value, and reads every field by name into a binding of
//! its type, naming every type the schema declares. Compiled against the schema it was written
//! from, it must compile; compiled against another version's generated code, whether it still
//! does is what the bridge verdicts claim.
//!
//! Each language compiles every consumer it is given in one run of its compiler (a run costs
//! more than the consumers), and gives each consumer's errors by its unit name.

pub mod rust;
pub mod typescript;

use std::collections::BTreeMap;
use std::path::Path;

/// One consumer to compile: written from one schema, compiled against another's generated
/// code (or the same schema's).
pub struct Unit<'a> {
    /// The unit's name, a Rust module name and a file stem: `<pair>_old`, `<pair>_new`.
    pub name: String,
    /// The schema the consumer is written from.
    pub consumer_of: &'a cardc_codegen::ir::Schema,
    /// The schema whose generated code it is compiled against.
    pub against: &'a cardc_codegen::ir::Schema,
}

/// What writing to a `String` with `write!` says if it failed, which it cannot.
const WRITE: &str = "writing to a String cannot fail";

/// Every unit's compile errors, by unit name: each the compiler's rendered text. A unit that
/// compiled has none.
pub type Errors = BTreeMap<String, Vec<String>>;

/// Writes `text` to `path` unless the file already holds it, so that a compiler that goes by
/// modification times (cargo) rechecks only what changed.
fn write_if_changed(path: &Path, text: &str) {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return;
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .unwrap_or_else(|error| panic!("cannot create {}: {error}", dir.display()));
    }
    std::fs::write(path, text)
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", path.display()));
}

/// The first `lines` lines of a compiler's error text, for a report.
pub fn first_lines(error: &str, lines: usize) -> String {
    error.lines().take(lines).collect::<Vec<_>>().join("\n")
}
