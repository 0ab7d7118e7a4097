//! A `match`, in the importing module, over the union imported from another file: once that
//! file's union gains a `table` card, the match is no longer exhaustive.

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

    pub fn first_text(message: &Message) -> Option<&str> {
        match message {
            Message::Note(note) => Some(&note.text),
            Message::Content(block) => match block {
                Block::Text(text) => Some(&text.text),
                Block::Image(_) => None,
            },
            Message::Say(_) | Message::Table(_) => None,
        }
    }
}

fn main() {
    let _ = chat::first_text;
}
