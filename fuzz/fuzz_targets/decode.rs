//! The generated render-intent decoders on arbitrary JSON text. The first byte picks the type;
//! the rest is the text. For every named type: decoding never panics, `cardc::decode_str`
//! accepts exactly what `serde_json::from_str` accepts, and what is accepted writes back to
//! JSON that decodes to the same value and writes back to the same text.
//! Agreement with the TypeScript guards and the JSON Schema is checked outside the loop, by
//! replaying this target's corpus through every reader (`fuzz/README.md`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use render_intent::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn check<T: DeserializeOwned + Serialize + PartialEq + std::fmt::Debug>(text: &str) {
    let decoded = cardc::decode_str::<T>(text);
    let plain = serde_json::from_str::<T>(text);
    assert_eq!(
        decoded.is_ok(),
        plain.is_ok(),
        "decode_str and from_str disagree: {decoded:?}"
    );
    let Ok(value) = decoded else { return };
    let written = serde_json::to_string(&value).expect("a decoded value writes back");
    let again = cardc::decode_str::<T>(&written).expect("what was written reads back");
    assert_eq!(value, again, "the round trip changed the value");
    let rewritten = serde_json::to_string(&again).expect("writes back");
    assert_eq!(written, rewritten, "writing back is not stable");
}

macro_rules! checks {
    ($($name:ident),* $(,)?) => {
        /// One check per named type, in name order: the selector byte picks one.
        const CHECKS: &[fn(&str)] = &[$(check::<$name>),*];
    };
}

render_intent::for_each_named_type!(checks);

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    CHECKS[usize::from(selector) % CHECKS.len()](text);
});
