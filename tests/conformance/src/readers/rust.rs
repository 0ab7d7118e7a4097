//! The generated Rust types as readers: the strict decode with its round trip, and the tolerant
//! decode.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{Reader, TargetReaders, TolerantResult, same_json};
use crate::{Case, Subject, Verdict};

/// The Rust target's entry in the registry.
pub(super) struct Readers;

impl TargetReaders for Readers {
    fn key(&self) -> &'static str {
        "rust"
    }

    fn strict(&self, subject: &Subject, _corpus: &Path) -> Vec<Box<dyn Reader>> {
        vec![Box::new(RustReader {
            compiled: subject.compiled.clone(),
        })]
    }

    fn tolerant(
        &self,
        subject: &Subject,
        cases: &[Case],
        _corpus: &Path,
    ) -> Option<(&'static str, BTreeMap<String, TolerantResult>)> {
        let reads = cases
            .iter()
            .map(|case| {
                let read = subject
                    .compiled
                    .tolerant(&case.type_name, &case.payload)
                    .unwrap_or_else(|| panic!("{}: unknown type {}", case.name, case.type_name));
                (case.name.clone(), read)
            })
            .collect();
        Some(("rust", reads))
    }
}

/// What the suite asks of one compiled Rust type.
pub enum Request<'a> {
    /// Decode the payload strictly (see [`round_trip`]) and compare what it writes back with
    /// `expected`.
    RoundTrip {
        /// The payload.
        payload: &'a Value,
        /// What a conforming writer writes back.
        expected: &'a Value,
    },
    /// Decode the payload tolerantly: the value written back and its warnings' pointers.
    Tolerant {
        /// The payload.
        payload: &'a Value,
    },
}

/// What a compiled type answers a [`Request`] with.
pub enum Answer {
    /// A strict read's verdict.
    Verdict(Verdict),
    /// A tolerant read.
    Tolerant(TolerantResult),
}

impl Request<'_> {
    /// Answers the request as the type `T`.
    pub fn act<T: DeserializeOwned + Serialize>(self) -> Answer {
        match self {
            Request::RoundTrip { payload, expected } => {
                Answer::Verdict(round_trip::<T>(payload, expected))
            }
            Request::Tolerant { payload } => Answer::Tolerant(tolerant_read::<T>(payload)),
        }
    }
}

impl cardc_golden::TypeAction for Request<'_> {
    type Output = Answer;

    fn act<T: DeserializeOwned + Serialize>(self) -> Answer {
        Request::act::<T>(self)
    }
}

/// A subject's compiled Rust types, chosen by name at run time: answers a [`Request`] as the
/// type of that name, or `None` for a name the schema does not declare.
#[derive(Clone)]
pub struct Compiled(Arc<Dispatch>);

