//! JSON pointers (RFC 6901) of the places a decode fails or a tolerant read drops a value.

use serde_path_to_error::{Path, Segment};

/// The JSON pointer of a tracked path. A struct field or map key is one segment, an index
/// another; an enum variant or an unknown step names no JSON location and adds nothing.
pub(crate) fn pointer_of(path: &Path) -> String {
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } => {
                pointer.push('/');
                pointer.push_str(&escape(key));
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    pointer
}

/// A key as one JSON pointer segment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`.
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
