//! The bridges share their rules. For every search card of the wire corpus, of the bridges'
//! and presenters' samples and of a grid of edge cases (a total below, at and above what is
//! shown, with and without `truncated`, zero, and counts past a thousand up to `u32::MAX`), the
//! ACP bridge, the terminal transcript, the web renderer and the Python Markdown bridge either
//! all say the page is capped, each stating the "showing X of Y" that
//! `cardc_bridge_rules::capped` decides with the same formatted numbers and noun, or none does.
//! And the TypeScript and Python mirrors of those rules (`bridges/web/src/rules.ts`,
//! `bridges/markdown/cardc_markdown/rules.py`) give the Rust crate's answer for every case.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use cardc_bridge_acp::AcpBridge;
use cardc_bridge_acp::acp::v1::ClientCapabilities;
use cardc_bridge_rules::{Capped, capped, count, thousands};
use cardc_bridge_transcript::{Options, Style, Transcript};
use cardc_conformance::{load_corpus, node, python_interpreter, repo_root, web};
use render_intent::{SearchResultView, ToolResultView};
use serde_json::{Value, json};

/// One search card and where it came from.
struct Card {
    /// The corpus case, sample or edge case it is.
    name: String,
    /// The card as JSON, as the web renderer gets it.
    json: Value,
}

impl Card {
    fn view(&self) -> ToolResultView {
        ToolResultView::from_json_str(&self.json.to_string())
            .unwrap_or_else(|error| panic!("{}: not a ToolResultView: {error}", self.name))
    }
}

/// Every valid search result of the wire corpus.
fn corpus_cards() -> Vec<Card> {
    load_corpus()
        .into_iter()
        .filter(|case| case.valid && case.type_name == "ToolResultView")
        .filter(|case| case.payload.get("card") == Some(&json!("search")))
        .map(|case| Card {
            name: format!("corpus {}", case.name),
            json: case.payload,
        })
        .collect()
}

/// Every search result the demo's sample session and the presenters' fixture log present.
fn presented_cards() -> Vec<Card> {
    let mut cards = Vec::new();
    for log in [
        "apps/demo/samples/session.jsonl",
        "presenters/tests/fixtures/session.jsonl",
    ] {
        let text = std::fs::read_to_string(repo_root().join(log))
            .unwrap_or_else(|error| panic!("cannot read {log}: {error}"));
        let views = cardc_presenters::log::present_log(&text)
            .unwrap_or_else(|error| panic!("{log}: {error:?}"));
        for (index, views) in views.into_iter().enumerate() {
            if let Some(result @ ToolResultView::Search(_)) = views.result {
                cards.push(Card {
                    name: format!("{log} line {}", index + 1),
                    json: serde_json::to_value(&result).expect("a view converts to JSON"),
                });
            }
        }
    }
    cards
}

/// The edge pages, `(shown, total, truncated)`: counts around every boundary the rule has
/// (zero, one, a total just below, at and above what is shown, a thousand, `u32::MAX`), each
/// shown count with each total, with and without `truncated`.
fn edge_pages() -> BTreeSet<(u32, u32, bool)> {
    const SHOWN: [u32; 7] = [0, 1, 2, 3, 999, 1000, 1204];
    const TOTALS: [u32; 8] = [0, 1, 2, 999, 1000, 1204, 1_000_000, u32::MAX];
    let mut pages = BTreeSet::new();
    for shown in SHOWN {
        let near = [shown.saturating_sub(1), shown, shown.saturating_add(1)];
        for total in TOTALS.into_iter().chain(near) {
            for truncated in [false, true] {
                pages.insert((shown, total, truncated));
            }
        }
    }
    pages
}

