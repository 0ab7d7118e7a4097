//! The golden Rust types accept exactly what the schema language promises, construct by
//! construct: presence, integer bounds, 64-bit integers, constraints and formats, closed and open objects, unions, renames, recursion.
//! (The render-intent types are held to the full wire corpus in `tests/conformance`.)

use cardc_golden::{
    collections, constraints, enums, nested_unions, open_objects, open_unit_variants, presence,
    presence_rules, primitives, recursion, renames, reserved_names, shared_payloads, unit_variants,
    wide_integers,
};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Decodes a value, and checks that it writes back as the same JSON.
fn accepts<T: DeserializeOwned + serde::Serialize>(value: Value) -> T {
    let decoded: T = serde_json::from_value(value.clone())
        .unwrap_or_else(|error| panic!("rejected {value}: {error}"));
    let written = serde_json::to_value(&decoded).expect("writes");
    assert_eq!(written, value, "the round trip changed the JSON");
    decoded
}

/// Checks that a value is refused, with an error mentioning `reason`.
fn rejects<T: DeserializeOwned>(value: Value, reason: &str) {
    match serde_json::from_value::<T>(value.clone()) {
        Ok(_) => panic!("accepted {value}"),
        Err(error) => assert!(
            error.to_string().contains(reason),
            "{value}: {error} (expected {reason:?})"
        ),
    }
}

fn presence() -> Value {
    json!({"requiredText": "a", "nullableText": null, "requiredJson": null, "nullablePoint": {"x": 1, "y": -1}})
}

fn with(mut base: Value, key: &str, value: Value) -> Value {
    base[key] = value;
    base
}

fn without(mut base: Value, key: &str) -> Value {
    base.as_object_mut().expect("an object").remove(key);
    base
}

#[test]
fn optional_fields_may_be_absent_but_never_null() {
    accepts::<presence::Presence>(presence());
    accepts::<presence::Presence>(with(presence(), "optionalText", json!("x")));
    rejects::<presence::Presence>(
        with(presence(), "optionalText", Value::Null),
        "invalid type: null",
    );
    rejects::<presence::Presence>(
        with(presence(), "optionalCount", Value::Null),
        "invalid type: null",
    );
}

#[test]
fn nullable_fields_must_be_present() {
    accepts::<presence::Presence>(with(presence(), "nullableText", json!("x")));
    rejects::<presence::Presence>(
        without(presence(), "nullableText"),
        "missing field `nullableText`",
    );
    rejects::<presence::Presence>(
        without(presence(), "nullablePoint"),
        "missing field `nullablePoint`",
    );
}

#[test]
fn optional_nullable_fields_keep_absent_null_and_value_apart() {
    let absent: presence::Presence = accepts(presence());
    let null: presence::Presence = accepts(with(presence(), "optionalNullableText", Value::Null));
    let value: presence::Presence = accepts(with(presence(), "optionalNullableText", json!("x")));
    assert_eq!(absent.optional_nullable_text, None);
    assert_eq!(null.optional_nullable_text, Some(None));
    assert_eq!(value.optional_nullable_text, Some(Some("x".to_string())));
}

#[test]
fn json_fields_keep_a_present_null() {
    let decoded: presence::Presence = accepts(with(presence(), "optionalJson", Value::Null));
    assert_eq!(decoded.optional_json, Some(Value::Null));
    rejects::<presence::Presence>(
        without(presence(), "requiredJson"),
        "missing field `requiredJson`",
    );
}

#[test]
fn integers_keep_their_bounds() {
    let scalars = json!({"text": "", "flag": true, "tiny": 255, "small": 65535, "count": 4294967295u32,
        "signed_tiny": -128, "signed_small": -32768, "offset": -2147483648i32, "ratio": 0.5, "anything": [1]});
    accepts::<primitives::Scalars>(scalars.clone());
    for (key, bad) in [
        ("tiny", json!(256)),
        ("count", json!(4294967296u64)),
        ("offset", json!(2147483648u32)),
        ("count", json!(-1)),
    ] {
        rejects::<primitives::Scalars>(with(scalars.clone(), key, bad), "invalid value");
    }
    rejects::<primitives::Scalars>(
        with(scalars, "count", json!(1.5)),
        "invalid type: floating point",
    );
}

