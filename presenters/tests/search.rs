//! `grep` and `glob`: the cap, `total` and `truncated` arithmetic, the per-line preview budget,
//! grouping by file, and the model-facing text agreeing with the projected card.

use cardc_presenters::search::glob::{glob_meta, glob_text, glob_view};
use cardc_presenters::search::grep::{GrepMatch, grep_meta, grep_text, grep_view};
use cardc_presenters::search::{
    DEFAULT_GLOB_MAX_RESULTS, DEFAULT_GREP_MAX_MATCHES, DEFAULT_LINE_BUDGET, ELLIPSIS,
    SearchLimits, preview_line, search_view_from_meta,
};
use cardc_presenters::{ToolCall, ToolResult, present};
use render_intent::{
    ContentBlock, FileLocation, GenericCallView, SearchFileMatches, SearchLineMatch,
    SearchMatchesResultView, SearchPathsResultView, SearchResultView, TextContent, ToolCallKind,
    ToolCallView, ToolResultView,
};
use serde_json::json;

fn found(path: &str, line_number: u32, line: &str) -> GrepMatch {
    GrepMatch {
        path: path.to_owned(),
        line_number,
        line: line.to_owned(),
    }
}

fn matches(n: usize) -> Vec<GrepMatch> {
    (1..=n)
        .map(|i| {
            found(
                &format!("f{}.rs", i % 3),
                u32::try_from(i).unwrap_or(u32::MAX),
                "x",
            )
        })
        .collect()
}

fn paths(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("src/{i}.rs")).collect()
}

fn shown_matches(view: &SearchMatchesResultView) -> usize {
    view.files.iter().map(|file| file.matches.len()).sum()
}

fn text(text: &str) -> Vec<ContentBlock> {
    vec![ContentBlock::Text(TextContent {
        text: text.to_owned(),
    })]
}

#[test]
fn the_defaults_are_the_tools_caps() {
    let limits = SearchLimits::default();
    assert_eq!(limits.grep_max_matches, DEFAULT_GREP_MAX_MATCHES);
    assert_eq!(limits.glob_max_results, DEFAULT_GLOB_MAX_RESULTS);
    assert_eq!(limits.line_budget, DEFAULT_LINE_BUDGET);
    assert_eq!(
        (DEFAULT_GREP_MAX_MATCHES, DEFAULT_GLOB_MAX_RESULTS),
        (250, 100)
    );
}

#[test]
fn grep_caps_at_zero_the_cap_and_one_over() {
    let limits = SearchLimits::default();
    for (found, shown, truncated) in [
        (0, 0, false),
        (1, 1, false),
        (250, 250, false),
        (251, 250, true),
        (1000, 250, true),
    ] {
        let view = grep_view(&matches(found), &limits);
        assert_eq!(shown_matches(&view), shown, "{found} found");
        assert_eq!(view.total, u32::try_from(found).unwrap_or(u32::MAX));
        assert_eq!(view.truncated, truncated, "{found} found");
    }
}

#[test]
fn glob_caps_at_zero_the_cap_and_one_over() {
    let limits = SearchLimits::default();
    for (found, shown, truncated) in [
        (0, 0, false),
        (1, 1, false),
        (100, 100, false),
        (101, 100, true),
        (500, 100, true),
    ] {
        let view = glob_view(&paths(found), &limits);
        assert_eq!(view.paths, paths(shown), "{found} found");
        assert_eq!(view.total, u32::try_from(found).unwrap_or(u32::MAX));
        assert_eq!(view.truncated, truncated, "{found} found");
    }
}

#[test]
fn the_caps_are_configurable_down_to_zero() {
    for cap in [0, 1, 7] {
        let limits = SearchLimits {
            grep_max_matches: cap,
            glob_max_results: cap,
            ..SearchLimits::default()
        };
        for found in [0, cap, cap + 1] {
            let grep = grep_view(&matches(found), &limits);
            assert_eq!(shown_matches(&grep), found.min(cap));
            assert_eq!(grep.truncated, found > cap, "grep cap {cap}, {found} found");
            let glob = glob_view(&paths(found), &limits);
            assert_eq!(glob.paths.len(), found.min(cap));
            assert_eq!(glob.truncated, found > cap, "glob cap {cap}, {found} found");
        }
    }
}