/// A paths card and a matches card (every match in one file) for each edge page.
fn edge_cards() -> Vec<Card> {
    let mut cards = Vec::new();
    for (shown, total, truncated) in edge_pages() {
        let paths: Vec<String> = (0..shown).map(|i| format!("src/file_{i}.rs")).collect();
        let matches: Vec<Value> = (0..shown)
            .map(|i| json!({"lineNumber": i + 1, "line": "let total = 1;"}))
            .collect();
        let files = if shown == 0 {
            json!([])
        } else {
            json!([{"path": "src/lib.rs", "matches": matches}])
        };
        let name = format!("shown {shown}, total {total}, truncated {truncated}");
        cards.push(Card {
            name: format!("edge paths, {name}"),
            json: json!({"card": "search", "kind": "paths", "paths": paths,
                         "truncated": truncated, "total": total}),
        });
        cards.push(Card {
            name: format!("edge matches, {name}"),
            json: json!({"card": "search", "kind": "matches", "files": files,
                         "truncated": truncated, "total": total}),
        });
    }
    cards
}

/// Runs `bridges/web/tests/agree.mjs` on `input` (written under `target/cardc-conformance/`
/// as `<name>.json`) and returns what it printed.
fn run_web(name: &str, input: &Value) -> Value {
    let dir = repo_root().join("target/cardc-conformance");
    std::fs::create_dir_all(&dir).expect("create target/cardc-conformance");
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, input.to_string()).expect("write the input");
    let printed = node(&[
        "bridges/web/tests/agree.mjs".as_ref(),
        web::compiled().as_os_str(),
        path.as_os_str(),
    ]);
    serde_json::from_str(&printed).expect("agree.mjs prints JSON")
}

/// Runs `bridges/markdown/tests/agree.py` on `input` (written under `target/cardc-conformance/`
/// as `<name>.json`), with the generated package and the bridge importable, and returns what it
/// printed.
fn run_markdown(name: &str, input: &Value) -> Value {
    let root = repo_root();
    let dir = root.join("target/cardc-conformance");
    std::fs::create_dir_all(&dir).expect("create target/cardc-conformance");
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, input.to_string()).expect("write the input");
    let search =
        std::env::join_paths([root.join("generated/python"), root.join("bridges/markdown")])
            .expect("a search path");
    let output = std::process::Command::new(python_interpreter())
        .current_dir(&root)
        .env("PYTHONPATH", search)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .arg("bridges/markdown/tests/agree.py")
        .arg(&path)
        .output()
        .unwrap_or_else(|error| panic!("cannot run python: {error}"));
    assert!(
        output.status.success(),
        "agree.py failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("agree.py prints JSON")
}

/// The web renderer's HTML for each card (in order), and the demo page's own search samples
/// with theirs.
fn web_html(cards: &[Card]) -> (Vec<String>, Vec<(Card, String)>) {
    let views: Vec<&Value> = cards.iter().map(|card| &card.json).collect();
    let input = json!({"views": views, "thousands": [], "capped": [], "count": []});
    let output = run_web("bridges_agree_cards", &input);
    let html = output["html"]
        .as_array()
        .expect("html")
        .iter()
        .map(|html| html.as_str().expect("HTML is a string").to_owned())
        .collect();
    let samples = output["samples"]
        .as_array()
        .expect("samples")
        .iter()
        .map(|sample| {
            let card = Card {
                name: format!("bridges/web/demo sample {}", sample["id"]),
                json: sample["view"].clone(),
            };
            (card, sample["html"].as_str().expect("HTML").to_owned())
        })
        .collect();
    (html, samples)
}

/// The note the shared rules call for: `showing X of Y noun` when the page is capped.
fn expected_note(view: &SearchResultView) -> Option<String> {
    let (shown, total, truncated, (one, many)) = match view {
        SearchResultView::Matches(matches) => (
            matches.files.iter().map(|file| file.matches.len()).sum(),
            matches.total,
            matches.truncated,
            ("match", "matches"),
        ),
        SearchResultView::Paths(paths) => (
            paths.paths.len(),
            paths.total,
            paths.truncated,
            ("path", "paths"),
        ),
    };
    capped(shown, total, truncated).map(|Capped { shown, total }| {
        format!(
            "showing {} of {}",
            thousands(shown),
            count(total, one, many)
        )
    })
}

