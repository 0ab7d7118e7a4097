//! The rules every render-intent bridge must agree on, decided once so that the same card is
//! presented the same way by each of them: whether a search page is capped and what numbers
//! its "showing X of Y" states ([`capped`]), and how a count is written ([`thousands`],
//! [`count`]). Each bridge keeps its own wording and markup, and takes the decision from here.
//!
//! ```
//! use cardc_bridge_rules::{Capped, capped, count, thousands};
//!
//! // 250 of 1,204 grep matches shown: capped.
//! let page = capped(250usize, 1_204u32, true);
//! assert_eq!(page, Some(Capped { shown: 250, total: 1_204 }));
//! let note = page.map(|Capped { shown, total }| {
//!     format!("showing {} of {}", thousands(shown), count(total, "match", "matches"))
//! });
//! assert_eq!(note.as_deref(), Some("showing 250 of 1,204 matches"));
//! // Every result shown: complete.
//! assert_eq!(capped(3usize, 3u32, false), None);
//! ```
//!
//! The web renderer cannot use a Rust crate, so `bridges/web/src/rules.ts` mirrors these
//! functions once; `tests/conformance/tests/bridges_agree.rs` checks the mirror against this
//! crate case by case, and checks that the ACP bridge, the transcript and the web renderer state
//! the same decision for every search card of the wire corpus and of the samples.
#![warn(missing_docs)]

mod count;
mod truncation;

pub use count::{Count, count, thousands};
pub use truncation::{Capped, capped};