#[test]
fn grep_groups_by_file_in_first_seen_order_after_the_cap() {
    let all = [
        found("b.rs", 9, "b9"),
        found("a.rs", 2, "a2"),
        found("b.rs", 1, "b1"),
        found("c.rs", 5, "c5"),
        found("a.rs", 7, "a7"),
    ];
    let limits = SearchLimits {
        grep_max_matches: 4,
        ..SearchLimits::default()
    };
    let line = |line_number, line: &str| SearchLineMatch {
        line_number,
        line: line.to_owned(),
    };
    assert_eq!(
        grep_view(&all, &limits),
        SearchMatchesResultView {
            files: vec![
                SearchFileMatches {
                    path: "b.rs".to_owned(),
                    matches: vec![line(9, "b9"), line(1, "b1")],
                },
                SearchFileMatches {
                    path: "a.rs".to_owned(),
                    matches: vec![line(2, "a2")],
                },
                SearchFileMatches {
                    path: "c.rs".to_owned(),
                    matches: vec![line(5, "c5")],
                },
            ],
            truncated: true,
            total: 5,
            content: None,
        }
    );
}

#[test]
fn the_budget_counts_characters_and_never_splits_one() {
    assert_eq!(preview_line("short", 10), "short");
    assert_eq!(preview_line("exactly10!", 10), "exactly10!");
    assert_eq!(
        preview_line("eleven char", 10),
        format!("eleven ch{ELLIPSIS}")
    );
    // Ten characters of two, three and four bytes each fit a budget of ten.
    for wide in ["é", "日", "🦀"] {
        let line = wide.repeat(10);
        assert_eq!(preview_line(&line, 10), line);
        let over = wide.repeat(11);
        let cut = preview_line(&over, 10);
        assert_eq!(cut, format!("{}{ELLIPSIS}", wide.repeat(9)));
        assert_eq!(cut.chars().count(), 10);
    }
    assert_eq!(preview_line("ab日本語🦀x", 4), format!("ab日{ELLIPSIS}"));
    assert_eq!(preview_line("anything", 0), ELLIPSIS.to_string());
    assert_eq!(preview_line("", 0), "");
}

#[test]
fn a_preview_drops_the_line_terminator_before_counting() {
    assert_eq!(preview_line("0123456789\r\n", 10), "0123456789");
    assert_eq!(preview_line("x\n", 5), "x");
}

#[test]
fn grep_applies_the_budget_to_every_line_in_text_and_card_alike() {
    let limits = SearchLimits {
        line_budget: 8,
        ..SearchLimits::default()
    };
    let all = [
        found("a.rs", 1, "let crab = \"🦀🦀🦀🦀\";"),
        found("a.rs", 2, "short"),
    ];
    let view = grep_view(&all, &limits);
    let lines: Vec<&str> = view.files[0]
        .matches
        .iter()
        .map(|m| m.line.as_str())
        .collect();
    assert_eq!(lines, [format!("let cra{ELLIPSIS}").as_str(), "short"]);
    assert_eq!(
        grep_text(&all, &limits, None),
        format!("a.rs\n  Line 1: let cra{ELLIPSIS}\n  Line 2: short")
    );
}

#[test]
fn glob_paths_are_never_cut_to_the_budget() {
    let limits = SearchLimits {
        line_budget: 4,
        ..SearchLimits::default()
    };
    let long = vec!["src/a/very/long/path.rs".to_owned()];
    assert_eq!(glob_view(&long, &limits).paths, long);
    assert_eq!(glob_text(&long, &limits, None), long[0]);
}

