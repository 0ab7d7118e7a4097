//! Placing outputs: where each target writes the outputs of every schema of a loaded set, and
//! how each output finds the others (the shared runtime, the outputs of the files it imports).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::load::Loaded;
use crate::emit::Output;
use crate::target::{Options, Target};
use crate::{header_name, naming};

/// Where a target's outputs go.
#[derive(Clone)]
pub struct Placement {
    /// The target.
    pub target: &'static dyn Target,
    /// The directory its outputs go in, as the CLI's `--out` is.
    pub dir: PathBuf,
    /// Where the outputs find the target's shared runtime, for a target that has one.
    pub runtime: Runtime,
}

impl std::fmt::Debug for Placement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placement")
            .field("target", &self.target.key())
            .field("dir", &self.dir)
            .field("runtime", &self.runtime)
            .finish()
    }
}

/// Where a target's outputs find its shared runtime module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runtime {
    /// In a module written once beside them, in the placement's directory.
    Beside,
    /// In the module at this path, written there once for every schema.
    At(PathBuf),
    /// Nowhere: each output carries the helpers it uses (`--self-contained`).
    SelfContained,
}

/// Where every target's outputs go, and the names the outputs know one another by.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// The targets written, each where it goes.
    pub placements: Vec<Placement>,
    /// The Rust module the modules of every schema are in (`crate::contracts`), whose items an
    /// output imports as `<module>::<stem>`; by default each is a sibling module of the others
    /// (`super::<stem>`).
    pub rust_module: Option<String>,
    /// The name each schema's Python package is distributed as, by stem, when not its import
    /// name.
    pub python_distributions: BTreeMap<String, String>,
}

/// The outputs of one schema in one directory.
#[derive(Debug, Clone)]
pub struct Batch {
    /// The directory the outputs' paths are relative to.
    pub dir: PathBuf,
    /// The schema's index in [`Loaded::files`], or `None` for the shared runtime modules,
    /// which no schema owns.
    pub schema: Option<usize>,
    /// The schema's name in the outputs' headers, which finds its orphans.
    pub header: String,
    /// The outputs.
    pub outputs: Vec<Output>,
}

impl Batch {
    /// Compares the outputs with what is on disk, writing nothing: each stale or missing one,
    /// and for a schema's batch every orphan of the schema in its directory (a shared runtime
    /// has none).
    #[cfg(feature = "write")]
    pub fn check(&self) -> Result<Vec<crate::out::Problem>, crate::out::Error> {
        if self.schema.is_some() {
            return crate::out::check(&self.dir, &self.header, &self.outputs);
        }
        let mut problems = Vec::new();
        for (path, contents) in self.files() {
            problems.extend(crate::out::compare_file(&path, contents)?);
        }
        Ok(problems)
    }

    /// Every output as the path it is written at and its contents.
    pub fn files(&self) -> impl Iterator<Item = (PathBuf, &str)> {
        self.outputs
            .iter()
            .map(|output| (self.dir.join(&output.path), output.contents.as_str()))
    }
}

