//! The ratio tables: which cells of the corpus make each row, and the Markdown table of the
//! interleaved timings.

use std::fmt::Write as _;

use crate::corpus::{Card, Payload};
use crate::interleave::Samples;

/// A cell of the corpus: the payloads of one card kind with one tag order.
#[derive(Debug, Clone)]
pub struct Cell {
    /// The card kind.
    pub card: Card,
    /// Whether the tags come first.
    pub tag_first: bool,
    /// The payloads' indices in the corpus.
    pub payloads: Vec<usize>,
    /// The payloads' total size in bytes.
    pub bytes: usize,
}

/// The non-empty cells of a corpus, by card kind then tag order.
pub fn cells(corpus: &[Payload]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for card in Card::ALL {
        for tag_first in [true, false] {
            let payloads: Vec<usize> = (0..corpus.len())
                .filter(|&index| corpus[index].card == card && corpus[index].tag_first == tag_first)
                .collect();
            if !payloads.is_empty() {
                let bytes = payloads.iter().map(|&index| corpus[index].text.len()).sum();
                cells.push(Cell {
                    card,
                    tag_first,
                    payloads,
                    bytes,
                });
            }
        }
    }
    cells
}

/// A row of a table: a name and the cells it sums.
#[derive(Debug, Clone)]
pub struct Row {
    /// The row's name.
    pub name: String,
    /// Indices into the cells.
    pub cells: Vec<usize>,
}

/// The rows of a table: everything, each tag order, each card kind, and each card kind with
/// each tag order.
pub fn rows(cells: &[Cell]) -> Vec<Row> {
    let pick = |keep: &dyn Fn(&Cell) -> bool| -> Vec<usize> {
        (0..cells.len())
            .filter(|&cell| keep(&cells[cell]))
            .collect()
    };
    let mut rows = vec![
        Row {
            name: "all".to_owned(),
            cells: pick(&|_| true),
        },
        Row {
            name: "all, tag first".to_owned(),
            cells: pick(&|cell| cell.tag_first),
        },
        Row {
            name: "all, tag last".to_owned(),
            cells: pick(&|cell| !cell.tag_first),
        },
    ];
    for card in Card::ALL {
        rows.push(Row {
            name: card.name().to_owned(),
            cells: pick(&|cell| cell.card == card),
        });
    }
    for card in Card::ALL {
        rows.push(Row {
            name: format!("{}, tag first", card.name()),
            cells: pick(&|cell| cell.card == card && cell.tag_first),
        });
    }
    for card in Card::ALL {
        rows.push(Row {
            name: format!("{}, tag last", card.name()),
            cells: pick(&|cell| cell.card == card && !cell.tag_first),
        });
    }
    rows.retain(|row| !row.cells.is_empty());
    rows
}

/// A Markdown table of every row: its size, the baseline's throughput, and each
/// contestant's time as a ratio to the baseline's (contestant 0).
pub fn table(cells: &[Cell], rows: &[Row], names: &[&str], samples: &Samples) -> String {
    let mut out = String::from("| payloads | count | MB |");
    write!(out, " {} MB/s |", names[0]).expect("writing to a String");
    for name in &names[1..] {
        write!(out, " {name} |").expect("writing to a String");
    }
    out.push_str("\n| --- | ---: | ---: | ---: |");
    out.push_str(&" ---: |".repeat(names.len() - 1));
    out.push('\n');
    for row in rows {
        let count: usize = row
            .cells
            .iter()
            .map(|&cell| cells[cell].payloads.len())
            .sum();
        let bytes: usize = row.cells.iter().map(|&cell| cells[cell].bytes).sum();
        let megabytes = bytes as f64 / 1e6;
        let seconds = samples.time(0, &row.cells).as_secs_f64();
        write!(
            out,
            "| {} | {count} | {megabytes:.1} | {:.0} |",
            row.name,
            megabytes / seconds
        )
        .expect("writing to a String");
        for contestant in 1..names.len() {
            let ratio = samples.ratio(contestant, 0, &row.cells);
            write!(out, " {ratio:.3}× |").expect("writing to a String");
        }
        out.push('\n');
    }
    out
}
