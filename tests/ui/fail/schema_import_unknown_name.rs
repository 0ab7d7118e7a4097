//! A `use` of a name the imported file does not declare is reported at the `use`, in the
//! importing file, with the name it likely meant.

#[derive(cardc::Schema)]
#[schema = "../../../../tests/ui/schemas/bad_imports/misspelt.cards"]
pub struct Misspelt;

fn main() {}
