//! The web renderer (`bridges/web/`) compiled by tsc, for the tests that run it under node.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::{node, repo_root};

/// The renderer, its demo page and its unit tests compiled by tsc (with
/// `bridges/web/tsconfig.json`) into `target/web/`, once per test process; returns that
/// directory, which keeps the repository's layout (`bridges/web/src/render.js`,
/// `generated/render_intent.js`).
pub fn compiled() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = repo_root().join("target/web");
        node(&[
            "node_modules/typescript/bin/tsc".as_ref(),
            "-p".as_ref(),
            "bridges/web/tsconfig.json".as_ref(),
            "--pretty".as_ref(),
            "false".as_ref(),
            "--outDir".as_ref(),
            dir.as_os_str(),
        ]);
        // node reads `.js` as an ES module only under a package.json that says so.
        std::fs::write(dir.join("package.json"), "{\"type\": \"module\"}\n")
            .expect("write target/web/package.json");
        dir
    })
}
