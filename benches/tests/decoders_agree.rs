//! The benchmarked paths read the same thing: on a small corpus from the same generator, all
//! five decoders accept every payload and read the same value, and all three encoders write
//! the tag-first text back byte for byte.

use cardc_benches::corpus::{self, Card};
use cardc_benches::decoders::{self, Decoder};
use cardc_benches::encoders::{self, Encoder};

#[test]
fn every_decoder_reads_every_payload_the_same() {
    let corpus = corpus::generate(1, 400);
    for card in Card::ALL {
        for tag_first in [true, false] {
            assert!(
                corpus
                    .iter()
                    .any(|payload| payload.card == card && payload.tag_first == tag_first),
                "the corpus has {} cards with the tag first: {tag_first}",
                card.name()
            );
        }
    }
    for payload in &corpus {
        let expected: serde_json::Value = serde_json::from_str(&payload.text).expect("JSON");
        for decoder in Decoder::ALL {
            let decoded = decoders::decode(decoder, payload)
                .unwrap_or_else(|error| panic!("{}: {error}\n{}", decoder.name(), payload.text));
            assert_eq!(decoded.to_value(), expected, "{}", decoder.name());
        }
    }
}

#[test]
fn every_encoder_writes_the_tags_first() {
    for payload in corpus::generate(2, 200) {
        let tag = if payload.card.is_call() || payload.card != Card::SearchMatches {
            "{\"card\":"
        } else {
            "{\"card\":\"search\",\"kind\":"
        };
        for encoder in Encoder::ALL {
            let value = decoders::decode(encoder.decoder(), &payload).expect("decodes");
            let mut out = Vec::new();
            encoders::encode(&value, &mut out);
            let text = String::from_utf8(out).expect("UTF-8");
            assert!(text.starts_with(tag), "{}: {text}", encoder.name());
            if payload.tag_first {
                assert_eq!(text, payload.text, "{}", encoder.name());
            }
        }
    }
}

#[test]
fn the_corpus_is_deterministic() {
    let texts = |seed| -> Vec<String> {
        corpus::generate(seed, 50)
            .into_iter()
            .map(|payload| payload.text)
            .collect()
    };
    assert_eq!(texts(3), texts(3));
    assert_ne!(texts(3), texts(4));
}
