//! Output: writing generated files atomically and only when changed, or comparing them in
//! check mode without writing anything.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::emit::{GENERATED_MARKER, Output};

/// What `write` did with one output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteStatus {
    /// The file did not exist or differed, and now holds the new contents.
    Written,
    /// The file already held exactly the new contents and was not touched.
    Unchanged,
}

/// One problem `check` found in the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// An expected output does not exist.
    Missing(PathBuf),
    /// An output exists with other contents; carries a short unified diff (old to new).
    Stale(PathBuf, String),
    /// A cardc-generated file that the current schema no longer produces.
    Orphaned(PathBuf),
}

/// Writes each output under `out_dir` whose contents changed; see [`write_file`].
pub fn write(out_dir: &Path, outputs: &[Output]) -> io::Result<Vec<(PathBuf, WriteStatus)>> {
    fs::create_dir_all(out_dir)?;
    outputs
        .iter()
        .map(|output| {
            let path = out_dir.join(&output.path);
            write_file(&path, &output.contents).map(|status| (path, status))
        })
        .collect()
}

/// Writes one file only when its contents changed, through a temporary file in the same
/// directory renamed into place, so a reader never sees a half-written file and an unchanged
/// file keeps its modification time (and does not wake up a build).
pub fn write_file(path: &Path, contents: &str) -> io::Result<WriteStatus> {
    if fs::read(path).is_ok_and(|existing| existing == contents.as_bytes()) {
        return Ok(WriteStatus::Unchanged);
    }
    let file_name = path
        .file_name()
        .map_or_else(Default::default, |name| name.to_string_lossy());
    let temp = path.with_file_name(format!(".{file_name}.cardc-{}.tmp", std::process::id()));
    fs::write(&temp, contents)?;
    if let Err(error) = fs::rename(&temp, path) {
        let _ = fs::remove_file(&temp);
        return Err(error);
    }
    Ok(WriteStatus::Written)
}

/// Compares one file with the contents it should have: `None` when it already has them.
pub fn compare_file(path: &Path, contents: &str) -> io::Result<Option<Problem>> {
    match fs::read_to_string(path) {
        Ok(existing) if existing == contents => Ok(None),
        Ok(existing) => Ok(Some(Problem::Stale(
            path.to_path_buf(),
            short_diff(&existing, contents),
        ))),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            Ok(Some(Problem::Missing(path.to_path_buf())))
        }
        Err(error) => Err(error),
    }
}

/// Compares the outputs with what `out_dir` holds, and finds orphaned generated files whose
/// source is this schema. Writes nothing.
pub fn check(out_dir: &Path, source_name: &str, outputs: &[Output]) -> io::Result<Vec<Problem>> {
    let mut problems = Vec::new();
    for output in outputs {
        problems.extend(compare_file(&out_dir.join(&output.path), &output.contents)?);
    }
    let expected: Vec<&str> = outputs.iter().map(|output| output.path.as_str()).collect();
    let entries = match fs::read_dir(out_dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(problems),
        Err(error) => return Err(error),
    };
    let mut orphans = Vec::new();
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type()?.is_file()
            && !expected.contains(&name.as_str())
            && generated_from(&entry.path(), source_name)
        {
            orphans.push(entry.path());
        }
    }
    orphans.sort();
    problems.extend(orphans.into_iter().map(Problem::Orphaned));
    Ok(problems)
}

/// Whether a file's header says cardc generated it from `source_name`.
fn generated_from(path: &Path, source_name: &str) -> bool {
    let Ok(text) = fs::read_to_string(path) else {
        return false;
    };
    let marker = format!("{GENERATED_MARKER} {source_name};");
    text.lines().take(5).any(|line| line.contains(&marker))
}

/// A unified diff of at most 40 lines, enough to see what changed without flooding a CI log.
fn short_diff(old: &str, new: &str) -> String {
    const MAX_LINES: usize = 40;
    let diff = similar::TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(2)
        .header("on disk", "generated now")
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= MAX_LINES {
        return text;
    }
    let mut short = lines[..MAX_LINES].join("\n");
    short.push_str(&format!(
        "\n... {} more diff lines\n",
        lines.len() - MAX_LINES
    ));
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    fn output(path: &str, contents: &str) -> Output {
        Output {
            path: path.to_string(),
            contents: contents.to_string(),
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardc-out-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn write_skips_unchanged_files_and_leaves_no_temp_files() {
        let dir = scratch("write");
        let outputs = [output(
            "a.ts",
            "// generated by cardc from s.cards; do not edit\n",
        )];
        let first = write(&dir, &outputs).expect("write");
        assert_eq!(first[0].1, WriteStatus::Written);
        let modified = fs::metadata(dir.join("a.ts"))
            .and_then(|m| m.modified())
            .expect("mtime");
        let second = write(&dir, &outputs).expect("write");
        assert_eq!(second[0].1, WriteStatus::Unchanged);
        let after = fs::metadata(dir.join("a.ts"))
            .and_then(|m| m.modified())
            .expect("mtime");
        assert_eq!(modified, after);
        let names: Vec<_> = fs::read_dir(&dir)
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["a.ts"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn check_reports_missing_stale_and_orphaned_and_writes_nothing() {
        let dir = scratch("check");
        fs::create_dir_all(&dir).expect("mkdir");
        fs::write(
            dir.join("a.ts"),
            "// generated by cardc from s.cards; do not edit\nold\n",
        )
        .expect("seed");
        fs::write(
            dir.join("old.ts"),
            "// generated by cardc from s.cards; do not edit\n",
        )
        .expect("seed");
        fs::write(
            dir.join("other.ts"),
            "// generated by cardc from other.cards; do not edit\n",
        )
        .expect("seed");
        fs::write(dir.join("hand.ts"), "// written by hand\n").expect("seed");
        let outputs = [
            output(
                "a.ts",
                "// generated by cardc from s.cards; do not edit\nnew\n",
            ),
            output("b.ts", "b\n"),
        ];
        let problems = check(&dir, "s.cards", &outputs).expect("check");
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(matches!(&problems[0], Problem::Stale(path, diff)
            if path.ends_with("a.ts") && diff.contains("-old") && diff.contains("+new")));
        assert!(matches!(&problems[1], Problem::Missing(path) if path.ends_with("b.ts")));
        assert!(matches!(&problems[2], Problem::Orphaned(path) if path.ends_with("old.ts")));
        assert!(!dir.join("b.ts").exists());
        let _ = fs::remove_dir_all(&dir);
    }
}
