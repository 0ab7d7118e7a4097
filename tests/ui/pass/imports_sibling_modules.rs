//! A schema that imports types from other schema files, each derived in a sibling module: the
//! importing module names the imported types through `super::<stem>`, the derive's default, and
//! its union's variants carry payloads declared in another file, read and written as JSON and
//! dispatched to a bridge that renders every variant.

mod ids {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project/ids.cards"]
    pub struct Ids;
}

mod blocks {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project/blocks.cards"]
    pub struct Blocks;
}

mod chat {
    #[derive(cardc::Schema)]
    #[schema = "../../../../tests/ui/schemas/project/chat.cards"]
    pub struct Chat;
}

use blocks::{Block, BlockBridge, ImageBlock, Origin, TextBlock};
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
    let json = r#"{"kind":"say","origin":{"session":"s1"},"session":"s1","blocks":[{"type":"text","text":"hi"}]}"#;
    let message = Message::from_json_str(json).expect("a say");
    assert_eq!(message.dispatch(&mut Kinds), "say in s1");
    let Message::Say(say) = &message else {
        panic!("not a say: {message:?}");
    };
    assert_eq!(say.origin, Origin { session: ids::SessionId("s1".into()) });
    assert_eq!(serde_json::to_string(&message).expect("writes"), json);

    let content = Message::from_json_str(r#"{"kind":"content","type":"image","url":"u"}"#)
        .expect("a block");
    assert_eq!(content.dispatch(&mut Kinds), "image u");
    assert!(Message::from_json_str(r#"{"kind":"content","type":"table","rows":[]}"#).is_err());
    assert_eq!(Message::TAGS, ["say", "note", "content"]);
}
