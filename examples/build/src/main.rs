//! Decodes a few render-intent payloads with types a build script generated, and prints them.

use example_build::{ContentBlock, JSON_SCHEMA, ToolResultView};

fn main() {
    let results = [
        r#"{"card": "terminal", "output": "ok\n", "exitCode": 0}"#,
        r#"{"card": "generic", "content": [{"type": "text", "text": "done"}]}"#,
        r#"{"card": "terminal", "exitCode": 4294967296}"#,
        r#"{"card": "table", "rows": []}"#,
    ];
    for text in results {
        match serde_json::from_str::<ToolResultView>(text) {
            Ok(ToolResultView::Terminal(terminal)) => {
                println!(
                    "terminal result: exit code {:?}, output {:?}",
                    terminal.exit_code, terminal.output
                )
            }
            Ok(ToolResultView::Generic(generic)) => {
                let texts: Vec<&str> = generic
                    .content
                    .iter()
                    .flatten()
                    .map(|block| match block {
                        ContentBlock::Text(text) => text.text.as_str(),
                        ContentBlock::Image(_) => "[image]",
                    })
                    .collect();
                println!("generic result: {texts:?}");
            }
            Ok(other) => println!("other result: {other:?}"),
            Err(error) => println!("refused {text}: {error}"),
        }
    }
    println!(
        "JSON Schema written by build.rs: {} bytes",
        JSON_SCHEMA.len()
    );
}
