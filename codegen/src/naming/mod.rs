//! Names every layer shares, depending on nothing: case conversion exactly as serde spells it,
//! and each target language's reserved words and generated names. The syntax layer, the
//! checker and every target read these rules, so no two of them can drift apart.

mod case;
pub mod python;
pub mod rust;
pub mod typescript;

pub use case::RenameRule;
