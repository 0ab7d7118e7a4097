//! Benchmarks of cardc: decoding and encoding the render-intent contract with cardc's generated
//! types against plain serde derive, a floor of plain structs with the variant known, and
//! `serde_json::Value` then dispatch (`benches/codec.rs`), over a corpus generated here; the
//! generator's stages on a synthetic schema written here (`benches/generator.rs`); and the scripts
//! that time the generator against other tools (`generator/run.sh`) and the build
//! (`build-time/run.sh`), compare a change with a revision (`codec-side-by-side.sh`,
//! `codec-instructions.sh`, `build-time/side-by-side.sh`) and measure the outputs' size
//! (`output-size/run.sh`). The book's Performance chapter (`docs/src/evidence/performance.md`) has
//! the results and commands.

pub mod corpus;
pub mod decoders;
pub mod derive;
pub mod encoders;
pub mod floor;
pub mod interleave;
pub mod report;
pub mod synth;