/// The "showing X of Y ..." a bridge's truncation note states, without its sentence's full stop.
fn showing(note: &str) -> Option<String> {
    let start = note.find("showing ")?;
    Some(note[start..].trim_end_matches('.').to_owned())
}

/// The ACP bridge's note: the first line of the result's Markdown, when it says the page is
/// capped.
fn acp_note(view: &ToolResultView) -> Option<String> {
    let mut bridge = AcpBridge::new(&ClientCapabilities::new());
    let update = serde_json::to_value(bridge.result_update("call-1".to_owned(), view))
        .expect("an update converts to JSON");
    let text = update["content"][0]["content"]["text"]
        .as_str()
        .expect("a search result's first content item is text");
    showing(text.lines().next().unwrap_or_default())
}

/// The transcript's note: its one yellow run (ANSI style; the text of a view cannot forge an
/// escape sequence, the transcript shows ESC as `␛`). Wide enough that the note never wraps.
fn transcript_note(view: &ToolResultView) -> Option<String> {
    let text = Transcript::new(Options {
        width: 400,
        style: Style::Ansi,
    })
    .result(view);
    let start = text.find("\x1b[33m")? + "\x1b[33m".len();
    let end = start + text[start..].find("\x1b[0m")?;
    showing(&text[start..end])
}

/// The web renderer's note: its `cardc-truncated` paragraph (a view's text cannot forge the
/// class, its quotes are escaped).
fn web_note(html: &str) -> Option<String> {
    let open = r#"<p class="cardc-truncated" role="note">"#;
    let start = html.find(open)? + open.len();
    let end = start + html[start..].find("</p>")?;
    showing(&html[start..end])
}

/// The Markdown bridge's note: its paragraph that starts `Capped: ` (a view's text cannot forge
/// one: lines and paths are inside code spans and fences).
fn markdown_note(markdown: &str) -> Option<String> {
    let note = markdown
        .split("\n\n")
        .find(|paragraph| paragraph.starts_with("Capped: "))?;
    showing(note.trim_end())
}

#[test]
fn every_bridge_makes_the_same_truncation_decision_for_every_search_card() {
    let mut cards = corpus_cards();
    let corpus = cards.len();
    cards.extend(presented_cards());
    let presented = cards.len() - corpus;
    cards.extend(edge_cards());
    let (html, samples) = web_html(&cards);
    assert_eq!(html.len(), cards.len(), "agree.mjs rendered every card");
    let sampled = samples.len();
    let mut rendered: Vec<(Card, String)> = cards.into_iter().zip(html).collect();
    rendered.extend(samples);
    assert!(
        corpus >= 20 && presented >= 2 && sampled >= 1,
        "too few cards: {corpus} from the corpus, {presented} presented, {sampled} web samples"
    );

    let views: Vec<&Value> = rendered.iter().map(|(card, _)| &card.json).collect();
    let input = json!({"views": views, "thousands": [], "capped": [], "count": []});
    let markdown = run_markdown("bridges_agree_cards", &input);
    let markdown = markdown["markdown"].as_array().expect("markdown");
    assert_eq!(
        markdown.len(),
        rendered.len(),
        "agree.py rendered every card"
    );

    let mut disagreements = String::new();
    let mut capped_cards = 0;
    for ((card, html), markdown) in rendered.iter().zip(markdown) {
        let view = card.view();
        let ToolResultView::Search(search) = &view else {
            panic!("{} is not a search card", card.name);
        };
        let expected = expected_note(search);
        let acp = acp_note(&view);
        let transcript = transcript_note(&view);
        let web = web_note(html);
        let markdown = markdown_note(markdown.as_str().expect("Markdown is a string"));
        capped_cards += usize::from(expected.is_some());
        if [&acp, &transcript, &web, &markdown]
            .iter()
            .any(|note| **note != expected)
        {
            let _ = writeln!(
                disagreements,
                "{}:\n  rules:      {expected:?}\n  acp:        {acp:?}\n  transcript: {transcript:?}\n  web:        {web:?}\n  markdown:   {markdown:?}",
                card.name
            );
        }
    }
    println!(
        "{} search cards ({corpus} from the corpus, {presented} presented from sample logs, \
         {sampled} from the web demo, the rest edge cases), {capped_cards} capped",
        rendered.len()
    );
    assert!(
        disagreements.is_empty(),
        "the bridges do not all state the shared rules' decision:\n{disagreements}"
    );
}

