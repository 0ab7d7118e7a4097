//! Code that reads a deprecated field, names a deprecated type or builds a deprecated variant
//! is warned, with the schema's note; the derive's own items are not (this crate denies the
//! lint, so any warning from the generated code would fail elsewhere too).
#![deny(deprecated)]

#[derive(cardc::Schema)]
#[schema = "../../../../tests/schemas/deprecation/deprecation.cards"]
pub struct Deprecation;

fn display(user: &User) -> Option<&str> {
    user.display_name.as_deref()
}

fn fax(number: String) -> Contact {
    Contact::Fax(FaxContact { number })
}

fn main() {
    let _ = (display, fax);
}
