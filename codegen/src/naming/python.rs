//! Python's names: how a schema name is spelt as a Python identifier, and the names the Python
//! output generates beside the schema's own. The Python target reads these rules to name
//! attributes, classes and functions, and to tell the checker which field names it refuses.

use super::RenameRule;

/// Python's keywords and soft keywords (`match`, `case`, `type`, `_`): a name spelt like one
/// gets a trailing `_`. The capitalised ones are the names an enum value or a variant could
/// take.
#[rustfmt::skip]
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
    "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
    "while", "with", "yield",
    // Soft keywords.
    "match", "case", "type", "_",
];

/// The builtins a generated class body names in its annotations: an attribute of one of these
/// names, given a default in the class body, would shadow the builtin for the annotations
/// after it.
#[rustfmt::skip]
const SHADOWED_BUILTINS: &[&str] = &[
    "bool", "dict", "float", "int", "list", "object", "str",
];

/// The attributes every generated model has already: pydantic's `BaseModel` (its v1 names
/// too, which it keeps as deprecated methods) and the decoding methods the runtime adds. Every
/// name starting with `model_` is pydantic's too.
#[rustfmt::skip]
const MODEL_ATTRIBUTES: &[&str] = &[
    "construct", "copy", "dict", "fields", "from_orm", "json", "parse_file", "parse_obj",
    "parse_raw", "schema", "schema_json", "update_forward_refs", "validate",
    // The runtime's.
    "from_json", "from_data", "to_json", "to_data",
];

/// The prefix pydantic keeps for its own attributes.
const PYDANTIC_PREFIX: &str = "model_";

/// Whether a name needs a trailing `_` to be a Python attribute or class member of a
/// generated model: a keyword, a builtin the class body names, or one of the model's own
/// attributes.
fn is_reserved(name: &str) -> bool {
    KEYWORDS.contains(&name)
        || SHADOWED_BUILTINS.contains(&name)
        || MODEL_ATTRIBUTES.contains(&name)
        || name.starts_with(PYDANTIC_PREFIX)
}

