//! `#[imports(...)]` says where an imported file's items are: `"self"` for a derive in the same
//! module, or another module's path.

mod shared {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project/ids.cards"]
    #[outputs()]
    pub struct Ids;

    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project/blocks.cards"]
    #[imports(ids = "self")]
    #[outputs()]
    pub struct Blocks;
}

mod contract {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project/chat.cards"]
    #[imports(blocks = "crate::shared", ids = "crate::shared")]
    pub struct Chat;
}

fn main() {
    let message = contract::Message::Note(shared::TextBlock { text: "hi".into() });
    assert_eq!(
        serde_json::to_string(&message).expect("writes"),
        r#"{"kind":"note","text":"hi"}"#
    );
    let origin = shared::Origin { session: shared::SessionId("s".into()) };
    assert_eq!(origin.session.0, "s");
    // The constants are what `cardc generate` writes: the published document refers to the
    // imported one's `$id`, the TypeScript imports the module beside it, and the Rust names the
    // module `#[imports]` gives, one `use` for the two files whose items are there.
    assert!(contract::Chat::JSON_SCHEMA.contains(r#""$ref": "urn:cardc:blocks#/$defs/Block""#));
    assert!(contract::Chat::TYPESCRIPT.contains("from './blocks.js'"));
    let rust = contract::Chat::RUST;
    assert!(rust.contains("use crate::shared::{Block, Origin, SessionId, TextBlock};"), "{rust}");
}
