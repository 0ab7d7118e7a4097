// A catch-all cannot be written by hand: its type is branded with a symbol the module does not
// export, so only `parse` and `is` hand one out, and none holds a tag the union knows.
import type { Card, Role } from './cards';

export const known: Card = { card: 'text', text: 'hi', role: 'user' };
export const chart: Card = { card: 'chart', series: [1] };
export const role: Role = 'moderator';
