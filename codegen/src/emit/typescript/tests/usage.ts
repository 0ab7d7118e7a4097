// Compiled with rich.ts under tsc --strict --exactOptionalPropertyTypes
// --noUncheckedIndexedAccess, then run with node. Every `@ts-expect-error` marks a literal the
// emitted types must refuse: tsc fails if one is accepted.

import { assertNever, matchShape } from './rich';
import type {
  Array as Items,
  Bag,
  Circle,
  Error as Failure,
  Matches,
  Paths,
  Record as Empty,
  Shape,
  Tree,
} from './rich';

const circle: Circle = {
  radius: 1.5,
  label: null,
  'mime-type': 'image/png',
  meta: null,
  counts: { a: 1 },
  errors: ['not-found', "it's", 'back\\slash', 'line\nbreak'],
  shapes: [null, { items: ['x', null] }],
};
const bare: Circle = { radius: 0, 'mime-type': '', counts: {}, shapes: [] };
// A struct's type is its standalone form; a union's member adds the tags.
const matches: Matches = { total: 3, extra: 'kept' };
const paths: Paths = { paths: ['a'] };
const circleCard: Shape = { card: 'circle', ...circle };
const matchesCard: Shape = { card: 'search', kind: 'matches', ...matches };
const pathsCard: Shape = { card: 'search', kind: 'paths', ...paths };
const bag: Bag = { type: 't', anything: [1, 2] };
const empty: Empty = {};
const leaf: Tree = { value: -1, children: [], lookup: { none: null }, flags: {}, small: [], tiny: 0, note: null };
const tree: Tree = {
  value: 1,
  children: [leaf],
  parent: leaf,
  lookup: { leaf },
  flags: { on: true },
  small: [255],
  mid: null,
  tiny: 1,
  note: 'n',
};

function describe(shape: Shape): string {
  switch (shape.card) {
    case 'circle':
      return `circle ${shape.radius}`;
    case 'search':
      switch (shape.kind) {
        case 'matches':
          return `${shape.total} matches`;
        case 'paths':
          return shape.paths.join(',');
        default:
          return assertNever(shape);
      }
    default:
      return assertNever(shape);
  }
}

function incomplete(shape: Shape): string {
  switch (shape.card) {
    case 'circle':
      return 'circle';
    default:
      // @ts-expect-error: the search card is not handled
      return assertNever(shape);
  }
}

// @ts-expect-error: unknown tag
const wrongTag: Shape = { card: 'square', radius: 0, 'mime-type': '', counts: {}, shapes: [] };
// @ts-expect-error: a union's tag is no field of its variant struct on its own
const taggedCircle: Circle = { card: 'circle', radius: 0, 'mime-type': '', counts: {}, shapes: [] };
// @ts-expect-error: a union's member needs its tag
const untaggedCard: Shape = circle;
// @ts-expect-error: unknown inner tag
const wrongInnerTag: Shape = { card: 'search', kind: 'circle', total: 1 };
// @ts-expect-error: null in an optional, non-nullable field
const nullOptional: Tree = { ...leaf, parent: null };
// @ts-expect-error: undefined in an optional field (exactOptionalPropertyTypes)
const undefinedOptional: Circle = { ...bare, errors: undefined };
// @ts-expect-error: a required field is missing
const missing: Circle = { radius: 0, counts: {}, shapes: [] };
// @ts-expect-error: a required nullable field is missing
const missingNullable: Tree = { value: 0, children: [], lookup: {}, flags: {}, small: [], tiny: 0 };
// @ts-expect-error: an unknown key on a closed struct
const extraKey: Paths = { paths: [], extra: 1 };
// @ts-expect-error: an unknown key on an empty closed struct
const extraOnEmpty: Empty = { a: 1 };
// @ts-expect-error: a string is not an empty object
const stringAsEmpty: Empty = 'x';
// @ts-expect-error: an open struct is still an object
const stringAsOpen: Bag = 'x';
// @ts-expect-error: not an enum value
const wrongValue: Failure = 'missing';
// @ts-expect-error: map lookups may miss (noUncheckedIndexedAccess)
const lookedUp: number = circle.counts['a'];
// @ts-expect-error: a schema type named Array shadows the global, and [] still means arrays
const wrongItems: Items = { items: [1] };

/** Calls assertNever with a value and checks the error it throws. */
function expectThrows(value: unknown, shown: string): void {
  try {
    assertNever(value as never);
  } catch (error) {
    if (!(error instanceof Error) || error.message !== `unexpected value: ${shown}`) {
      throw new Error(`wrong failure for ${shown}: ${String(error)}`);
    }
    return;
  }
  throw new Error(`assertNever returned for ${shown}`);
}

const cyclic: { self?: unknown } = {};
cyclic.self = cyclic;
const hostile: { self?: unknown } = Object.create(null);
hostile.self = hostile;
expectThrows({ card: 'x' }, '{"card":"x"}');
expectThrows(undefined, 'undefined');
expectThrows(cyclic, '[object Object]');
expectThrows(10n, '10');
expectThrows(Symbol('s'), 'Symbol(s)');
expectThrows(hostile, 'a value that cannot be shown');
expectThrows(
  {
    toJSON(): never {
      throw new Error('no JSON');
    },
    toString(): never {
      throw new Error('no string');
    },
  },
  'a value that cannot be shown',
);
if (describe(tree.children.length > 0 ? matchesCard : circleCard) !== '3 matches') {
  throw new Error('describe');
}

// Handlers get the member, tag included; one written for the payload type alone fits too.
const radiusOf = (value: Circle): number => value.radius;
const shown = [circleCard, matchesCard, pathsCard].map((shape) =>
  matchShape(shape, {
    circle: (value) => `${value.card} ${radiusOf(value)}`,
    search: {
      matches: (value) => `${value.card}/${value.kind} ${value.total}`,
      paths: (value: Paths) => value.paths.join(','),
    },
  }),
);
if (shown.join(';') !== 'circle 1.5;search/matches 3;a') {
  throw new Error(`matchShape: ${shown.join(';')}`);
}

export const values = [circle, bare, matches, paths, bag, empty, tree, incomplete];
export const refused = [
  wrongTag,
  taggedCircle,
  untaggedCard,
  wrongInnerTag,
  nullOptional,
  undefinedOptional,
  missing,
  missingNullable,
  extraKey,
  extraOnEmpty,
  stringAsEmpty,
  stringAsOpen,
  wrongValue,
  lookedUp,
  wrongItems,
];
