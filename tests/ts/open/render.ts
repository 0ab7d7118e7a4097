// A bridge of an open union, written for the cards of tests/ui/schemas/open_cards.cards: one
// handler per card, and one for the catch-all. The proof compiles it beside the TypeScript of
// that schema (it compiles), and of the schema with a `chart` card (it must not: the catch-all
// does not make the union any less exhaustive).
import { matchCard } from './cards';
import type { Card } from './cards';

export function line(card: Card): string {
  return matchCard(card, {
    text: (value) => value.text,
    divider: () => '---',
    unknown: (value) => `[a ${value.card} card]`,
  });
}