/// The Python identifier of a schema name: the name itself, or with a trailing `_` when it is
/// reserved (`type` gives `type_`, `schema` gives `schema_`, `model_name` gives `model_name_`).
pub fn ident(name: &str) -> String {
    if is_reserved(name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

/// Why a schema field name cannot be a Python attribute, if it cannot: pydantic takes a name
/// starting with `_` for a private attribute, and a name that is a reserved one's escape
/// (`type_`, `schema_`) would be the same attribute as that name's.
pub fn field_name_problem(name: &str) -> Option<String> {
    if name.starts_with('_') {
        return Some(format!(
            "pydantic takes `{name}`, which starts with `_`, for a private attribute, not a field"
        ));
    }
    let escaped_from = name.strip_suffix('_').filter(|stem| is_reserved(stem))?;
    Some(format!(
        "`{name}` is how Python spells the reserved name `{escaped_from}`, so the two fields \
         would be one attribute"
    ))
}

/// The Python identifier of a tag key or other wire key used as an attribute: the key with
/// every character that cannot be in an identifier replaced by `_`, a leading `_` replaced by
/// `tag_` (a private attribute to pydantic), then escaped as [`ident`] does.
pub fn wire_ident(key: &str) -> String {
    let mut text: String = key
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if text.is_empty() || text.starts_with(|c: char| c.is_ascii_digit() || c == '_') {
        text.insert_str(0, "tag_");
    }
    ident(&text)
}

/// The class of a union's variant along a path of variant names: `ToolCallView` and
/// `[Generic]` give `ToolCallView_Generic`. Schema type names hold no `_`, so no schema type
/// can be named like one.
pub fn variant_class(union: &str, path: &[&str]) -> String {
    let mut name = type_name(union);
    for variant in path {
        name.push('_');
        name.push_str(variant);
    }
    name
}

/// The class of an open union's or enum's catch-all: `Card` with `#[other] Unknown` gives
/// `CardUnknown`, as the TypeScript output names its type.
pub fn catch_all_class(owner: &str, catch_all: &str) -> String {
    type_name(&format!("{owner}{catch_all}"))
}

/// The enum class of an open enum's known values, which the enum's own name (an alias of
/// them and the catch-all) leaves free: `Role` gives `Role_Known`. Schema type names hold no
/// `_`, so no schema type can be named like it.
pub fn known_values_class(owner: &str) -> String {
    format!("{}_Known", type_name(owner))
}

/// The visitor `Protocol` of a union: `ToolCallView` gives `ToolCallViewVisitor`.
pub fn visitor(union: &str) -> String {
    format!("{}Visitor", type_name(union))
}

/// The exhaustive helper of a union: `ToolCallView` gives `visit_tool_call_view`.
pub fn visit_function(union: &str) -> String {
    format!("visit_{}", RenameRule::Snake.apply_to_variant(union))
}

/// The visitor method of a leaf variant along a path of variant names: each in snake case,
/// joined by `__` (`[Search, Matches]` gives `search__matches`, never the `search_matches` of
/// a variant `SearchMatches`), escaped as [`ident`] does (`[Type]` gives `type_`).
pub fn visitor_method(path: &[&str]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|name| RenameRule::Snake.apply_to_variant(name))
        .collect();
    ident(&parts.join("__"))
}

/// The decoding function of a named type: `ToolCallView` gives `parse_tool_call_view`, `None`
/// gives `parse_none`.
pub fn parse_function(type_name: &str) -> String {
    format!("parse_{}", RenameRule::Snake.apply_to_variant(type_name))
}

/// The Python name of a schema type: its name, escaped when it is a keyword (`None_`). No
/// schema type name holds a `_`, so the escape is no other type's name.
pub fn type_name(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

/// The member of an enum value: its name, escaped when it is a keyword (`None_`).
pub fn enum_member(name: &str) -> String {
    ident(name)
}

/// The top-level modules a package's name must not take, because an installed package of that
/// name would shadow them for every importer: Python's standard library (CPython 3.11's
/// `sys.stdlib_module_names`, the oldest Python the package supports; later versions only
/// remove names) and the packages the generated code imports.
#[rustfmt::skip]
const TAKEN_MODULES: &[&str] = &[
    "__future__", "_abc", "_aix_support", "_ast", "_asyncio", "_bisect", "_blake2",
    "_bootsubprocess", "_bz2", "_codecs", "_codecs_cn", "_codecs_hk", "_codecs_iso2022",
    "_codecs_jp", "_codecs_kr", "_codecs_tw", "_collections", "_collections_abc",
    "_compat_pickle", "_compression", "_contextvars", "_crypt", "_csv", "_ctypes", "_curses",
    "_curses_panel", "_datetime", "_dbm", "_decimal", "_elementtree", "_frozen_importlib",
    "_frozen_importlib_external", "_functools", "_gdbm", "_hashlib", "_heapq", "_imp", "_io",
    "_json", "_locale", "_lsprof", "_lzma", "_markupbase", "_md5", "_msi", "_multibytecodec",
    "_multiprocessing", "_opcode", "_operator", "_osx_support", "_overlapped", "_pickle",
    "_posixshmem", "_posixsubprocess", "_py_abc", "_pydecimal", "_pyio", "_queue", "_random",
    "_scproxy", "_sha1", "_sha256", "_sha3", "_sha512", "_signal", "_sitebuiltins", "_socket",
    "_sqlite3", "_sre", "_ssl", "_stat", "_statistics", "_string", "_strptime", "_struct",
    "_symtable", "_thread", "_threading_local", "_tkinter", "_tokenize", "_tracemalloc",
    "_typing", "_uuid", "_warnings", "_weakref", "_weakrefset", "_winapi", "_zoneinfo", "abc",
    "aifc", "antigravity", "argparse", "array", "ast", "asynchat", "asyncio", "asyncore",
    "atexit", "audioop", "base64", "bdb", "binascii", "bisect", "builtins", "bz2", "cProfile",
    "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs", "codeop",
    "collections", "colorsys", "compileall", "concurrent", "configparser", "contextlib",
    "contextvars", "copy", "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses",
    "datetime", "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "email", "encodings",
    "ensurepip", "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput", "fnmatch",
    "fractions", "ftplib", "functools", "gc", "genericpath", "getopt", "getpass", "gettext",
    "glob", "graphlib", "grp", "gzip", "hashlib", "heapq", "hmac", "html", "http", "idlelib",
    "imaplib", "imghdr", "imp", "importlib", "inspect", "io", "ipaddress", "itertools", "json",
    "keyword", "lib2to3", "linecache", "locale", "logging", "lzma", "mailbox", "mailcap",
    "marshal", "math", "mimetypes", "mmap", "modulefinder", "msilib", "msvcrt", "multiprocessing",
    "netrc", "nis", "nntplib", "nt", "ntpath", "nturl2path", "numbers", "opcode", "operator",
    "optparse", "os", "ossaudiodev", "pathlib", "pdb", "pickle", "pickletools", "pipes",
    "pkgutil", "platform", "plistlib", "poplib", "posix", "posixpath", "pprint", "profile",
    "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc", "pydoc_data", "pyexpat", "queue",
    "quopri", "random", "re", "readline", "reprlib", "resource", "rlcompleter", "runpy", "sched",
    "secrets", "select", "selectors", "shelve", "shlex", "shutil", "signal", "site", "smtpd",
    "smtplib", "sndhdr", "socket", "socketserver", "spwd", "sqlite3", "sre_compile",
    "sre_constants", "sre_parse", "ssl", "stat", "statistics", "string", "stringprep", "struct",
    "subprocess", "sunau", "symtable", "sys", "sysconfig", "syslog", "tabnanny", "tarfile",
    "telnetlib", "tempfile", "termios", "textwrap", "this", "threading", "time", "timeit",
    "tkinter", "token", "tokenize", "tomllib", "trace", "traceback", "tracemalloc", "tty",
    "turtle", "turtledemo", "types", "typing", "unicodedata", "unittest", "urllib", "uu", "uuid",
    "venv", "warnings", "wave", "weakref", "webbrowser", "winreg", "winsound", "wsgiref",
    "xdrlib", "xml", "xmlrpc", "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo",
    // What the generated code imports beside the standard library.
    "annotated_types", "pydantic", "pydantic_core", "typing_extensions",
];

/// The import name of a schema's package: the stem with every character that cannot be in an
/// identifier replaced by `_`, a leading digit prefixed with `_`, and a keyword or a taken
/// module's name (`collections`, `pydantic`) escaped with a trailing `_`.
pub fn package(stem: &str) -> String {
    let mut text: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if text.is_empty() || text.starts_with(|c: char| c.is_ascii_digit()) {
        text.insert(0, '_');
    }
    if KEYWORDS.contains(&text.as_str()) || TAKEN_MODULES.contains(&text.as_str()) {
        text.push('_');
    }
    text
}

/// Why `name` cannot be a Python distribution name (a `pyproject.toml`'s `[project] name`), if
/// it cannot: ASCII letters, digits, `.`, `_` and `-`, starting and ending with a letter or
/// digit, as the packaging specifications have it; so it needs no escape in TOML either.
pub fn distribution_problem(name: &str) -> Option<String> {
    let edge = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let inner = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if inner && edge(name.chars().next()) && edge(name.chars().last()) {
        return None;
    }
    Some(format!(
        "`{}` is not a Python distribution name: use ASCII letters, digits, `.`, `_` and `-`, \
         starting and ending with a letter or digit",
        name.escape_debug()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_names_get_an_underscore() {
        assert_eq!(ident("type"), "type_");
        assert_eq!(ident("match"), "match_");
        assert_eq!(ident("schema"), "schema_");
        assert_eq!(ident("model_name"), "model_name_");
        assert_eq!(ident("str"), "str_");
        assert_eq!(ident("title"), "title");
        assert_eq!(enum_member("None"), "None_");
    }

    #[test]
    fn escapes_and_private_names_are_refused() {
        assert!(field_name_problem("type_").is_some());
        assert!(field_name_problem("model_x_").is_some());
        assert!(field_name_problem("_hidden").is_some());
        assert!(field_name_problem("title_").is_none());
        assert!(field_name_problem("title").is_none());
    }

    #[test]
    fn distribution_names_are_checked() {
        assert!(distribution_problem("acme-render.intent_2").is_none());
        assert!(distribution_problem("r").is_none());
        for bad in ["", "-a", "a-", "a b", "a\"b", "é", "a/b"] {
            assert!(distribution_problem(bad).is_some(), "{bad:?}");
        }
    }

    #[test]
    fn generated_names() {
        assert_eq!(
            variant_class("ToolCallView", &["Generic"]),
            "ToolCallView_Generic"
        );
        assert_eq!(parse_function("ToolCallView"), "parse_tool_call_view");
        assert_eq!(wire_ident("$type"), "tag__type");
        assert_eq!(wire_ident("card"), "card");
        assert_eq!(package("render-intent"), "render_intent");
        assert_eq!(package("collections"), "collections_");
        assert_eq!(package("typing"), "typing_");
        assert_eq!(package("pydantic"), "pydantic_");
        assert_eq!(package("collections-v2"), "collections_v2");
    }
}