/// Numbers at every grouping boundary up to `2^53 - 1`, the largest integer TypeScript's
/// `number` holds exactly, and every number up to 1,100.
fn numbers() -> Vec<u64> {
    let mut numbers: Vec<u64> = (0..=1_100).collect();
    for power in 1..=15 {
        let p = 10u64.pow(power);
        numbers.extend([p - 1, p, p + 1]);
    }
    numbers.extend([u64::from(u32::MAX), (1 << 53) - 1]);
    numbers
}

#[test]
fn the_typescript_and_python_rules_give_the_rust_rules_answer_for_every_case() {
    let numbers = numbers();
    let pages: Vec<(u32, u32, bool)> = edge_pages().into_iter().collect();
    let nouns = [("match", "matches"), ("path", "paths")];
    let counts: Vec<(u64, &str, &str)> = [0, 1, 2, 1_000, 1_204, u64::from(u32::MAX)]
        .into_iter()
        .flat_map(|n| nouns.map(|(one, many)| (n, one, many)))
        .collect();
    let input = json!({"views": [], "thousands": numbers, "capped": pages, "count": counts});
    let mut differences = String::new();
    let mirrors = [
        (
            "TypeScript",
            "bridges/web/src/rules.ts",
            run_web("bridges_agree_rules", &input),
        ),
        (
            "Python",
            "bridges/markdown/cardc_markdown/rules.py",
            run_markdown("bridges_agree_rules", &input),
        ),
    ];
    for (language, file, output) in &mirrors {
        let found = differ(&numbers, &pages, &counts, language, output);
        if !found.is_empty() {
            let _ = writeln!(
                differences,
                "{file} has drifted from cardc-bridge-rules:\n{found}"
            );
        }
    }
    println!(
        "the TypeScript and Python rules agree with the Rust rules on {} numbers, {} pages and \
         {} counts",
        numbers.len(),
        pages.len(),
        counts.len()
    );
    assert!(differences.is_empty(), "{differences}");
}

/// Where a mirror's answers (`output`, in the order of the cases) differ from the Rust rules'.
fn differ(
    numbers: &[u64],
    pages: &[(u32, u32, bool)],
    counts: &[(u64, &str, &str)],
    language: &str,
    output: &Value,
) -> String {
    let answered = [
        ("thousands", numbers.len()),
        ("capped", pages.len()),
        ("count", counts.len()),
    ];
    for (key, len) in answered {
        assert_eq!(
            output[key].as_array().map(Vec::len),
            Some(len),
            "the {language} mirror answered every {key} case"
        );
    }
    let mut differences = String::new();
    for (n, mirror) in numbers
        .iter()
        .zip(output["thousands"].as_array().expect("thousands"))
    {
        if mirror.as_str() != Some(thousands(*n).as_str()) {
            let _ = writeln!(
                differences,
                "thousands({n}): Rust {:?}, {language} {mirror}",
                thousands(*n)
            );
        }
    }
    for (&(shown, total, truncated), mirror) in pages
        .iter()
        .zip(output["capped"].as_array().expect("capped"))
    {
        let rust = capped(shown, total, truncated).map_or(
            Value::Null,
            |Capped { shown, total }| json!({"shown": shown, "total": total}),
        );
        if *mirror != rust {
            let _ = writeln!(
                differences,
                "capped({shown}, {total}, {truncated}): Rust {rust}, {language} {mirror}"
            );
        }
    }
    for (&(n, one, many), mirror) in counts
        .iter()
        .zip(output["count"].as_array().expect("count"))
    {
        if mirror.as_str() != Some(count(n, one, many).as_str()) {
            let _ = writeln!(
                differences,
                "count({n}, {one}, {many}): Rust {:?}, {language} {mirror}",
                count(n, one, many)
            );
        }
    }
    differences
}
