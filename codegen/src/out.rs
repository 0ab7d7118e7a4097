//! Output: writing generated files as one transaction, only where their contents changed, or
//! comparing them in check mode without writing anything.
//!
//! A write stages every changed output in a temporary file beside it (created exclusively under
//! an unpredictable name by `tempfile`, so a planted file or symlink is never written through),
//! flushes each to disk, and only then renames them into place. Any error before the renames
//! removes every temporary and replaces nothing; an error during them puts back what was already
//! replaced. Each temporary is locked while its run lives, so a later run can tell the
//! leftovers of a killed run (unlocked) from those of a concurrent one and remove them.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::fmt;
use std::fs::{self, File, Permissions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use tempfile::{Builder, NamedTempFile};

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

impl Problem {
    /// The problem as every front end reports it, on its own lines (no trailing newline): the
    /// path, and for a stale file its diff. `schema` is the schema's name in messages.
    pub fn report(&self, schema: &str) -> String {
        match self {
            Problem::Missing(path) => format!("missing: {}", display_path(path)),
            Problem::Stale(path, diff) => format!("stale: {}\n{diff}", display_path(path)),
            Problem::Orphaned(path) => format!(
                "orphaned: {} (generated from {schema}, which no longer produces it)",
                display_path(path)
            ),
        }
    }
}

/// Why outputs could not be written or read, naming the file or directory at fault.
#[derive(Debug)]
pub enum Error {
    /// An operation on a path failed; `action` says which ("write", "read", ...).
    Io {
        /// What was being done, as a verb phrase.
        action: &'static str,
        /// The file or directory it was done to.
        path: PathBuf,
        /// The operating system's error.
        error: io::Error,
    },
    /// An output path is a directory.
    IsADirectory(PathBuf),
    /// A directory an output needs cannot be created because `blocker`, on its path, is a file.
    NotADirectory {
        /// The directory that was needed.
        dir: PathBuf,
        /// The file standing where a directory should be.
        blocker: PathBuf,
    },
    /// An output path holds a file without cardc's header, which cardc never overwrites.
    NotGenerated(PathBuf),
    /// Renaming a staged output into place failed; the outputs renamed before it were put
    /// back, except those listed in `not_restored`.
    Replace {
        /// The output that could not be replaced.
        path: PathBuf,
        /// The operating system's error.
        error: io::Error,
        /// Outputs already replaced that could not be put back.
        not_restored: Vec<PathBuf>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io {
                action,
                path,
                error,
            } => write!(f, "cannot {action} {}: {error}", display_path(path)),
            Error::IsADirectory(path) => write!(
                f,
                "cannot write {}: it is a directory; nothing was written",
                display_path(path)
            ),
            Error::NotADirectory { dir, blocker } => write!(
                f,
                "cannot create directory {}: {} is a file, not a directory; nothing was written",
                display_path(dir),
                display_path(blocker)
            ),
            Error::NotGenerated(path) => write!(
                f,
                "refusing to overwrite {}: it lacks cardc's header (`{GENERATED_MARKER} ...`), \
                 so cardc did not write it; nothing was written\n  \
                 hint: if it is yours, move it elsewhere; if it may be replaced, delete it and \
                 run again",
                display_path(path)
            ),
            Error::Replace {
                path,
                error,
                not_restored,
            } if not_restored.is_empty() => write!(
                f,
                "cannot replace {}: {error}; every output was left as it was",
                display_path(path)
            ),
            Error::Replace {
                path,
                error,
                not_restored,
            } => {
                let names: Vec<String> = not_restored.iter().map(|p| display_path(p)).collect();
                write!(
                    f,
                    "cannot replace {}: {error}; already replaced and not put back: {}",
                    display_path(path),
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for Error {}

/// The name every temporary file cardc creates starts with.
const TEMP_PREFIX: &str = ".cardc-";
/// The name every temporary file cardc creates ends with.
const TEMP_SUFFIX: &str = ".tmp";

/// Whether a file name is one of cardc's temporaries: `.cardc-<random>.tmp`, or the
/// `.<output>.cardc-<pid>.tmp` of earlier versions, whose leftovers are cleaned up too.
pub fn is_temporary(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    let Some(stem) = name.strip_suffix(TEMP_SUFFIX) else {
        return false;
    };
    if stem.starts_with(TEMP_PREFIX) {
        return true;
    }
    stem.starts_with('.')
        && stem.rsplit_once(".cardc-").is_some_and(|(_, pid)| {
            !pid.is_empty() && pid.bytes().all(|byte| byte.is_ascii_digit())
        })
}

/// Writes every output under `out_dir` whose contents changed, as one transaction; see
/// [`write_files`].
pub fn write(out_dir: &Path, outputs: &[Output]) -> Result<Vec<(PathBuf, WriteStatus)>, Error> {
    let files: Vec<(PathBuf, &str)> = outputs
        .iter()
        .map(|output| (out_dir.join(&output.path), output.contents.as_str()))
        .collect();
    write_files(&files)
}

/// Writes each `(path, contents)` whose file does not already hold exactly `contents`, as one
/// transaction: every changed file is staged and flushed to disk first, then all are renamed
/// into place, so an error leaves either every file as it was or every file new. Missing
/// parent directories are created. A file that lacks cardc's header is never overwritten
/// ([`Error::NotGenerated`]), and an unchanged file keeps its modification time (so it does
/// not wake up a build).
pub fn write_files(files: &[(PathBuf, &str)]) -> Result<Vec<(PathBuf, WriteStatus)>, Error> {
    transaction(files, Owner::Cardc)
}

/// Replaces files the user owns (the schemas `cardc fmt` laid out) with new contents, those
/// that differ, as one transaction as [`write_files`] does; unlike it, it asks for no cardc
/// header, and each file must be there already.
pub fn replace_files(files: &[(PathBuf, &str)]) -> Result<Vec<(PathBuf, WriteStatus)>, Error> {
    transaction(files, Owner::User)
}

/// Whose files a transaction replaces.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    /// cardc's outputs: written where missing, replaced only where they have its header.
    Cardc,
    /// The user's: replaced only where they are, whatever they hold.
    User,
}

/// [`write_files`] and [`replace_files`].
fn transaction(
    files: &[(PathBuf, &str)],
    owner: Owner,
) -> Result<Vec<(PathBuf, WriteStatus)>, Error> {
    let mut plans = Vec::with_capacity(files.len());
    for (path, contents) in files {
        plans.push((path, *contents, inspect(path, contents, owner)?));
    }
    // Every run clears a killed run's leftovers, even one with nothing to write.
    let dirs: BTreeSet<&Path> = plans.iter().map(|(path, _, _)| parent_dir(path)).collect();
    for dir in &dirs {
        remove_stale_temporaries(dir);
    }
    let mut written_dirs = BTreeSet::new();
    let mut staged = Vec::new();
    for (path, contents, existing) in &plans {
        let permissions = match existing {
            Existing::Same => continue,
            Existing::Absent => None,
            Existing::Old { permissions, .. } => Some(permissions.clone()),
        };
        let dir = parent_dir(path);
        if written_dirs.insert(dir) {
            ensure_dir(dir)?;
        }
        staged.push((
            *path,
            existing,
            stage(path, contents.as_bytes(), permissions)?,
        ));
    }
    // Every output is staged and on disk: only now is anything replaced.
    let mut replaced: Vec<(&Path, &Existing)> = Vec::new();
    for (path, existing, temp) in staged {
        if let Err(persist) = temp.persist(path) {
            let not_restored = restore(&replaced);
            return Err(Error::Replace {
                path: path.to_path_buf(),
                error: persist.error,
                not_restored,
            });
        }
        replaced.push((path, existing));
    }
    for dir in &written_dirs {
        sync_dir(dir)?;
    }
    Ok(plans
        .iter()
        .map(|(path, _, existing)| {
            let status = match existing {
                Existing::Same => WriteStatus::Unchanged,
                _ => WriteStatus::Written,
            };
            (path.to_path_buf(), status)
        })
        .collect())
}

/// What an output path holds before a write.
enum Existing {
    /// Nothing.
    Absent,
    /// Exactly the new contents.
    Same,
    /// A cardc output with other contents, kept to put back if the transaction fails.
    Old {
        bytes: Vec<u8>,
        permissions: Permissions,
    },
}

fn inspect(path: &Path, contents: &str, owner: Owner) -> Result<Existing, Error> {
    let io_error = |action, error| Error::Io {
        action,
        path: path.to_path_buf(),
        error,
    };
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        // A missing file, or a parent that is not a directory (reported when it is created).
        Err(error)
            if owner == Owner::Cardc
                && matches!(
                    error.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
        {
            return Ok(Existing::Absent);
        }
        Err(error) => return Err(io_error("read", error)),
    };
    if metadata.is_dir() {
        return Err(Error::IsADirectory(path.to_path_buf()));
    }
    let bytes = fs::read(path).map_err(|error| io_error("read", error))?;
    if bytes == contents.as_bytes() {
        return Ok(Existing::Same);
    }
    if owner == Owner::Cardc && !head(&bytes).contains(GENERATED_MARKER) {
        return Err(Error::NotGenerated(path.to_path_buf()));
    }
    Ok(Existing::Old {
        bytes,
        permissions: metadata.permissions(),
    })
}

/// The directory a file lives in (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Creates `dir` and its parents, naming the file in the way when one is.
fn ensure_dir(dir: &Path) -> Result<(), Error> {
    let error = match fs::create_dir_all(dir) {
        Ok(()) => return Ok(()),
        Err(error) => error,
    };
    let mut ancestors: Vec<&Path> = dir
        .ancestors()
        .filter(|ancestor| !ancestor.as_os_str().is_empty())
        .collect();
    ancestors.reverse();
    for ancestor in ancestors {
        match fs::metadata(ancestor) {
            Ok(metadata) if metadata.is_dir() => {}
            Ok(_) => {
                return Err(Error::NotADirectory {
                    dir: dir.to_path_buf(),
                    blocker: ancestor.to_path_buf(),
                });
            }
            Err(_) => break,
        }
    }
    Err(Error::Io {
        action: "create directory",
        path: dir.to_path_buf(),
        error,
    })
}

/// A builder for cardc's temporaries: a fixed prefix so that later runs recognise them, eight
/// random characters, and a name short enough for any directory whatever the output's name.
fn temporary() -> Builder<'static, 'static> {
    let mut builder = Builder::new();
    builder
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .rand_bytes(8);
    // As for any new file (the umask applies), rather than tempfile's owner-only default.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder
}

/// Writes `bytes` into a new locked temporary beside `path` and flushes it to disk.
fn stage(
    path: &Path,
    bytes: &[u8],
    permissions: Option<Permissions>,
) -> Result<NamedTempFile, Error> {
    let dir = parent_dir(path);
    let mut temp = temporary().tempfile_in(dir).map_err(|error| Error::Io {
        action: "create a temporary file in",
        path: dir.to_path_buf(),
        error,
    })?;
    // The lock only tells other runs that this temporary is alive; a file system without
    // locks loses nothing else, so a failure here is not an error.
    let _ = temp.as_file().lock();
    let io_error = |action, error| Error::Io {
        action,
        path: path.to_path_buf(),
        error,
    };
    temp.write_all(bytes)
        .map_err(|error| io_error("write", error))?;
    if let Some(permissions) = permissions {
        temp.as_file()
            .set_permissions(permissions)
            .map_err(|error| io_error("set the permissions of", error))?;
    }
    temp.as_file()
        .sync_all()
        .map_err(|error| io_error("flush to disk", error))?;
    Ok(temp)
}

/// Puts back the outputs a failed transaction already replaced; returns those it could not.
fn restore(replaced: &[(&Path, &Existing)]) -> Vec<PathBuf> {
    let mut not_restored = Vec::new();
    for (path, existing) in replaced {
        let restored = match existing {
            Existing::Old { bytes, permissions } => stage(path, bytes, Some(permissions.clone()))
                .is_ok_and(|temp| temp.persist(path).is_ok()),
            _ => fs::remove_file(path).is_ok(),
        };
        if !restored {
            not_restored.push(path.to_path_buf());
        }
    }
    not_restored
}

/// Removes the temporaries that earlier cardc runs left in `dir` when they were killed: those
/// no live run holds locked. Best effort: what cannot be removed is left, never reported.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if !is_temporary(&entry.file_name()) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let unlocked = File::open(&path).is_ok_and(|file| file.try_lock().is_ok());
        if unlocked {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Flushes a directory's entries (the renames) to disk, where the platform allows it.
fn sync_dir(dir: &Path) -> Result<(), Error> {
    #[cfg(unix)]
    File::open(dir)
        .and_then(|dir| dir.sync_all())
        .map_err(|error| Error::Io {
            action: "flush to disk the directory",
            path: dir.to_path_buf(),
            error,
        })?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Compares one file with the contents it should have: `None` when it already has them.
pub fn compare_file(path: &Path, contents: &str) -> Result<Option<Problem>, Error> {
    match fs::read(path) {
        Ok(existing) if existing == contents.as_bytes() => Ok(None),
        Ok(existing) => Ok(Some(Problem::Stale(
            path.to_path_buf(),
            short_diff(&String::from_utf8_lossy(&existing), contents),
        ))),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            Ok(Some(Problem::Missing(path.to_path_buf())))
        }
        Err(error) => Err(Error::Io {
            action: "read",
            path: path.to_path_buf(),
            error,
        }),
    }
}

/// Compares the outputs with what `out_dir` holds, and finds orphaned generated files whose
/// source is this schema ([`orphans`]). Writes nothing.
pub fn check(out_dir: &Path, source_name: &str, outputs: &[Output]) -> Result<Vec<Problem>, Error> {
    let mut problems = Vec::new();
    for output in outputs {
        problems.extend(compare_file(&out_dir.join(&output.path), &output.contents)?);
    }
    problems.extend(
        orphans(out_dir, source_name, outputs)?
            .into_iter()
            .map(Problem::Orphaned),
    );
    Ok(problems)
}

/// The files whose header says cardc generated them from `source_name` but which are not among
/// `outputs`, sorted: in `out_dir` and in every directory an output is written into (a Python
/// package's folder, where an older cardc wrote a module this one no longer writes). cardc's
/// own temporaries are never among them.
pub fn orphans(
    out_dir: &Path,
    source_name: &str,
    outputs: &[Output],
) -> Result<Vec<PathBuf>, Error> {
    let mut dirs = BTreeSet::from([PathBuf::new()]);
    dirs.extend(
        outputs
            .iter()
            .filter_map(|output| Path::new(&output.path).parent())
            .map(Path::to_path_buf),
    );
    let markers = header_markers(source_name, outputs);
    let mut orphans = Vec::new();
    for dir in dirs {
        let read_error = |error| Error::Io {
            action: "read",
            path: out_dir.join(&dir),
            error,
        };
        let entries = match fs::read_dir(out_dir.join(&dir)) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
            Err(error) => return Err(read_error(error)),
        };
        for entry in entries {
            let entry = entry.map_err(read_error)?;
            let name = entry.file_name();
            let relative = dir.join(&name);
            let expected = outputs
                .iter()
                .any(|output| Path::new(&output.path) == relative);
            if expected || is_temporary(&name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            if read_head(&entry.path())
                .is_some_and(|head| markers.iter().any(|marker| head.contains(marker)))
            {
                orphans.push(entry.path());
            }
        }
    }
    orphans.sort();
    Ok(orphans)
}

/// How a header naming `source_name` reads in each output language: as written, and as each of
/// `outputs` spells it, since an output escapes the name for its comments or strings (a line
/// break in a path, a quote in JSON). An orphan was written by the same emitters, so its header
/// holds one of these.
fn header_markers(source_name: &str, outputs: &[Output]) -> BTreeSet<String> {
    let mut markers = BTreeSet::from([format!("{GENERATED_MARKER} {source_name};")]);
    for output in outputs {
        let head = head(output.contents.as_bytes());
        if let Some(start) = head.find(GENERATED_MARKER)
            && let Some(end) = head[start..].find("; do not edit")
        {
            markers.insert(head[start..=start + end].to_string());
        }
    }
    markers
}

/// Deletes files (the orphans `generate --prune` removes).
pub fn remove(paths: &[PathBuf]) -> Result<(), Error> {
    for path in paths {
        fs::remove_file(path).map_err(|error| Error::Io {
            action: "delete",
            path: path.clone(),
            error,
        })?;
    }
    Ok(())
}

/// How many leading bytes and lines of a file can hold cardc's header, wherever each output
/// language puts it (the JSON Schema's `$comment` is on its second line).
const HEAD_BYTES: u64 = 4096;
const HEAD_LINES: usize = 5;

/// The first lines of some file contents, where cardc's header lives.
fn head(bytes: &[u8]) -> Cow<'_, str> {
    let end = usize::try_from(HEAD_BYTES).map_or(bytes.len(), |limit| bytes.len().min(limit));
    let text = String::from_utf8_lossy(&bytes[..end]);
    let cut = text
        .match_indices('\n')
        .nth(HEAD_LINES - 1)
        .map_or(text.len(), |(at, _)| at);
    match text {
        Cow::Borrowed(text) => Cow::Borrowed(&text[..cut]),
        Cow::Owned(text) => Cow::Owned(text[..cut].to_string()),
    }
}

/// The first lines of a file, or `None` when it cannot be read.
fn read_head(path: &Path) -> Option<String> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(HEAD_BYTES).read_to_end(&mut bytes))
        .ok()?;
    Some(head(&bytes).into_owned())
}

/// A path as text with `/` separators, so messages read the same on every OS.
pub fn display_path(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
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
mod tests;
