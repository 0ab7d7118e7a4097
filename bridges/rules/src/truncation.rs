//! When a search page is capped, and what its "showing X of Y" states.

use crate::count::Count;

/// What a capped search page states: "showing `shown` of `total`".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capped {
    /// How many results the page shows.
    pub shown: u64,
    /// How many results the search found: the card's `total`, never below `shown`.
    pub total: u64,
}

/// Whether a search page that shows `shown` results, of a card stating `total` and
/// `truncated`, is capped; and if it is, the numbers its "showing X of Y" states.
///
/// A page is capped when its card says so (`truncated`) or counts more results than it shows
/// (`total > shown`): a capped page must never look complete, whichever of the two fields a
/// producer got right. A `total` below `shown` is a producer's bug (the page itself shows that
/// at least `shown` were found), so the total stated is raised to `shown`: no bridge says
/// "showing 3 of 1". Such a page is capped only if it says it is truncated, and then states
/// "showing 3 of 3".
pub fn capped(shown: impl Count, total: impl Count, truncated: bool) -> Option<Capped> {
    let shown = shown.get();
    let total = total.get().max(shown);
    (truncated || total > shown).then_some(Capped { shown, total })
}

#[cfg(test)]
mod tests {
    use super::{Capped, capped};

    fn page(shown: u64, total: u64) -> Option<Capped> {
        Some(Capped { shown, total })
    }

    #[test]
    fn a_page_showing_everything_it_found_is_complete() {
        assert_eq!(capped(0u32, 0u32, false), None);
        assert_eq!(capped(3usize, 3u32, false), None);
    }

    #[test]
    fn a_page_is_capped_when_the_card_says_so_or_counts_more() {
        assert_eq!(capped(250usize, 1_204u32, true), page(250, 1_204));
        assert_eq!(capped(250usize, 1_204u32, false), page(250, 1_204));
        assert_eq!(capped(0usize, 1u32, true), page(0, 1));
        assert_eq!(
            capped(0usize, u32::MAX, false),
            page(0, u64::from(u32::MAX))
        );
        assert_eq!(capped(3usize, 3u32, true), page(3, 3));
    }

    #[test]
    fn a_total_below_what_is_shown_is_raised_to_it() {
        assert_eq!(capped(3usize, 1u32, false), None);
        assert_eq!(capped(3usize, 1u32, true), page(3, 3));
        assert_eq!(capped(1_204usize, 0u32, true), page(1_204, 1_204));
    }
}
