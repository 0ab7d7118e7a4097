//! Generic content, as the model saw it: text blocks as text, images as a placeholder line;
//! and the locations a card points at.

use crate::layout::{BODY, Card, Lead};
use crate::style::Paint;
use cardc_bridge_rules::count;

use crate::text::shown_path;

/// Renders each block in order, through the generated `ContentBlockBridge`.
pub(crate) fn blocks(card: &mut Card, blocks: &[crate::views::ContentBlock]) {
    for block in blocks {
        block.dispatch(card);
    }
}

impl crate::views::ContentBlockBridge for Card {
    type Output = ();

    fn text(&mut self, value: &crate::views::TextContent) {
        self.block(BODY, &[(&value.text, Paint::Plain)]);
    }

    /// A terminal cannot show the image, so one line says what it is and how big.
    fn image(&mut self, value: &crate::views::ImageContent) {
        let mime = if value.mime_type.is_empty() {
            "no MIME type"
        } else {
            &value.mime_type
        };
        let size = match base64_len(&value.data) {
            Some(bytes) => count(bytes, "byte", "bytes"),
            None => format!(
                "{}, not base64",
                count(value.data.chars().count(), "character", "characters")
            ),
        };
        self.line(BODY, &[(&format!("[image: {mime}, {size}]"), Paint::Dim)]);
    }
}

/// Every location on its own row: `at path:line`, or `at path` without a line.
pub(crate) fn locations(card: &mut Card, locations: &[crate::views::FileLocation]) {
    for location in locations {
        let place = match location.line {
            Some(line) => format!("{}:{line}", shown_path(&location.path)),
            None => shown_path(&location.path).to_owned(),
        };
        card.line(
            Lead::new("  at ", "     ", Paint::Dim),
            &[(&place, Paint::Dim)],
        );
    }
}

/// The number of bytes standard base64 text decodes to (padding optional), or `None` when it
/// is not base64: the size a reader cares about is the image's, not its encoding's.
fn base64_len(data: &str) -> Option<u64> {
    let body = data
        .strip_suffix("==")
        .or_else(|| data.strip_suffix('='))
        .unwrap_or(data);
    let alphabet = |b: u8| b.is_ascii_alphanumeric() || b == b'+' || b == b'/';
    let padded = body.len() != data.len();
    let valid = body.bytes().all(alphabet)
        && body.len() % 4 != 1
        && (!padded || data.len().is_multiple_of(4));
    // Each 4 characters carry 3 bytes; a trailing group of 2 or 3 carries 1 or 2.
    let len = u64::try_from(body.len()).ok()?;
    valid.then_some(len / 4 * 3 + (len % 4).saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::base64_len;

    #[test]
    fn base64_sizes_are_decoded_sizes() {
        assert_eq!(base64_len(""), Some(0));
        assert_eq!(base64_len("PHN2Zy8+"), Some(6));
        assert_eq!(base64_len("R0lGODlhAQABAAAAACw="), Some(14));
        assert_eq!(base64_len("YQ=="), Some(1));
        assert_eq!(base64_len("YQ"), Some(1));
        assert_eq!(base64_len("YWI"), Some(2));
        assert_eq!(base64_len("not base64 !!"), None);
        assert_eq!(base64_len("YQ="), None);
        assert_eq!(base64_len("Y"), None);
    }
}
