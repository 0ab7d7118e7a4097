//! Commands printed for the user to paste back into their shell.

use std::ffi::OsStr;

/// How the user ran cardc, so that a printed command can be pasted back: `cargo run --bin
/// cardc --` when cargo ran this very package's binary (cargo sets these two variables for the
/// program it runs); what a launcher that runs this binary for the user says in
/// `CARDC_INVOKED_AS` (the npm package's says `npx cardc`); else the program name exactly as
/// invoked (`cardc` from `PATH`, or a path).
pub(crate) fn invocation() -> String {
    let set_to =
        |variable: &str, value: &str| std::env::var_os(variable).is_some_and(|v| v == value);
    if set_to("CARGO_PKG_NAME", env!("CARGO_PKG_NAME"))
        && set_to("CARGO_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR"))
    {
        return "cargo run --bin cardc --".to_string();
    }
    if let Some(launcher) = std::env::var("CARDC_INVOKED_AS")
        .ok()
        .filter(|said| !said.trim().is_empty())
    {
        return launcher;
    }
    std::env::args_os()
        .next()
        .map_or_else(|| "cardc".to_string(), |program| shell_word(&program))
}

/// An argument as a POSIX shell reads it back: as it is when it has nothing special, else in
/// single quotes.
pub(crate) fn shell_word(word: &OsStr) -> String {
    let word = word.to_string_lossy();
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c));
    if plain {
        word.into_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}