/// Answers a request as the type of the name it is given, or `None` for an unknown name.
type Dispatch = dyn Fn(&str, Request<'_>) -> Option<Answer> + Send + Sync;

macro_rules! render_intent_types {
    ($($name:ident),*) => {
        /// Answers a request as the render-intent type named `type_name`.
        fn render_intent_type(type_name: &str, request: Request<'_>) -> Option<Answer> {
            match type_name {
                $(stringify!($name) => Some(request.act::<render_intent::$name>()),)*
                _ => None,
            }
        }
    };
}
crate::for_each_named_type!(render_intent_types);

impl Compiled {
    /// Types chosen by `dispatch`, which answers a request as the type of the name it is given.
    pub fn new(
        dispatch: impl Fn(&str, Request<'_>) -> Option<Answer> + Send + Sync + 'static,
    ) -> Self {
        Compiled(Arc::new(dispatch))
    }

    /// The render-intent crate's types.
    pub fn render_intent() -> Self {
        Compiled::new(render_intent_type)
    }

    /// The committed Rust output of the golden case `case`, compiled by `cardc-golden`.
    pub fn golden(case: &str) -> Self {
        let case = case.to_string();
        Compiled::new(move |type_name, request| {
            cardc_golden::with_named_type(&case, type_name, request)
        })
    }

    /// One version of the compat golden pair `pair` (`tests/schemas/compat/<pair>`), compiled
    /// by `cardc-golden`'s build script: the new version's types, or the old's.
    pub fn compat(pair: &str, new: bool) -> Self {
        let pair = pair.to_string();
        Compiled::new(move |type_name, request| {
            cardc_golden::with_compat_type(&pair, new, type_name, request)
        })
    }

    /// The committed Rust output of the schema of stem `stem` of the golden project `case`,
    /// compiled by `cardc-golden` beside the outputs of the files it imports.
    pub fn project(case: &str, stem: &str) -> Self {
        let (case, stem) = (case.to_string(), stem.to_string());
        Compiled::new(move |type_name, request| {
            cardc_golden::with_project_type(&case, &stem, type_name, request)
        })
    }

    /// The strict verdict of the type `type_name` on `payload`, or `None` for an unknown type.
    fn round_trip(&self, type_name: &str, payload: &Value, expected: &Value) -> Option<Verdict> {
        match (self.0)(type_name, Request::RoundTrip { payload, expected })? {
            Answer::Verdict(verdict) => Some(verdict),
            Answer::Tolerant(_) => panic!("a round trip answered as a tolerant read"),
        }
    }

    /// The tolerant read of the type `type_name` of `payload`, or `None` for an unknown type.
    pub fn tolerant(&self, type_name: &str, payload: &Value) -> Option<TolerantResult> {
        match (self.0)(type_name, Request::Tolerant { payload })? {
            Answer::Tolerant(read) => Some(read),
            Answer::Verdict(_) => panic!("a tolerant read answered as a verdict"),
        }
    }
}

/// The generated Rust types: accept means `cardc::decode_str::<T>` decodes the payload's text
/// as its named type `T`, and a decoded payload must write back as the case's write-back (the
/// same JSON, but for what the contract says a reader forgets). A refusal's pointer is the
/// `DecodeError`'s.
pub struct RustReader {
    compiled: Compiled,
}

impl RustReader {
    /// The types `compiled` holds.
    pub fn of(compiled: Compiled) -> Self {
        RustReader { compiled }
    }

    /// The render-intent crate's types.
    pub fn render_intent() -> Self {
        RustReader {
            compiled: Compiled::render_intent(),
        }
    }

    /// The committed Rust output of the golden case `case`, compiled by `cardc-golden`.
    pub fn golden(case: &str) -> Self {
        RustReader {
            compiled: Compiled::golden(case),
        }
    }

    /// The schema of stem `stem` of the golden project `case` (see [`Compiled::project`]).
    pub fn project(case: &str, stem: &str) -> Self {
        RustReader {
            compiled: Compiled::project(case, stem),
        }
    }

    /// One version of the compat golden pair `pair` (see [`Compiled::compat`]).
    pub fn compat(pair: &str, new: bool) -> Self {
        RustReader {
            compiled: Compiled::compat(pair, new),
        }
    }
}

impl Reader for RustReader {
    fn name(&self) -> &'static str {
        "rust"
    }

    /// Decodes the case as its named type.
    fn read(&self, case: &Case) -> Verdict {
        self.compiled
            .round_trip(&case.type_name, &case.payload, case.write_back())
            .unwrap_or_else(|| panic!("{}: unknown corpus type {}", case.name, case.type_name))
    }
}

/// Reads a payload as a `T` and writes it back, as [`precise_round_trip`] says, and checks
/// that neither the order of its keys nor the way it is read changes the verdict. The payload
/// is read twice, as given and with every object's keys in reverse order (which moves a tag
/// from first to last, or the other way), and each text is read by `serde_json::from_str`
/// alone and by `cardc::decode_str_tolerant`: a union reads the keys before its tag into their
/// types under `serde_json` alone, and buffers them where a `cardc` decode traces its reading
/// (a tolerant one always; `decode_str` when the input fails, to build its error). Both must
/// accept the same payloads and read the same values; the tolerant reading may also accept
/// one by dropping what a policy lets it drop, and then says so.
fn round_trip<T: DeserializeOwned + Serialize>(payload: &Value, expected: &Value) -> Verdict {
    let given = payload.to_string();
    let verdict = precise_round_trip::<T>(&given, expected);
    let reversed = reversed(payload).to_string();
    let reversed_verdict = precise_round_trip::<T>(&reversed, expected);
    // Two refusals may word their reasons differently: the first problem read comes first.
    let same = reversed_verdict.accepted == verdict.accepted
        && (!verdict.accepted || reversed_verdict.detail == verdict.detail);
    if !same {
        return Verdict {
            accepted: !verdict.accepted || reversed_verdict.accepted,
            detail: format!(
                "its keys in reverse order read otherwise: {} against {}",
                describe(&reversed_verdict),
                describe(&verdict)
            ),
            pointer: verdict.pointer,
        };
    }
    for text in [&given, &reversed] {
        let traced = cardc::decode_str_tolerant::<T>(text);
        let plain = serde_json::from_str::<T>(text);
        let agree = match (&traced, &plain) {
            (Ok(traced), Ok(plain)) => {
                traced.warnings.is_empty()
                    && serde_json::to_value(&traced.value).ok() == serde_json::to_value(plain).ok()
            }
            (Ok(traced), Err(_)) => !traced.warnings.is_empty(),
            (Err(_), Err(_)) => true,
            (Err(_), Ok(_)) => false,
        };
        if !agree {
            let traced = traced.map(|decoded| serde_json::to_value(&decoded.value).ok());
            let plain = plain.map(|value| serde_json::to_value(&value).ok());
            return Verdict {
                accepted: true,
                detail: format!(
                    "serde_json alone reads {text} otherwise than a traced cardc decode: \
                     {plain:?} against {traced:?}"
                ),
                pointer: None,
            };
        }
    }
    verdict
}

/// A verdict in words, for a disagreement.
fn describe(verdict: &Verdict) -> String {
    match (verdict.accepted, verdict.detail.as_str()) {
        (true, "") => "accepted".to_owned(),
        (true, detail) => format!("accepted, but {detail}"),
        (false, detail) => format!("refused ({detail})"),
    }
}

/// The same JSON with every object's keys in reverse order (serde_json keeps the order of an
/// object's keys in this crate, by its `preserve_order` feature).
fn reversed(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(reversed).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .rev()
                .map(|(key, value)| (key.clone(), reversed(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Decodes `text` with `cardc::decode_str` and compares what the value writes back with the
/// JSON it must write.
fn precise_round_trip<T: DeserializeOwned + Serialize>(text: &str, expected: &Value) -> Verdict {
    match cardc::decode_str::<T>(text) {
        Err(error) => Verdict {
            accepted: false,
            detail: error.to_string(),
            pointer: Some(error.pointer().to_owned()),
        },
        Ok(value) => match serde_json::to_value(&value) {
            Ok(written) if same_json(&written, expected) => Verdict::accepted(),
            Ok(written) => Verdict {
                accepted: true,
                detail: format!("round trip changed the JSON: {written}"),
                pointer: None,
            },
            Err(error) => Verdict {
                accepted: true,
                detail: format!("cannot write back: {error}"),
                pointer: None,
            },
        },
    }
}

/// What `cardc::decode_str_tolerant` reads `payload` as, as a `T`: the value written back and
/// the pointers of its warnings, in order, or the error.
fn tolerant_read<T: DeserializeOwned + Serialize>(payload: &Value) -> TolerantResult {
    let decoded =
        cardc::decode_str_tolerant::<T>(&payload.to_string()).map_err(|error| error.to_string())?;
    let written = serde_json::to_value(&decoded.value).map_err(|error| error.to_string())?;
    let pointers = decoded
        .warnings
        .iter()
        .map(|warning| warning.pointer().to_owned())
        .collect();
    Ok((written, pointers))
}

/// What `cardc::decode_str_tolerant` reads `payload` as, as the type `type_name` of the golden
/// case `case`: the value written back and the pointers of its warnings, in order, or the
/// error. `None` for a name the case does not declare.
pub fn rust_tolerant_read(case: &str, type_name: &str, payload: &Value) -> Option<TolerantResult> {
    Compiled::golden(case).tolerant(type_name, payload)
}
