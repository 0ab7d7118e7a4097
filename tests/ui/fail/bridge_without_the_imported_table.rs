//! The bridges written for the project without a `table` card, compiled against the one with
//! it: the union whose new variant carries a payload imported from another file, and the union
//! of the imported file that gained a card, each require a `table` method, so both impls stop
//! compiling.

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

use blocks::{Block, BlockBridge, ImageBlock, TextBlock};
use chat::{MessageBridge, Say};

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
}

impl BlockBridge for Kinds {
    type Output = String;

    fn text(&mut self, value: &TextBlock) -> String {
        format!("text {}", value.text)
    }

    fn image(&mut self, value: &ImageBlock) -> String {
        format!("image {}", value.url)
    }
}

fn main() {
    let _ = Kinds;
}