#[test]
fn grep_text_groups_rows_under_file_headers_and_ends_with_the_spill_footer() {
    let all = [
        found("src/a.rs", 3, "fn a() {}"),
        found("src/b.rs", 1, "fn b() {}"),
        found("src/a.rs", 9, "fn c() {}"),
    ];
    let limits = SearchLimits {
        grep_max_matches: 2,
        ..SearchLimits::default()
    };
    assert_eq!(
        grep_text(&all, &limits, Some("/tmp/spill/grep.txt")),
        "src/a.rs\n  Line 3: fn a() {}\n\nsrc/b.rs\n  Line 1: fn b() {}\n\n\
         [Showing 2 of 3 matches. Full results: /tmp/spill/grep.txt]"
    );
    assert_eq!(
        grep_text(&all, &SearchLimits::default(), Some("/tmp/unused")),
        "src/a.rs\n  Line 3: fn a() {}\n  Line 9: fn c() {}\n\nsrc/b.rs\n  Line 1: fn b() {}"
    );
    assert_eq!(grep_text(&[], &limits, None), "No matches found.");
    let none = SearchLimits {
        grep_max_matches: 0,
        ..SearchLimits::default()
    };
    assert_eq!(grep_text(&all, &none, None), "[Showing 0 of 3 matches.]");
}

#[test]
fn glob_text_joins_paths_and_ends_with_the_spill_footer() {
    let limits = SearchLimits {
        glob_max_results: 2,
        ..SearchLimits::default()
    };
    assert_eq!(glob_text(&paths(2), &limits, None), "src/1.rs\nsrc/2.rs");
    assert_eq!(
        glob_text(&paths(3), &limits, Some("/tmp/spill/glob.txt")),
        "src/1.rs\nsrc/2.rs\n\n[Showing 2 of 3 paths. Full results: /tmp/spill/glob.txt]"
    );
    assert_eq!(glob_text(&[], &limits, None), "No files found.");
}

/// A match as a row of text: path, line number, line.
type Row = (String, u32, String);

/// Reads grep's text back into its rows and the footer's shown and total counts.
fn parse_grep_text(text: &str) -> (Vec<Row>, Option<(usize, usize)>) {
    let mut rows = Vec::new();
    let mut footer = None;
    let mut path = String::new();
    for line in text.lines().filter(|line| !line.is_empty()) {
        if let Some(counts) = line.strip_prefix("[Showing ") {
            let words: Vec<&str> = counts.split(' ').collect();
            footer = Some((
                words[0].parse().expect("shown"),
                words[2].parse().expect("total"),
            ));
        } else if let Some(row) = line.strip_prefix("  Line ") {
            let (number, rest) = row.split_once(": ").expect("a row");
            rows.push((
                path.clone(),
                number.parse().expect("a line number"),
                rest.to_owned(),
            ));
        } else {
            path = line.to_owned();
        }
    }
    (rows, footer)
}

#[test]
fn grep_text_and_card_show_the_same_page_at_every_boundary() {
    let limits = SearchLimits {
        grep_max_matches: 5,
        line_budget: 6,
        ..SearchLimits::default()
    };
    for n in [0, 1, 4, 5, 6, 12] {
        let all: Vec<GrepMatch> = (1..=n)
            .map(|i| {
                let number = u32::try_from(i).unwrap_or(u32::MAX);
                found(&format!("f{}.rs", i % 2), number, &"日本".repeat(i))
            })
            .collect();
        let Some(SearchResultView::Matches(card)) =
            search_view_from_meta(&grep_meta(&all, &limits))
        else {
            panic!("grep's payload reads back as a matches card");
        };
        let (rows, footer) = parse_grep_text(&grep_text(&all, &limits, None));
        let card_rows: Vec<Row> = card
            .files
            .iter()
            .flat_map(|file| {
                file.matches
                    .iter()
                    .map(|m| (file.path.clone(), m.line_number, m.line.clone()))
            })
            .collect();
        assert_eq!(rows, card_rows, "{n} matches");
        let total = usize::try_from(card.total).unwrap_or(usize::MAX);
        assert_eq!(
            footer,
            card.truncated.then_some((rows.len(), total)),
            "{n} matches"
        );
        assert_eq!(total, n);
    }
}

