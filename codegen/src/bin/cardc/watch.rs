//! `cardc generate --watch`: generates, then again on every change of a schema file read or of
//! the project file, debounced; a problem is reported and the watch goes on, and a report is
//! printed once, not again on a change that leaves it as it was. Everything goes to standard
//! output, in the order it happened, as `tsc --watch` writes its log.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use cardc_codegen::out::{self, WriteStatus, display_path};
use cardc_codegen::project::{self, Batch};
use notify_debouncer_mini::notify::RecursiveMode;
use notify_debouncer_mini::{DebounceEventResult, new_debouncer};

use crate::IO_FAILURE;
use crate::generate::{Paths, prepare};

/// How long the files must be quiet before a run: an editor's save is several events.
const QUIET: Duration = Duration::from_millis(150);

/// Watches until interrupted (or the watcher fails, exit status 2).
pub(crate) fn run(paths: &Paths) -> ExitCode {
    let (events, received) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer = match new_debouncer(QUIET, events) {
        Ok(debouncer) => debouncer,
        Err(error) => {
            println!("error: cannot watch the files: {error}");
            return ExitCode::from(IO_FAILURE);
        }
    };
    let mut watched_dirs: BTreeSet<PathBuf> = BTreeSet::new();
    let mut last_report = String::new();
    loop {
        let (inputs, report) = once(paths);
        if report != last_report {
            print!("{report}");
            last_report = report;
        }
        // The directories of the files, not the files: an editor saves by replacing a file,
        // and a file not there yet (an import to be written) has a directory.
        let dirs: BTreeSet<PathBuf> = inputs.iter().filter_map(|path| nearest_dir(path)).collect();
        for dir in dirs.difference(&watched_dirs) {
            if let Err(error) = debouncer.watcher().watch(dir, RecursiveMode::NonRecursive) {
                println!("error: cannot watch {}: {error}", display_path(dir));
                return ExitCode::from(IO_FAILURE);
            }
        }
        for dir in watched_dirs.difference(&dirs) {
            // A directory no longer read from; one already gone is no longer watched either.
            let _ = debouncer.watcher().unwatch(dir);
        }
        watched_dirs = dirs;
        println!(
            "watching {} file(s) for changes; Ctrl-C stops",
            inputs.len()
        );
        loop {
            match received.recv() {
                Ok(Ok(events)) => {
                    if events
                        .iter()
                        .any(|event| inputs.contains(&project::absolute(&event.path)))
                    {
                        break;
                    }
                }
                Ok(Err(error)) => println!("warning: the watcher: {error}"),
                Err(_) => return ExitCode::from(IO_FAILURE),
            }
        }
    }
}

/// One run: writes what changed, printing each file written; the files read (absolute), and
/// the problems' report (empty when there were none).
fn once(paths: &Paths) -> (BTreeSet<PathBuf>, String) {
    let mut inputs: BTreeSet<PathBuf> = BTreeSet::new();
    inputs.extend(paths.project_file().map(|file| project::absolute(&file)));
    match prepare(paths) {
        Err(failure) => {
            inputs.extend(failure.inputs);
            (inputs, failure.report)
        }
        Ok((loaded, batches)) => {
            inputs.extend(loaded.files.iter().map(|file| file.path.clone()));
            let files: Vec<(PathBuf, &str)> = batches.iter().flat_map(Batch::files).collect();
            match out::write_files(&files) {
                Ok(statuses) => {
                    for (path, status) in statuses {
                        if status == WriteStatus::Written {
                            println!("wrote {}", display_path(&path));
                        }
                    }
                    (inputs, String::new())
                }
                Err(error) => (inputs, format!("error: {error}\n")),
            }
        }
    }
}

/// The directory of `path`, or of its nearest ancestor that is there.
fn nearest_dir(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .skip(1)
        .find(|dir| dir.is_dir())
        .map(Path::to_path_buf)
}
