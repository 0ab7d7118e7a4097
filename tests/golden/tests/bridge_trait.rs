//! The generated exhaustiveness helpers: the bridge trait has one method per variant, `dispatch`
//! calls the one for the value's tag, nested unions dispatch again, and `TAGS`/`tag` list the
//! tag values in declaration order.

use cardc_golden::nested_unions::{
    ClickEvent, Event, EventBridge, KeyEvent, PointerEvent, PointerEventBridge, ScrollEvent,
};
use cardc_golden::reserved_names::{D, Keyword, KeywordBridge, Result, S, Send, Sized};
use cardc_golden::unions::{Circle, EmptyShape, Rectangle, Shape, ShapeBridge};
use cardc_golden::unit_variants::{
    BlockEvent, BlockEventBridge, BlockStart, MessageDelta, StreamEvent, StreamEventBridge,
};

struct Describe;

impl ShapeBridge for Describe {
    type Output = String;

    fn circle(&mut self, value: &Circle) -> String {
        format!("circle r={}", value.radius)
    }

    fn rectangle(&mut self, value: &Rectangle) -> String {
        format!("rectangle {}x{}", value.width, value.height)
    }

    fn empty_shape(&mut self, _: &EmptyShape) -> String {
        "empty".to_string()
    }
}

#[test]
fn dispatch_calls_the_method_for_the_tag() {
    let shapes = [
        Shape::Circle(Circle { radius: 1.5 }),
        Shape::Rectangle(Rectangle {
            width: 2.0,
            height: 3.0,
        }),
        Shape::EmptyShape(EmptyShape {}),
    ];
    let described: Vec<String> = shapes
        .iter()
        .map(|shape| shape.dispatch(&mut Describe))
        .collect();
    assert_eq!(described, ["circle r=1.5", "rectangle 2x3", "empty"]);
    assert_eq!(Shape::TAGS, ["circle", "rectangle", "empty_shape"]);
    let tags: Vec<&str> = shapes.iter().map(Shape::tag).collect();
    assert_eq!(tags, Shape::TAGS);
}

/// Counts events; a bridge may keep state, since methods take `&mut self`.
#[derive(Default)]
struct Counter {
    keys: usize,
    clicks: usize,
    scrolls: usize,
}

impl EventBridge for Counter {
    type Output = ();

    fn key(&mut self, _: &KeyEvent) {
        self.keys += 1;
    }

    fn pointer(&mut self, value: &PointerEvent) {
        value.dispatch(self);
    }
}

impl PointerEventBridge for Counter {
    type Output = ();

    fn click(&mut self, _: &ClickEvent) {
        self.clicks += 1;
    }

    fn scroll(&mut self, _: &ScrollEvent) {
        self.scrolls += 1;
    }
}

#[test]
fn nested_unions_dispatch_again_on_their_own_tag() {
    let events = [
        Event::Key(KeyEvent { key: "a".into() }),
        Event::Pointer(PointerEvent::Click(ClickEvent {
            x: 1,
            y: 2,
            button: None,
        })),
        Event::Pointer(PointerEvent::Scroll(ScrollEvent { delta_y: 1.0 })),
        Event::Pointer(PointerEvent::Click(ClickEvent {
            x: 0,
            y: 0,
            button: Some(1),
        })),
    ];
    let mut counter = Counter::default();
    for event in &events {
        event.dispatch(&mut counter);
    }
    assert_eq!((counter.keys, counter.clicks, counter.scrolls), (1, 2, 1));
    assert_eq!(PointerEvent::TAGS, ["click", "scroll"]);
}

/// A bridge for variants whose methods would be keywords: `super` and `crate` cannot be raw,
/// `gen` is one since the 2024 edition, `type` always was.
struct Keywords;

impl KeywordBridge for Keywords {
    type Output = &'static str;

    fn super_(&mut self, _: &Sized) -> &'static str {
        "super"
    }

    fn crate_(&mut self, _: &Send) -> &'static str {
        "crate"
    }

    fn r#gen(&mut self, _: &S) -> &'static str {
        "gen"
    }

    fn r#type(&mut self, _: &D) -> &'static str {
        "type"
    }

    fn ok(&mut self, _: &Result) -> &'static str {
        "ok"
    }
}

#[test]
fn keyword_variants_get_escaped_bridge_methods() {
    let values = [
        Keyword::Super(Sized { default: None }),
        Keyword::Crate(Send { clone: true }),
        Keyword::Gen(S {}),
        Keyword::Type(D { debug: Vec::new() }),
        Keyword::Ok(Result { none: None }),
    ];
    let names: Vec<&str> = values
        .iter()
        .map(|value| value.dispatch(&mut Keywords))
        .collect();
    assert_eq!(names, ["super", "crate", "gen", "type", "ok"]);
    let tags: Vec<&str> = values.iter().map(Keyword::tag).collect();
    assert_eq!(tags, Keyword::TAGS);
}

/// Names each stream event; a unit variant's method takes nothing but the bridge.
struct Events;

impl StreamEventBridge for Events {
    type Output = String;

    fn ping(&mut self) -> String {
        "ping".to_owned()
    }

    fn message_delta(&mut self, value: &MessageDelta) -> String {
        format!("delta {}", value.text)
    }

    fn stop(&mut self) -> String {
        "stop".to_owned()
    }

    fn block(&mut self, value: &BlockEvent) -> String {
        value.dispatch(self)
    }
}

impl BlockEventBridge for Events {
    type Output = String;

    fn start(&mut self, value: &BlockStart) -> String {
        format!("start {}", value.index)
    }

    fn end(&mut self) -> String {
        "end".to_owned()
    }
}

#[test]
fn unit_variants_dispatch_without_a_payload() {
    let events = [
        StreamEvent::Ping,
        StreamEvent::MessageDelta(MessageDelta {
            text: "hi".to_owned(),
        }),
        StreamEvent::Stop,
        StreamEvent::Block(BlockEvent::Start(BlockStart { index: 2 })),
        StreamEvent::Block(BlockEvent::End),
    ];
    let named: Vec<String> = events
        .iter()
        .map(|event| event.dispatch(&mut Events))
        .collect();
    assert_eq!(named, ["ping", "delta hi", "stop", "start 2", "end"]);
    let tags: Vec<&str> = events.iter().map(StreamEvent::tag).collect();
    assert_eq!(
        tags,
        ["ping", "message_delta", "message_stop", "block", "block"]
    );
    assert_eq!(
        StreamEvent::TAGS,
        ["ping", "message_delta", "message_stop", "block"]
    );
    assert_eq!(BlockEvent::End.tag(), "end");
}
