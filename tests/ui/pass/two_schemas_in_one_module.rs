//! Two derives in one module do not clash: the expansion has no module-level helpers.

mod a {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/schemas/unions/unions.cards"]
    pub struct Shapes;

    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/schemas/enums/enums.cards"]
    pub struct Settings;
}

fn main() {
    let _ = a::Shape::Circle(a::Circle { radius: 1.0 });
    let _ = a::Colour::Red;
}
