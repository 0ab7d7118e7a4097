//! The version bump a set of changes needs, and whether the declared versions make it: a change
//! that breaks readers or writers needs a major bump; one that breaks only bridges, or adds
//! without breaking, a minor one; one of docs, deprecation or examples only, a patch. A default
//! added, removed or changed, or written otherwise, changes what travels: a major bump when its
//! verdict breaks readers or writers (a side omits the default), else a minor one.

use super::{Change, Class};
use crate::ir::{Schema, Version};

/// A version bump, least first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bump {
    /// The same version.
    None,
    /// `PATCH` goes up.
    Patch,
    /// `MINOR` goes up (`PATCH` may reset).
    Minor,
    /// `MAJOR` goes up.
    Major,
}

impl Bump {
    /// The bump's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Bump::None => "none",
            Bump::Patch => "patch",
            Bump::Minor => "minor",
            Bump::Major => "major",
        }
    }
}

/// The declared versions of OLD and NEW, and the bump the changes between them need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Versioning {
    /// OLD's declared version.
    pub old: Version,
    /// NEW's declared version.
    pub new: Version,
    /// The least bump the changes need.
    pub needed: Bump,
    /// The bump from OLD's version to NEW's; `None` when NEW's is lower.
    pub declared: Option<Bump>,
}

impl Versioning {
    /// Whether the declared bump is at least the one needed.
    pub fn enough(&self) -> bool {
        self.declared
            .is_some_and(|declared| declared >= self.needed)
    }
}

/// The least bump `changes` need.
pub fn needed(changes: &[Change]) -> Bump {
    changes.iter().map(bump).max().unwrap_or(Bump::None)
}

/// The least bump one change needs.
pub fn bump(change: &Change) -> Bump {
    let breaks = change.verdict().breaks;
    if breaks.readers || breaks.writers {
        Bump::Major
    } else if matches!(
        change.class,
        Class::DocChanged
            | Class::DeprecationChanged
            | Class::ExamplesChanged
            | Class::TitleChanged
    ) {
        Bump::Patch
    } else {
        Bump::Minor
    }
}

/// The bump from `old` to `new`: the most significant number that went up; `None` when `new`
/// is lower.
pub fn declared(old: &Version, new: &Version) -> Option<Bump> {
    let (old, new) = (
        (old.major, old.minor, old.patch),
        (new.major, new.minor, new.patch),
    );
    if new < old {
        None
    } else if new.0 > old.0 {
        Some(Bump::Major)
    } else if new.1 > old.1 {
        Some(Bump::Minor)
    } else if new.2 > old.2 {
        Some(Bump::Patch)
    } else {
        Some(Bump::None)
    }
}

/// The versioning of a comparison, when both schemas declare a version (a first version has
/// nothing to be checked against).
pub fn versioning(old: &Schema, new: &Schema, changes: &[Change]) -> Option<Versioning> {
    let (old, new) = (old.version.clone()?, new.version.clone()?);
    let declared = declared(&old, &new);
    Some(Versioning {
        old,
        new,
        needed: needed(changes),
        declared,
    })
}

#[cfg(test)]
mod tests {
    use super::{Bump, declared, needed};
    use crate::compat::{Change, Class, Key};
    use crate::ir::{Presence, Version};

    fn change(class: Class) -> Change {
        Change {
            class,
            path: "Task/status".to_string(),
            old: None,
            new: None,
            old_location: None,
            new_location: None,
        }
    }

    /// A default that travels otherwise is never a patch: major when a side omits it into the
    /// other's reading, minor when every side still reads what was meant.
    #[test]
    fn a_default_change_needs_major_when_it_breaks_a_side_and_minor_otherwise() {
        let key = |presence, omits_default| Key {
            presence,
            omits_default,
        };
        let (keep, omit) = (
            key(Presence::Defaulted, false),
            key(Presence::Defaulted, true),
        );
        let required = key(Presence::Required, false);
        let bump = |class| needed(&[change(class)]);
        assert_eq!(bump(Class::DefaultWriteChanged), Bump::Minor);
        assert_eq!(
            bump(Class::DefaultChanged {
                old: keep,
                new: keep
            }),
            Bump::Minor
        );
        assert_eq!(
            bump(Class::DefaultChanged {
                old: keep,
                new: omit
            }),
            Bump::Major
        );
        assert_eq!(
            bump(Class::PresenceChanged {
                old: required,
                new: keep
            }),
            Bump::Minor
        );
        assert_eq!(
            bump(Class::PresenceChanged {
                old: omit,
                new: required
            }),
            Bump::Major
        );
    }

    fn version(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            span: 0..0,
        }
    }

    #[test]
    fn the_declared_bump_is_the_most_significant_number_that_went_up() {
        let from = version(1, 2, 3);
        assert_eq!(declared(&from, &version(2, 0, 0)), Some(Bump::Major));
        assert_eq!(declared(&from, &version(1, 3, 0)), Some(Bump::Minor));
        assert_eq!(declared(&from, &version(1, 2, 4)), Some(Bump::Patch));
        assert_eq!(declared(&from, &version(1, 2, 3)), Some(Bump::None));
        assert_eq!(declared(&from, &version(1, 1, 9)), None);
    }
}
