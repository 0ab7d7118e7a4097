//! A problem in an imported file is reported against that file's own text, and once more at
//! the `use` of it in the importing file: each report names the file its span is in.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/bad_imports/imports_broken.cards"]
pub struct ImportsBroken;

fn main() {}
