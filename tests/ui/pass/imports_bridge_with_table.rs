//! The bridges of the project with a `table` card, extended with the `table` methods the new
//! cards require, compile: the one added to the imported union, and the one whose payload is
//! imported.

mod ids {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project_with_table/ids.cards"]
    pub struct Ids;
}

mod blocks {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project_with_table/blocks.cards"]
    pub struct Blocks;
}

mod chat {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project_with_table/chat.cards"]
    pub struct Chat;
}

use blocks::{Block, BlockBridge, ImageBlock, TableBlock, TextBlock};
use chat::{Message, MessageBridge, Say};

struct Kinds;

impl MessageBridge for Kinds {
    type Output = String;

    fn say(&mut self, value: &Say) -> String {
        format!("say in {}", value.session.0)
    }

    fn note(&mut self, value: &TextBlock) -> String {
        format!("note {}", value.text)
    }

    fn content(&mut self, value: &Block) -> String {
        value.dispatch(&mut Kinds)
    }

    fn table(&mut self, value: &TableBlock) -> String {
        format!("table of {}", value.rows.len())
    }
}

impl BlockBridge for Kinds {
    type Output = String;

    fn text(&mut self, value: &TextBlock) -> String {
        format!("text {}", value.text)
    }

    fn image(&mut self, value: &ImageBlock) -> String {
        format!("image {}", value.url)
    }

    fn table(&mut self, value: &TableBlock) -> String {
        format!("block table of {}", value.rows.len())
    }
}

fn main() {
    let table = Message::from_json_str(r#"{"kind":"table","rows":[["a"]]}"#).expect("a table");
    assert_eq!(table.dispatch(&mut Kinds), "table of 1");
    let block = Message::from_json_str(r#"{"kind":"content","type":"table","rows":[]}"#)
        .expect("a table block");
    assert_eq!(block.dispatch(&mut Kinds), "block table of 0");
    assert_eq!(Message::TAGS, ["say", "note", "content", "table"]);
}
