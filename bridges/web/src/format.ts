// Counts and words as a person reads them.

/** An integer with a comma between every three digits: `1204` gives `1,204`. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) {
    return String(n);
  }
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && digits !== '0' ? `-${grouped}` : grouped;
}

/** `1 match`, `2 matches`, `1,204 matches`. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