#[test]
fn glob_text_and_card_show_the_same_page_at_every_boundary() {
    let limits = SearchLimits {
        glob_max_results: 3,
        ..SearchLimits::default()
    };
    for n in [0, 1, 3, 4, 9] {
        let all = paths(n);
        let Some(SearchResultView::Paths(card)) = search_view_from_meta(&glob_meta(&all, &limits))
        else {
            panic!("glob's payload reads back as a paths card");
        };
        let text = glob_text(&all, &limits, None);
        let listed: Vec<&str> = text.lines().take_while(|line| !line.is_empty()).collect();
        if n == 0 {
            assert_eq!(text, "No files found.");
        } else {
            assert_eq!(listed, card.paths, "{n} paths");
        }
        let footer = format!("[Showing {} of {n} paths.]", card.paths.len());
        assert_eq!(text.ends_with(&footer), card.truncated, "{n} paths");
    }
}

#[test]
fn the_payload_is_the_card_without_card_and_content() {
    let limits = SearchLimits::default();
    assert_eq!(
        grep_meta(&[found("a.rs", 1, "x")], &limits),
        json!({"kind": "matches", "files": [{"path": "a.rs", "matches": [{"lineNumber": 1, "line": "x"}]}], "truncated": false, "total": 1})
    );
    assert_eq!(
        glob_meta(&paths(1), &limits),
        json!({"kind": "paths", "paths": ["src/1.rs"], "truncated": false, "total": 1})
    );
}

#[test]
fn search_calls_are_generic_search_cards() {
    let (grep, _) = present(&ToolCall {
        tool: "grep".to_owned(),
        args: json!({"pattern": "fn main", "path": "src", "glob": "*.rs", "-i": true}),
        result: None,
    });
    assert_eq!(
        grep,
        ToolCallView::Generic(GenericCallView {
            title: "Search \"fn main\" in src (*.rs)".to_owned(),
            kind: Some(ToolCallKind::Search),
            raw_input: None,
            content: None,
            locations: Some(vec![FileLocation {
                path: "src".to_owned(),
                line: None,
            }]),
        })
    );
    let (glob, _) = present(&ToolCall {
        tool: "glob".to_owned(),
        args: json!({"pattern": "**/*.md"}),
        result: None,
    });
    assert_eq!(
        glob,
        ToolCallView::Generic(GenericCallView {
            title: "Find \"**/*.md\"".to_owned(),
            kind: Some(ToolCallKind::Search),
            raw_input: None,
            content: None,
            locations: None,
        })
    );
}

#[test]
fn search_results_are_search_cards_with_the_model_text_as_content() {
    let limits = SearchLimits {
        glob_max_results: 1,
        ..SearchLimits::default()
    };
    let all = paths(2);
    let body = glob_text(&all, &limits, None);
    let (_, view) = present(&ToolCall {
        tool: "glob".to_owned(),
        args: json!({"pattern": "*.rs"}),
        result: Some(ToolResult {
            presentation_meta: Some(glob_meta(&all, &limits)),
            ..ToolResult::text(body.clone())
        }),
    });
    assert_eq!(
        view,
        Some(ToolResultView::Search(SearchResultView::Paths(
            SearchPathsResultView {
                paths: paths(1),
                truncated: true,
                total: 2,
                content: Some(text(&body)),
            }
        )))
    );
    let found = [found("a.rs", 4, "hit")];
    let (_, view) = present(&ToolCall {
        tool: "grep".to_owned(),
        args: json!({"pattern": "hit"}),
        result: Some(ToolResult {
            presentation_meta: Some(grep_meta(&found, &limits)),
            ..ToolResult::text(grep_text(&found, &limits, None))
        }),
    });
    let Some(ToolResultView::Search(SearchResultView::Matches(card))) = view else {
        panic!("grep's result is a matches card");
    };
    assert_eq!((card.total, card.truncated), (1, false));
    assert_eq!(card.content, Some(text("a.rs\n  Line 4: hit")));
}
