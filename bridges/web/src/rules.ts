// The rules every render-intent bridge must agree on, mirrored once from the Rust crate
// cardc-bridge-rules (bridges/rules/src): whether a search page is capped and what its
// "showing X of Y" states, and how a count is written. This file follows that crate function
// for function; tests/conformance/tests/bridges_agree.rs checks it against the Rust definition
// case by case, so the two cannot drift.

/** What a capped search page states: "showing `shown` of `total`". */
export interface Capped {
  /** How many results the page shows. */
  readonly shown: number;
  /** How many results the search found: the card's `total`, never below `shown`. */
  readonly total: number;
}

/**
 * Whether a search page that shows `shown` results, of a card stating `total` and `truncated`,
 * is capped; and if it is, the numbers its "showing X of Y" states.
 *
 * A page is capped when its card says so (`truncated`) or counts more results than it shows
 * (`total > shown`). A `total` below `shown` is a producer's bug, so the total stated is raised
 * to `shown`: such a page is capped only if it says it is truncated, and then states
 * "showing 3 of 3".
 */
export function capped(shown: number, total: number, truncated: boolean): Capped | undefined {
  const stated = Math.max(total, shown);
  return truncated || stated > shown ? { shown, total: stated } : undefined;
}

/** A count (a non-negative integer) with a comma between each group of three digits: `1,204`. */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count and its noun, singular for exactly one: `1 match`, `0 matches`, `1,204 matches`. */
export function count(n: number, one: string, many: string): string {
  return `${thousands(n)} ${n === 1 ? one : many}`;
}
