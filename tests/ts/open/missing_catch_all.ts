// No handler for the catch-all: a type error at the handlers object.
import { matchCard } from './cards';
import type { Card } from './cards';

export function line(card: Card): string {
  return matchCard(card, {
    text: (value) => value.text,
    divider: () => '---',
  });
}
