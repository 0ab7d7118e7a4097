#[derive(cardc::Schema)]
pub struct NoSchema;

fn main() {}
