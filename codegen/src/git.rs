//! A schema file as committed in git: what `cardc compat --baseline` and the language server's
//! git baseline compare with.

use std::ffi::OsStr;
use std::path::Path;

/// The text of the file at `path` as committed in git `revision` (a branch, a tag, a commit),
/// read by `git show` in the file's directory; the reason when it cannot be read (git's own
/// message, say that the revision does not exist or holds no such file).
pub fn committed(revision: &str, path: &Path) -> Result<String, String> {
    let dir = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file = path
        .file_name()
        .map(OsStr::to_string_lossy)
        .unwrap_or_default();
    // `./` makes git read the path relative to `dir` rather than the repository root.
    let output = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .arg("show")
        .arg(format!("{revision}:./{file}"))
        .output()
        .map_err(|error| format!("cannot run git: {error}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    String::from_utf8(output.stdout).map_err(|_| "it is not UTF-8".to_string())
}