/// The outputs of every schema of `loaded` (which must all check) as `layout` places them, one
/// batch per schema and directory, then one per shared runtime module; or why they cannot be
/// written so. A batch holds, as `cardc generate` lists them, each target's output, then the
/// modules they import from beside them, then their companion files.
pub fn plan(loaded: &Loaded, layout: &Layout) -> Result<Vec<Batch>, String> {
    let Some(schemas) = loaded.schemas() else {
        return Err("a schema does not check".to_string());
    };
    let mut runtimes: BTreeMap<PathBuf, String> = BTreeMap::new();
    // Each schema under each placement, with its header and options: decided in order, then
    // emitted on every core (each emission is a pure function of its job), then gathered in
    // order, so the batches are the same whatever the threads did.
    let mut jobs = Vec::new();
    for (index, (file, schema)) in loaded.files.iter().zip(&schemas).enumerate() {
        for placement in &layout.placements {
            let mut schema = (*schema).clone();
            schema.source_name = header_name(&file.path, &placement.dir);
            let options = options(loaded, layout, placement, &schema, &mut runtimes)?;
            jobs.push((index, placement, schema, options));
        }
    }
    let emitted = parallel(&jobs, |(_, placement, schema, options)| {
        let target = placement.target;
        let output = |(path, contents)| Output { path, contents };
        [
            vec![Output {
                path: target.path(&schema.stem, options),
                contents: target.emit(schema, options),
            }],
            target
                .modules(schema, options)
                .into_iter()
                .map(output)
                .collect(),
            target
                .companions(schema, options)
                .into_iter()
                .map(output)
                .collect(),
        ]
    });
    let mut batches: Vec<Batch> = Vec::new();
    let mut jobs = jobs.iter().zip(emitted).peekable();
    while let Some(((index, ..), _)) = jobs.peek() {
        let index = *index;
        // Per directory of this schema: the outputs, the modules and the companions.
        let mut parts: Vec<(&Path, String, [Vec<Output>; 3])> = Vec::new();
        while let Some(((_, placement, schema, _), [outputs, modules, companions])) =
            jobs.next_if(|((at, ..), _)| *at == index)
        {
            let at = match parts.iter().position(|(dir, ..)| *dir == placement.dir) {
                Some(at) => at,
                None => {
                    parts.push((
                        &placement.dir,
                        schema.source_name.clone(),
                        Default::default(),
                    ));
                    parts.len() - 1
                }
            };
            let [all_outputs, all_modules, all_companions] = &mut parts[at].2;
            all_outputs.extend(outputs);
            all_modules.extend(modules);
            all_companions.extend(companions);
        }
        for (dir, header, parts) in parts {
            batches.push(Batch {
                dir: dir.to_path_buf(),
                schema: Some(index),
                header,
                outputs: parts.into_iter().flatten().collect(),
            });
        }
    }
    for (path, contents) in runtimes {
        let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        batches.push(Batch {
            dir,
            schema: None,
            header: String::new(),
            outputs: vec![Output {
                path: name.into_owned(),
                contents,
            }],
        });
    }
    Ok(batches)
}

/// `work` of every job, on as many threads as there are cores, in the jobs' order.
fn parallel<J: Sync, R: Send>(jobs: &[J], work: impl Fn(&J) -> R + Sync) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(jobs.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(job) = jobs.get(at) else {
                            return done;
                        };
                        done.push((at, work(job)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            // A panic in an emitter is a bug; it goes on unwinding here.
            .flat_map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    done.sort_by_key(|(at, _)| *at);
    done.into_iter().map(|(_, result)| result).collect()
}

/// The options one target emits one schema with under `layout`, noting the shared runtime
/// module it imports in `runtimes`.
fn options(
    loaded: &Loaded,
    layout: &Layout,
    placement: &Placement,
    schema: &crate::ir::Schema,
    runtimes: &mut BTreeMap<PathBuf, String>,
) -> Result<Options, String> {
    let target = placement.target;
    let mut options = Options {
        python_distribution: layout.python_distributions.get(&schema.stem).cloned(),
        python_distributions: layout.python_distributions.clone(),
        python_apart: python_apart(loaded, layout, placement),
        ..Options::default()
    };
    if let Some(module) = &layout.rust_module {
        for module_of in schema.imports().into_keys() {
            let stem = naming::rust::rust_ident_text(&module_of.stem);
            options.imports.insert(
                (crate::emit::rust::Rust.key(), module_of.stem.clone()),
                format!("{module}::{stem}"),
            );
        }
    }
    let Some(runtime) = target.shared_runtime() else {
        return Ok(options);
    };
    let module = match &placement.runtime {
        Runtime::SelfContained if !schema.foreign.is_empty() => {
            return Err(format!(
                "{} imports types from other schema files, and its {} output cannot when it \
                 is written self-contained: write it with the shared runtime",
                schema.stem,
                target.language()
            ));
        }
        Runtime::SelfContained => return Ok(options),
        Runtime::Beside => placement.dir.join(runtime.file_name),
        Runtime::At(path) => path.clone(),
    };
    let output_dir = placement
        .dir
        .join(target.path(&schema.stem, &options))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let specifier = (runtime.import_from)(&header_name(&module, &output_dir));
    options.shared_runtimes.insert(target.key(), specifier);
    runtimes.insert(module, runtime.contents);
    Ok(options)
}

/// Whether the Python packages placed in this directory are several, so each is apart.
fn python_apart(loaded: &Loaded, layout: &Layout, placement: &Placement) -> bool {
    placement.target.key() == crate::emit::python::Python.key() && {
        let shared = layout
            .placements
            .iter()
            .filter(|other| other.target.key() == placement.target.key())
            .filter(|other| other.dir == placement.dir)
            .count();
        shared * loaded.files.len() > 1
    }
}
