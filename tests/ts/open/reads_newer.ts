// An older build reading a newer peer: the payloads below are what the schema with a `chart`
// card writes, read by the guards of the schema without it. The unknown card parses into the
// catch-all, the bridge renders it, and it writes back as the text read; a known card with a bad
// body is still refused, and the newer role reads as the open enum's catch-all.
import { isCardUnknown, isRoleOther, parseCard, parseTextCard } from './cards';
import type { Card, Role } from './cards';
import { line } from './render';

function check(ok: boolean, what: string): void {
  if (!ok) {
    throw new Error(what);
  }
}

const text = '[{"card":"text","text":"hi","role":"moderator"},{"card":"chart","series":[1.5,2],"title":"t"}]';
const read: unknown = JSON.parse(text);
check(Array.isArray(read), 'an array');
const cards: Card[] = [];
for (const item of read as unknown[]) {
  const parsed = parseCard(item);
  if (!parsed.ok) {
    throw new Error(`a newer card was refused: ${JSON.stringify(parsed.errors)}`);
  }
  cards.push(parsed.value);
}
check(cards.map(line).join('|') === 'hi|[a chart card]', `rendered ${cards.map(line).join('|')}`);
check(JSON.stringify(cards) === text, 'the round trip changed the text');
const [first, second] = cards;
check(first !== undefined && !isCardUnknown(first) && second !== undefined && isCardUnknown(second), 'catch-all guard');
if (first !== undefined && !isCardUnknown(first) && first.card === 'text') {
  // Past `isCardUnknown`, the union narrows on its tag as a closed one does.
  const role: Role = first.role;
  check(isRoleOther(role) && role === 'moderator', 'the newer role is the catch-all');
}
const bad = parseCard({ card: 'text', text: 5, role: 'user' });
check(!bad.ok && bad.errors[0]?.pointer === '/text', `a bad known card: ${JSON.stringify(bad)}`);
const noTag = parseCard({ card: 7 });
check(!noTag.ok && noTag.errors[0]?.pointer === '/card', 'a tag that is no string');
const badRole = parseTextCard({ text: 'a', role: 1 });
check(!badRole.ok && badRole.errors[0]?.pointer === '/role', 'a role that is no string');