#[test]
fn closed_objects_reject_unknown_fields_and_arrays() {
    rejects::<presence::Presence>(with(presence(), "extra", json!(1)), "unknown field `extra`");
    rejects::<presence::Point>(json!([1, 2]), "invalid type: sequence");
}

#[test]
fn open_objects_keep_unknown_fields_on_the_round_trip() {
    let decoded: open_objects::Metadata = accepts(json!({"name": "n", "extra": {"deep": [null]}}));
    assert_eq!(decoded.extra_fields["extra"], json!({"deep": [null]}));
    accepts::<open_objects::Strict>(json!({"name": "s", "metadata": {"name": "m", "x": 1}}));
    rejects::<open_objects::Strict>(
        json!({"name": "s", "metadata": {"name": "m"}, "x": 1}),
        "unknown field `x`",
    );
}

#[test]
fn dropped_fields_are_read_as_any_json_before_they_are_dropped() {
    // Text, since a parsed `Value` cannot hold what is refused here.
    let read = |extra: &str| {
        let text = format!(r#"{{"id":"m","attachments":[],"extra":{extra}}}"#);
        serde_json::from_str::<presence_rules::Message>(&text).map_err(|error| error.to_string())
    };
    for kept in [
        r#"{"deep":[null,1.5,"\u00e9"]}"#,
        "-0",
        "1e308",
        r#""\ud83d\ude00""#,
    ] {
        assert_eq!(read(kept).err(), None, "{kept}");
    }
    for (refused, reason) in [
        ("1e400", "number out of range"),
        (r#"[{"a":1}, {"b":[-1e999]}]"#, "number out of range"),
        (r#""\ud800""#, "hex escape"),
        (r#"{"a":1,"a":2}"#, "duplicate key `a`"),
        (r#"[{"b":{"c":0,"c":0}}]"#, "duplicate key `c`"),
    ] {
        let error = read(refused).expect_err(refused);
        assert!(error.contains(reason), "{refused}: {error}");
    }
}

/// A key the schema does not name, given twice, is refused at the key in every open object, as
/// a field given twice is: dropped (`Message`, `Author`) or kept (`Metadata`), directly or
/// inside a kept value, and through a union whose variant drops them (`Event`).
#[test]
fn a_repeated_unknown_key_is_refused_at_the_key_in_every_open_object() {
    let refused = |decoded: Result<(), cardc::DecodeError>| {
        let error = decoded.expect_err("a repeated key is refused");
        (error.pointer().to_owned(), error.message().to_owned())
    };
    let message = r#"{"id":"m","attachments":[],"q":1,"q":2}"#;
    assert_eq!(
        refused(cardc::decode_str::<presence_rules::Message>(message).map(drop)),
        ("/q".to_owned(), "duplicate key `q`".to_owned())
    );
    let posted = r#"{"type":"posted","id":"m","attachments":[],"q":1,"q":2}"#;
    assert_eq!(
        refused(cardc::decode_str::<presence_rules::Event>(posted).map(drop)).0,
        "/q"
    );
    let author = r#"{"id":"m","attachments":[],"author":{"name":"a","q":1,"q":2}}"#;
    assert_eq!(
        refused(cardc::decode_str::<presence_rules::Message>(author).map(drop)).0,
        "/author/q"
    );
    let kept = r#"{"name":"s","metadata":{"name":"m","q":1,"q":2}}"#;
    assert_eq!(
        refused(cardc::decode_str::<open_objects::Strict>(kept).map(drop)),
        ("/metadata/q".to_owned(), "duplicate key `q`".to_owned())
    );
    let inside = r#"{"name":"m","q":{"r":[{"s":0,"s":1}]}}"#;
    assert_eq!(
        refused(cardc::decode_str::<open_objects::Metadata>(inside).map(drop)).0,
        "/q/r/0/s"
    );
    // serde alone refuses them too, as it refuses a field given twice.
    assert!(serde_json::from_str::<presence_rules::Message>(message).is_err());
}

#[test]
fn unions_read_the_tag_and_nested_unions_read_both() {
    let click = json!({"event": "pointer", "kind": "click", "x": 1, "y": 2});
    let decoded: nested_unions::Event = accepts(click.clone());
    assert!(matches!(
        decoded,
        nested_unions::Event::Pointer(nested_unions::PointerEvent::Click(_))
    ));
    rejects::<nested_unions::Event>(without(click.clone(), "kind"), "missing field `kind`");
    rejects::<nested_unions::Event>(
        with(click.clone(), "kind", json!("drag")),
        "unknown variant `drag`",
    );
    rejects::<nested_unions::Event>(
        with(click.clone(), "event", json!("Pointer")),
        "unknown variant `Pointer`",
    );
    rejects::<nested_unions::Event>(with(click, "z", json!(0)), "unknown field `z`");
    accepts::<nested_unions::Event>(json!({"event": "key", "key": "a"}));
}

/// A type read on its own carries no tag of a union it sits in: a variant struct is its fields,
/// a nested union carries its own tag only; the JSON Schema and the guards read them the same.
#[test]
fn standalone_forms_carry_no_outer_tag() {
    let click = json!({"x": 1, "y": 2});
    accepts::<nested_unions::ClickEvent>(click.clone());
    rejects::<nested_unions::ClickEvent>(
        with(click.clone(), "kind", json!("click")),
        "unknown field `kind`",
    );
    let pointer = with(click, "kind", json!("click"));
    accepts::<nested_unions::PointerEvent>(pointer.clone());
    rejects::<nested_unions::PointerEvent>(
        with(pointer, "event", json!("pointer")),
        "unknown field `event`",
    );
    accepts::<nested_unions::KeyEvent>(json!({"key": "a"}));
    rejects::<nested_unions::KeyEvent>(
        json!({"event": "key", "key": "a"}),
        "unknown field `event`",
    );
}

#[test]
fn collections_hold_nullable_items_and_maps() {
    accepts::<collections::Collections>(json!({
        "names": ["a"], "matrix": [[1], []], "maybeNames": [null, "b"], "labels": {"k": "v"},
        "groups": {"g": [{"id": 1}]}, "sparse": {"a": null, "b": 2}, "nullableItems": null
    }));
}

#[test]
fn renames_and_enums_use_their_wire_names() {
    let setting: enums::Setting =
        accepts(json!({"colour": "blue!", "level": "WARN_ONCE", "history": ["INFO"]}));
    assert_eq!(setting.colour, enums::Colour::Blue);
    rejects::<enums::Setting>(
        json!({"colour": "Blue", "history": []}),
        "unknown variant `Blue`",
    );
    accepts::<renames::Defaults>(json!({"firstName": "a", "last-name": "b"}));
    accepts::<renames::Shouting>(json!({"FIRST-NAME": "a"}));
    accepts::<renames::Message>(json!({"$type": "pic", "src": "x"}));
    accepts::<renames::Message>(json!({"$type": "TextMessage", "bodyText": "x"}));
    accepts::<renames::Task>(json!({"priority": "very-high"}));
}

#[test]
fn enums_are_read_from_their_string_only() {
    // serde's derived enums also read a unit variant's externally tagged form.
    rejects::<enums::Setting>(
        json!({"colour": {"blue!": null}, "history": []}),
        "invalid type: map, expected a Colour string",
    );
    rejects::<enums::Setting>(
        json!({"colour": null, "history": []}),
        "invalid type: null, expected a Colour string",
    );
    rejects::<enums::Setting>(
        json!({"colour": "blue!", "history": [["INFO"]]}),
        "invalid type: sequence, expected a Level string",
    );
}

#[test]
fn recursive_types_nest() {
    accepts::<recursion::TreeNode>(
        json!({"value": 1, "left": {"value": 2, "right": null}, "right": null}),
    );
    accepts::<recursion::Expr>(
        json!({"op": "add", "terms": [{"op": "negate", "operand": {"op": "literal", "value": 1.5}}]}),
    );
}

#[test]
fn keyword_fields_travel_under_their_own_names() {
    let decoded: reserved_names::Keywords = accepts(json!({
        "type": "t", "match": 1, "async": true, "self": "s", "function": "f", "enum": [],
        "gen": true, "pub": false, "try": true, "dyn": false
    }));
    assert_eq!(decoded.r#type, "t");
    assert!(decoded.r#gen && !decoded.r#pub);
    assert_eq!(decoded.self_.as_deref(), Some("s"));
}

/// A unit variant is its tags alone, nested too: any other key is refused, as it would be by a
/// closed struct without fields, and it writes back as the tags.
#[test]
fn unit_variants_are_their_tags_alone() {
    use unit_variants::{BlockEvent, Health, StreamEvent};
    assert_eq!(
        accepts::<StreamEvent>(json!({"type": "ping"})),
        StreamEvent::Ping
    );
    assert_eq!(
        accepts::<StreamEvent>(json!({"type": "message_stop"})),
        StreamEvent::Stop
    );
    assert_eq!(
        accepts::<StreamEvent>(json!({"type": "block", "kind": "end"})),
        StreamEvent::Block(BlockEvent::End)
    );
    accepts::<StreamEvent>(json!({"type": "message_delta", "text": "hi"}));
    accepts::<StreamEvent>(json!({"type": "block", "kind": "start", "index": 0}));
    rejects::<StreamEvent>(
        json!({"type": "ping", "text": "hi"}),
        "unknown field `text`, there are no fields",
    );
    rejects::<StreamEvent>(json!({"type": "stop"}), "unknown variant `stop`");
    rejects::<StreamEvent>(
        json!({"type": "block", "kind": "end", "index": 0}),
        "unknown field `index`",
    );
    rejects::<StreamEvent>(json!({"type": "block"}), "missing field `kind`");
    // The key before the tag is buffered, and refused all the same.
    assert!(serde_json::from_str::<StreamEvent>(r#"{"x": 1, "type": "ping"}"#).is_err());
    // On its own, the nested union carries its own tag only.
    assert_eq!(
        accepts::<BlockEvent>(json!({"kind": "end"})),
        BlockEvent::End
    );
    rejects::<BlockEvent>(
        json!({"type": "block", "kind": "end"}),
        "unknown field `type`",
    );
    assert_eq!(accepts::<Health>(json!({"status": "up"})), Health::Up);
    rejects::<Health>(json!("up"), "invalid type: string");
}

/// An open unit variant keeps the keys other than its tags in its `extra_fields` and writes them
/// back, or reads and forgets them, nested too; a closed one beside them still refuses them.
#[test]
fn open_unit_variants_keep_or_drop_other_keys() {
    use open_unit_variants::{BlockEvent, StreamEvent};
    let ping = accepts::<StreamEvent>(json!({"type": "ping", "seq": 7, "meta": {"at": null}}));
    let StreamEvent::Ping { extra_fields } = ping else {
        panic!("not a ping: {ping:?}");
    };
    assert_eq!(extra_fields.get("seq"), Some(&json!(7)));
    // A key before the tag is kept too (written back after it).
    let early: StreamEvent = serde_json::from_str(r#"{"seq": 7, "type": "ping"}"#).expect("reads");
    assert_eq!(
        serde_json::to_value(&early).expect("writes"),
        json!({"type": "ping", "seq": 7})
    );
    let stop: StreamEvent =
        serde_json::from_value(json!({"reason": "done", "type": "message_stop", "n": [1]}))
            .expect("reads");
    assert_eq!(stop, StreamEvent::Stop);
    assert_eq!(
        serde_json::to_value(&stop).expect("writes"),
        json!({"type": "message_stop"})
    );
    rejects::<StreamEvent>(
        json!({"type": "failed", "reason": "x"}),
        "unknown field `reason`, there are no fields",
    );
    let end = accepts::<StreamEvent>(json!({"type": "block", "kind": "end", "index": 2}));
    assert!(matches!(end, StreamEvent::Block(BlockEvent::End { .. })));
    let pause: BlockEvent =
        serde_json::from_value(json!({"kind": "pause", "note": "x"})).expect("reads");
    assert_eq!(pause, BlockEvent::Pause);
    // Twice the same kept key is refused, as an open struct refuses it.
    assert!(serde_json::from_str::<StreamEvent>(r#"{"type": "ping", "a": 1, "a": 2}"#).is_err());
}

/// One struct under several tags: each use carries its own tag, the plain field none, and the
/// struct on its own is the bare object of its fields.
#[test]
fn a_shared_payload_carries_the_tag_of_each_use() {
    use shared_payloads::{
        ContentBlock, ContentChunk, PermissionRequest, Request, SessionUpdate, TextBlock,
        ToolCallUpdate,
    };
    let chunk = json!({"content": {"type": "text", "text": "hi"}});
    for (tag, expected) in [
        ("user_message_chunk", 0),
        ("agent_message_chunk", 1),
        ("agent_thought_chunk", 2),
    ] {
        let decoded: SessionUpdate = accepts(with(chunk.clone(), "sessionUpdate", json!(tag)));
        let index = match decoded {
            SessionUpdate::UserMessageChunk(_) => 0,
            SessionUpdate::AgentMessageChunk(_) => 1,
            SessionUpdate::AgentThoughtChunk(_) => 2,
            other => panic!("{tag} read as {other:?}"),
        };
        assert_eq!(index, expected, "{tag}");
    }
    accepts::<ContentChunk>(chunk.clone());
    rejects::<ContentChunk>(
        with(chunk, "sessionUpdate", json!("user_message_chunk")),
        "unknown field `sessionUpdate`",
    );
    // The same text block under `type` and under `method`, and as a plain field.
    accepts::<ContentBlock>(json!({"type": "text", "text": "a"}));
    accepts::<Request>(json!({"method": "note", "text": "a"}));
    rejects::<Request>(
        json!({"method": "note", "type": "text", "text": "a"}),
        "unknown field `type`",
    );
    rejects::<ContentBlock>(
        json!({"type": "text", "method": "note", "text": "a"}),
        "unknown field `method`",
    );
    let request: Request = accepts(json!({
        "method": "request_permission",
        "toolCall": {"toolCallId": "c1"},
        "reason": {"text": "writes a file"},
    }));
    assert_eq!(
        request,
        Request::RequestPermission(PermissionRequest {
            tool_call: ToolCallUpdate {
                tool_call_id: "c1".to_owned(),
                status: None,
            },
            reason: Some(TextBlock {
                text: "writes a file".to_owned(),
            }),
        })
    );
    rejects::<Request>(
        json!({"method": "request_permission", "toolCall": {"sessionUpdate": "tool_call_update", "toolCallId": "c1"}}),
        "unknown field `sessionUpdate`",
    );
    accepts::<SessionUpdate>(json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1"}));
}

#[test]
fn a_newtype_is_its_own_type_with_the_wire_form_of_what_it_wraps() {
    use cardc_golden::newtypes::{Forest, SessionId, TokenCount};
    let id: SessionId = accepts(json!("s-1"));
    assert_eq!(id, SessionId("s-1".to_string()));
    // Read by the contract's rules for its integer: `7.0` is 7, written back as `7`.
    let count: TokenCount = serde_json::from_str("7.0").expect("an integral float is an integer");
    assert_eq!(serde_json::to_value(count).expect("writes"), json!(7));
    rejects::<TokenCount>(json!(4_294_967_296_u64), "invalid value");
    let forest: Forest = accepts(json!([[], [[]]]));
    assert_eq!(forest.0.len(), 2);
    rejects::<SessionId>(json!({"0": "s-1"}), "invalid type: map");
}

#[test]
fn a_constant_field_is_written_and_checked_but_held_by_no_rust_field() {
    use cardc_golden::constants::{Message, Ping};
    let message = Message {
        text: "hi".to_string(),
        role: None,
    };
    assert_eq!(
        serde_json::to_value(&message).expect("writes"),
        json!({"type": "message", "version": 2, "final": true, "offset": -1, "text": "hi"})
    );
    let read: Message = accepts(serde_json::to_value(&message).expect("writes"));
    assert_eq!(read, message);
    rejects::<Message>(
        json!({"type": "message", "version": 3, "final": true, "offset": -1, "text": "hi"}),
        "invalid value: integer `3`, expected the constant 2",
    );
    rejects::<Ping>(
        json!({"type": "pong"}),
        "invalid value: string \"pong\", expected the constant \"ping\"",
    );
    rejects::<Ping>(json!({}), "missing field `type`");
    assert_eq!(
        serde_json::to_value(Ping {}).expect("writes"),
        json!({"type": "ping"})
    );
}

#[test]
fn a_flattened_struct_is_a_rust_field_and_keys_of_the_object_on_the_wire() {
    use cardc_golden::flatten::{Chunk, Envelope, Note, Trace, Update};
    let chunk: Chunk =
        accepts(json!({"id": "m1", "sessionId": "s1", "text": "hi", "traceId": "t"}));
    assert_eq!(chunk.envelope.id, "m1");
    assert_eq!(chunk.envelope.trace.trace_id.as_deref(), Some("t"));
    rejects::<Chunk>(
        json!({"envelope": {"id": "m1", "sessionId": "s1"}, "text": "hi"}),
        "unknown field `envelope`",
    );
    rejects::<Chunk>(
        json!({"sessionId": "s1", "text": "hi"}),
        "missing field `id`",
    );
    let update: Update =
        accepts(json!({"type": "chunk", "id": "m", "sessionId": "s", "text": "x"}));
    assert!(matches!(update, Update::Chunk(_)));
    // An open struct that flattens keeps the keys it does not know, beside the envelope's.
    let note: Note = accepts(json!({"id": "m", "sessionId": "s", "body": null, "extra": 1}));
    assert_eq!(note.extra_fields.len(), 1);
    let envelope = Envelope {
        id: "a".to_string(),
        session_id: "b".to_string(),
        meta: None,
        trace: Trace { trace_id: None },
    };
    assert_eq!(
        serde_json::to_value(Chunk {
            envelope,
            text: "t".to_string()
        })
        .expect("writes"),
        json!({"id": "a", "sessionId": "b", "text": "t"})
    );
}

#[test]
fn an_untagged_union_picks_its_variant_by_shape_by_keys_and_by_items() {
    use cardc_golden::untagged::{
        Message, MessageContent, RequestId, Resource, RpcMessage, SelectOptions, Series,
    };
    let content: MessageContent = accepts(json!("hi"));
    assert_eq!(content, MessageContent::Text("hi".to_string()));
    assert!(matches!(
        accepts::<MessageContent>(json!([])),
        MessageContent::Blocks(_)
    ));
    rejects::<MessageContent>(
        json!(42),
        "invalid type: integer `42`, expected a string or an array",
    );
    assert_eq!(accepts::<RequestId>(json!(7)), RequestId::Number(7));
    let integral: RequestId = serde_json::from_str("7.0").expect("7.0 is the integer 7");
    assert_eq!(integral, RequestId::Number(7));
    rejects::<RequestId>(json!(1.5), "expected an integer or a string");
    assert!(matches!(
        accepts::<Resource>(json!({"uri": "u", "blob": "b"})),
        Resource::Blob(_)
    ));
    // Without `text`, the object is the last object variant's, which reports what it misses.
    rejects::<Resource>(json!({"uri": "u"}), "missing field `blob`");
    // An object read whole to find its key keeps the pointer of an error inside it.
    let text = r#"{"content": "x", "resources": [{"uri": "u", "blob": 1}], "setting": null}"#;
    let error = cardc::decode_str::<Message>(text).expect_err("blob is a string");
    assert_eq!(error.pointer(), "/resources/0/blob", "{error}");
    // The first object variant whose required keys are all there.
    let message = |value: Value| accepts::<RpcMessage>(value);
    assert!(matches!(
        message(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"})),
        RpcMessage::Request(_)
    ));
    assert!(matches!(
        message(json!({"jsonrpc": "2.0", "method": "ping"})),
        RpcMessage::Notification(_)
    ));
    assert!(matches!(
        message(json!({"jsonrpc": "2.0", "id": 1, "result": {}})),
        RpcMessage::Response(_)
    ));
    assert!(matches!(
        message(json!({"jsonrpc": "2.0", "error": {"code": 1, "message": "m"}})),
        RpcMessage::Failure(_)
    ));
    rejects::<RpcMessage>(
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping", "result": {}}),
        "unknown field `result`",
    );
    // The first array variant whose item shape every item has; an empty array the first.
    assert!(matches!(
        accepts::<SelectOptions>(json!([{"value": "a"}])),
        SelectOptions::Flat(_)
    ));
    assert!(matches!(
        accepts::<SelectOptions>(json!([{"label": "l", "options": []}])),
        SelectOptions::Grouped(_)
    ));
    assert!(matches!(
        accepts::<SelectOptions>(json!([])),
        SelectOptions::Flat(_)
    ));
    assert!(matches!(accepts::<Series>(json!([1.5])), Series::Values(_)));
    rejects::<Series>(json!(["a", 1]), "invalid type");
    // An array read whole to find its variant keeps the pointer of an error inside it.
    let error = cardc::decode_str::<Series>("[[1, \"a\"]]").expect_err("a row holds numbers");
    assert_eq!(error.pointer(), "/0/1", "{error}");
    let error = cardc::decode_str::<SelectOptions>(r#"[{"value": "a", "label": 1}]"#)
        .expect_err("a label is a string");
    assert_eq!(error.pointer(), "/0/label", "{error}");
}

#[test]
fn an_untagged_union_tries_its_object_variants_in_order() {
    use cardc_golden::tried_in_order::{AnswerLog, ClientAnswer};
    let answer = |value: Value| accepts::<ClientAnswer>(value);
    assert!(matches!(answer(json!(404)), ClientAnswer::Code(404)));
    assert!(matches!(answer(json!({})), ClientAnswer::Empty(_)));
    // The closed empty answer refuses `model`; the open sampled one reads it and keeps `roots`.
    let sampled = answer(json!({"model": "m", "role": "user", "roots": ["a"]}));
    assert!(matches!(sampled, ClientAnswer::Sampled(_)));
    assert_eq!(
        serde_json::to_value(&sampled).expect("writes"),
        json!({"model": "m", "role": "user", "roots": ["a"]})
    );
    // The sampled answer refuses the role, so the roots answer reads the object, and drops the
    // keys it does not know.
    let roots: ClientAnswer =
        serde_json::from_value(json!({"model": "m", "role": "robot", "roots": ["a"]}))
            .expect("the roots answer reads it");
    assert!(matches!(roots, ClientAnswer::Roots(_)));
    assert_eq!(
        serde_json::to_value(&roots).expect("writes"),
        json!({"roots": ["a"], "truncated": false})
    );
    assert!(matches!(
        answer(json!({"roots": [1], "status": "ok"})),
        ClientAnswer::Status(_)
    ));
    // An object no variant reads fails at the union, whatever the tries said on the way.
    rejects::<ClientAnswer>(
        json!({"roots": [1]}),
        "expected an integer or an object one of its variants reads",
    );
    let error = ClientAnswer::from_json_str(r#"{"roots": [1]}"#).expect_err("no variant reads it");
    assert_eq!(
        (error.pointer(), error.type_name()),
        ("", Some("ClientAnswer")),
        "{error}"
    );
    let error = cardc::decode_str::<AnswerLog>(r#"{"answers": [{}, {"roots": [1]}]}"#)
        .expect_err("no variant reads the second answer");
    assert_eq!(error.pointer(), "/answers/1", "{error}");
    assert_eq!(error.type_name(), Some("ClientAnswer"), "{error}");
}

fn upload() -> Value {
    json!({"size": 9007199254740991u64, "offset": -9007199254740991i64, "checksum": "18446744073709551615",
        "delta": "-9223372036854775808", "chunks": [0, 9007199254740991u64], "parts": ["0", "-1"],
        "totals": {"a": null, "b": 9007199254740991i64}})
}

#[test]
fn wide_integers_are_safe_numbers_or_canonical_decimal_strings() {
    let decoded = accepts::<wide_integers::Upload>(upload());
    assert_eq!(decoded.checksum.0, u64::MAX);
    assert_eq!(decoded.delta.map(|delta| delta.0), Some(i64::MIN));
    accepts::<wide_integers::Upload>(with(upload(), "startedAt", json!(0)));
    // Past 2^53 - 1, however it is written and wherever it sits.
    for (key, bad) in [
        ("size", json!(9007199254740992u64)),
        ("offset", json!(-9007199254740992i64)),
        ("startedAt", json!(u64::MAX)),
        ("chunks", json!([1, 9007199254740992u64])),
        ("totals", json!({"b": -9007199254740992i64})),
    ] {
        rejects::<wide_integers::Upload>(with(upload(), key, bad), "safe range");
    }
    rejects::<wide_integers::Upload>(
        with(upload(), "size", json!(9007199254740992.0)),
        "invalid type",
    );
    rejects::<wide_integers::Upload>(with(upload(), "size", json!(-1)), "invalid value");
    // An integral float within the range is the integer it equals.
    let decoded: wide_integers::Upload =
        serde_json::from_value(with(upload(), "size", json!(9007199254740991.0))).expect("reads");
    assert_eq!(decoded.size, 9007199254740991);
    // Decimal strings: canonical, within the type, and strings only.
    for (key, bad) in [
        ("checksum", json!("18446744073709551616")),
        ("checksum", json!("-1")),
        ("checksum", json!("01")),
        ("checksum", json!("+1")),
        ("checksum", json!(" 1")),
        ("checksum", json!(1)),
        ("delta", json!("-0")),
        ("delta", json!("-9223372036854775809")),
        ("parts", json!(["9223372036854775808"])),
    ] {
        rejects::<wide_integers::Upload>(with(upload(), key, bad), "canonical decimal string");
    }
}

fn profile() -> Value {
    json!({"name": "Ada", "handle": "ada_1", "home": "https://example.com/a?b#c",
        "createdAt": "2024-02-29T23:59:60.5+01:00", "id": "123e4567-e89b-12d3-a456-426614174000",
        "percent": 100, "score": 1.0, "celsius": -273.15, "visits": 1,
        "tags": ["a"], "points": [{"x": 1, "y": 2}, {"x": 2, "y": 1}], "ratios": [0.5, 1.5]})
}

#[test]
fn constraints_are_enforced_on_the_value_read() {
    accepts::<constraints::Profile>(profile());
    // Sixteen code points of four bytes each.
    accepts::<constraints::Profile>(with(profile(), "name", json!("😀".repeat(16))));
    accepts::<constraints::Profile>(with(profile(), "initials", json!("abc")));
    accepts::<constraints::Profile>(with(profile(), "score", json!(null)));
    for (key, bad, reason) in [
        ("name", json!(""), "at least 1 characters"),
        ("name", json!("😀".repeat(17)), "at most 16 characters"),
        ("initials", json!("abcd"), "at most 3 characters"),
        ("handle", json!("Ada"), "matching"),
        ("home", json!("no scheme"), "format uri"),
        ("home", json!("https://a b"), "format uri"),
        (
            "createdAt",
            json!("2024-02-30T00:00:00Z"),
            "format date-time",
        ),
        (
            "createdAt",
            json!("2024-01-01 00:00:00Z"),
            "format date-time",
        ),
        (
            "id",
            json!("123e4567-e89b-12d3-a456-42661417400"),
            "format uuid",
        ),
        ("percent", json!(101), "at most 100"),
        ("score", json!(0), "above 0"),
        ("score", json!(1.0000000000000002), "at most 1"),
        ("celsius", json!(-273.16), "at least -273.15"),
        ("visits", json!(0), "at least 1"),
        ("tags", json!([]), "at least 1 items"),
        ("tags", json!(["a", "b", "c", "d"]), "at most 3 items"),
        ("tags", json!(["a", "a"]), "unique"),
        (
            "points",
            json!([{"x": 1, "y": 2}, {"y": 2, "x": 1}]),
            "unique",
        ),
        ("ratios", json!([1, 1.0]), "unique"),
    ] {
        rejects::<constraints::Profile>(with(profile(), key, bad), reason);
    }
    // The pointer of a decode error names the field whose value fails.
    let error =
        cardc::decode_value::<constraints::Profile>(&with(profile(), "percent", json!(101)));
    let error = error.expect_err("101 is above the range");
    assert_eq!(error.pointer(), "/percent", "{error}");
}
