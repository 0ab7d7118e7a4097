// The helpers of the TypeScript guards, which the emitter copies into each output that needs
// them. Each helper starts at a line `//@ <name>: <the helpers it needs>` and runs to the next;
// a helper comes after those it needs. This header, before the first helper, is not copied.
// The file is kept as TypeScript so that it reads (and highlights) as what it is.

//@ cardcState:
/** The state of one check: where errors go, when to stop, and what is being checked. */
type cardcState = {
  /** The errors found so far, in the order the check met them. */
  errors: { pointer: string; message: string }[];
  /** How many errors to find before stopping: 1 for `is`, `cardcMaxErrors` for `parse`. */
  limit: number;
  /**
   * Whether errors are only counted (`is`, which says whether there is one): their pointers and
   * messages are then left unwritten, which makes refusing a value several times cheaper.
   */
  quiet: boolean;
  /** How many arrays and objects enclose the value being checked. */
  depth: number;
  /** The innermost struct or union being checked, which errors name. */
  type: string;
  /** The variant struct that the outermost union picked, which errors name after `in`. */
  variant: string;
  /**
   * The tag keys the unions above have read, which the variant struct they picked allows as known
   * keys; set by `cardcTag` just before the variant's check, and taken (emptied) by it.
   */
  tags: readonly string[];
  /**
   * The keys (`Object.keys`) of the object whose tag the union above read, handed on with `tags`
   * to the check of the variant it picked, which takes them (leaving `undefined`) instead of
   * reading them again: an object's keys are read once, however many unions tag it.
   */
  keys: readonly string[] | undefined;
  /**
   * Whether the check also rewrites the value, a copy `parse` made, into what a reader holds: it
   * deletes the unknown keys of a struct that drops them and the `null` of a null-as-absent key, and
   * gives an absent defaulted key its default. A rewriting check reads the whole value (see
   * `cardcRewrite`), so a key it finds absent is absent.
   */
  fix: boolean;
  /**
   * Whether the rewrite is into what a conforming writer writes (`write<Name>`), which also deletes
   * a `#[omit_default]` key holding its default and gives such a key, when absent, none.
   */
  write: boolean;
  /**
   * Where a rewriting check (`fix`) records each string it folded into a known value (see
   * `cardcFoldString`), for `cardcRewrite` to put in place: a string has no place of its own to
   * change. `undefined` when the check does not rewrite.
   */
  folds: cardcFolded[] | undefined;
};

/** A string folded into a known value: where it is, and the value it reads as. */
type cardcFolded = { at: string; value: string };

/** Checks one value found at a JSON pointer; `orNull` says that `null` would also do there. */
type cardcCheck = (value: unknown, s: cardcState, at: string, orNull?: boolean) => void;

//@ cardcNoKeys:
/** No keys: the tags in `cardcState.tags` when no union above has read one, a unit variant's fields. */
const cardcNoKeys: readonly string[] = [];

//@ cardcRun: cardcState cardcNoKeys
/**
 * Runs a check from the root and returns its errors (see `cardcState` for `limit` and `quiet`). A
 * getter or proxy that throws, or an engine out of stack, becomes one more error: the guards
 * never throw.
 */
function cardcRun(
  check: cardcCheck,
  value: unknown,
  limit: number,
  quiet: boolean,
  fix = false,
  write = false,
  folds?: cardcFolded[],
): { pointer: string; message: string }[] {
  const s: cardcState = { errors: [], limit, quiet, depth: 0, type: '', variant: '', tags: cardcNoKeys, keys: undefined, fix, write, folds };
  try {
    check(value, s, '');
  } catch {
    s.errors.push({ pointer: '', message: 'reading the value threw' });
  }
  return s.errors;
}

//@ cardcIs: cardcRun
/** What an `is` guard says: whether a value passes its check, found by stopping at one error. */
function cardcIs(check: cardcCheck, value: unknown): boolean {
  return cardcRun(check, value, 1, true).length === 0;
}

//@ cardcParse: cardcRun
/** The most errors `parse` reports: past them it stops, so a huge bad input stays cheap. */
const cardcMaxErrors = 100;

/** What a `parse` guard returns: the value, typed, or the errors that refute it. */
type cardcParsed<T> = { ok: true; value: T } | { ok: false; errors: { pointer: string; message: string }[] };

/** The result of a `parse` guard: the value itself, typed, or the errors that refute it. */
function cardcParse<T>(check: cardcCheck, value: unknown): cardcParsed<T> {
  const errors = cardcRun(check, value, cardcMaxErrors, false);
  return errors.length === 0 ? { ok: true, value: value as T } : { ok: false, errors };
}

//@ cardcCopy:
/**
 * A deep copy of a JSON value, for `parse` to rewrite. Keys are defined, never assigned, so that
 * a `__proto__` key stays a key.
 */
function cardcCopy(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(cardcCopy);
  }
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  const copy: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: cardcCopy((value as { readonly [key: string]: unknown })[key]),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return copy;
}

//@ cardcDefine:
/**
 * Gives an object's absent key its default. The key is defined, never assigned, so that a
 * `__proto__` key stays a key, as `cardcCopy` defines it.
 */
function cardcDefine(object: { readonly [key: string]: unknown }, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

//@ cardcSegments:
/** The JSON pointer segments of a pointer, unescaped. */
function cardcSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

//@ cardcRewrite: cardcRun cardcCopy cardcDefine cardcSegments
/**
 * A copy of a value, rewritten by its check (see `cardcState.fix`): as a reader holds it, or, with
 * `write`, as a conforming writer writes it. The check counts its errors quietly and never stops
 * at a limit, so it reads every key there is; the caller's value is left as it was. Each string
 * the check folded is put in place last, the whole value when it is one.
 */
function cardcRewrite(check: cardcCheck, value: unknown, write: boolean): unknown {
  let copy = cardcCopy(value);
  const folds: cardcFolded[] = [];
  cardcRun(check, copy, Infinity, true, true, write, folds);
  if (folds.length === 0) {
    return copy;
  }
  // A fold is put in place by its pointer, which a quiet check leaves unwritten: so a value with
  // a fold in it, and only such a value, is rewritten again, with the pointers written.
  folds.length = 0;
  copy = cardcCopy(value);
  cardcRun(check, copy, Infinity, false, true, write, folds);
  for (const fold of folds) {
    const segments = cardcSegments(fold.at);
    const last = segments.pop();
    if (last === undefined) {
      copy = fold.value;
      continue;
    }
    let here = copy as { [key: string]: unknown };
    for (const segment of segments) {
      here = here[segment] as { [key: string]: unknown };
    }
    cardcDefine(here, last, fold.value);
  }
  return copy;
}

//@ cardcParseCopy: cardcParse cardcRewrite
/**
 * The result of a `parse` guard of a contract whose writers may write back other JSON than they
 * read: a copy of the value, rewritten as a reader holds it (see `cardcState.fix`), typed, or the
 * errors that refute it. The caller's value is left as it was.
 */
function cardcParseCopy<T>(check: cardcCheck, value: unknown): cardcParsed<T> {
  const parsed = cardcParse<T>(check, value);
  return parsed.ok ? { ok: true, value: cardcRewrite(check, value, false) as T } : parsed;
}

//@ cardcWrite: cardcRewrite
/**
 * The result of a `write` guard: a copy of a value as a conforming writer writes it (see
 * `cardcState.write`), typed as what a writer may write.
 */
function cardcWrite<T>(check: cardcCheck, value: unknown): T {
  return cardcRewrite(check, value, true) as T;
}

//@ cardcEmpty:
/** Whether a value is an empty array or object: equal to a default of `[]` or `{}`. */
function cardcEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

//@ cardcFail: cardcState
/** What a quiet check records for each error: only their number is read. */
const cardcCounted = { pointer: '', message: '' };

/** Records an error, naming the type being checked and the variant it sits in. */
function cardcFail(s: cardcState, at: string, message: string): void {
  if (s.errors.length >= s.limit) {
    return;
  }
  if (s.quiet) {
    s.errors.push(cardcCounted);
    return;
  }
  let where = s.type;
  if (s.variant !== '' && s.variant !== s.type) {
    where = `${where} in ${s.variant}`;
  }
  s.errors.push({ pointer: at, message: where === '' ? message : `${message} (${where})` });
}

//@ cardcSay:
/**
 * The words of a failed constraint, as every runtime says them (the compiler's table, written
 * here when the file is generated): `{name}` stands for a value.
 */
const cardcMessages: { readonly [key: string]: string } = CARDC_MESSAGES;

/** The message `key` of `cardcMessages`, each `{name}` replaced by its value. */
function cardcSay(key: string, values: { readonly [name: string]: string | number }): string {
  const words = cardcMessages[key];
  return words === undefined ? key : words.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

//@ cardcMismatch: cardcFail
/** Records that the value is not of the expected kind. */
function cardcMismatch(s: cardcState, at: string, expected: string, orNull: boolean | undefined): void {
  cardcFail(s, at, s.quiet ? '' : orNull === true ? `expected ${expected} or null` : `expected ${expected}`);
}

//@ cardcEscape:
/** A key as one JSON pointer segment (RFC 6901): `~` becomes `~0` and `/` becomes `~1`. */
function cardcEscape(key: string): string {
  return key.indexOf('~') < 0 && key.indexOf('/') < 0 ? key : key.replace(/~/g, '~0').replace(/\//g, '~1');
}

//@ cardcAt: cardcState cardcEscape
/** The pointer of `key` in the object at `at`, for an error; a quiet check leaves it unwritten. */
function cardcAt(s: cardcState, at: string, key: string): string {
  return s.quiet ? '' : `${at}/${cardcEscape(key)}`;
}

//@ cardcUnicode:
/** Half of a UTF-16 surrogate pair without its other half. */
const cardcLoneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `String.prototype.isWellFormed` where the engine has it (ES2024 on): it says what the pattern
 * says, several times faster on long text. Read from the prototype so that the helpers still
 * compile for tsc's default target.
 */
const cardcWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * Whether a string is Unicode text, with no lone surrogate: JSON text can spell one (`"\ud800"`)
 * and `JSON.parse` keeps it, but no UTF-8 holds it, so serde_json and the Rust types refuse it.
 */
function cardcUnicode(text: string): boolean {
  return cardcWellFormed !== undefined ? cardcWellFormed.call(text) : !cardcLoneSurrogate.test(text);
}

//@ cardcKey: cardcMismatch cardcEscape cardcUnicode
/** Whether an object's key is Unicode text; if not, records it at the key. */
function cardcKey(s: cardcState, at: string, key: string): boolean {
  if (cardcUnicode(key)) {
    return true;
  }
  cardcMismatch(s, `${at}/${cardcEscape(key)}`, 'a key of Unicode text, not a lone surrogate', false);
  return false;
}

//@ cardcStrings:
/** The strings a value may be (a union's tags, an enum's values), and how an error lists them. */
type cardcListing = { readonly values: readonly string[]; readonly listed: string };

/**
 * The strings a value may be, listed as JSON for error messages once, when the module loads: a
 * listing written at each error made refusing a tag the slowest part of `parse`.
 */
function cardcStrings(values: readonly string[]): cardcListing {
  const quoted = values.map((value) => JSON.stringify(value));
  return { values, listed: quoted.length === 1 ? `${quoted[0]}` : `one of ${quoted.join(', ')}` };
}

//@ cardcTags: cardcStrings
/** A union's tag key and the strings it may hold, as `cardcTag` reads them. */
type cardcTagging = {
  readonly tag: string;
  /** The tag key alone: the tags the variant is handed when no union above read one. */
  readonly alone: readonly string[];
  readonly tags: cardcListing;
};

/** A union's tagging, made once, when the module loads, so that no check allocates its list. */
function cardcTags(tag: string, values: readonly string[]): cardcTagging {
  return { tag, alone: [tag], tags: cardcStrings(values) };
}

//@ cardcDeeper: cardcFail
/**
 * The deepest nesting of arrays and objects accepted: serde_json's limit, so that the Rust types
 * and the guards refuse the same input, and a hostile one cannot exhaust the stack.
 */
const cardcMaxDepth = $MAX_JSON_DEPTH;

/** Whether entering one more array or object goes too deep; if so, records it. */
function cardcDeeper(s: cardcState, at: string): boolean {
  if (s.depth < cardcMaxDepth) {
    return false;
  }
  cardcFail(s, at, `nested deeper than ${cardcMaxDepth} arrays and objects`);
  return true;
}

//@ cardcHas:
/**
 * Own enumerable properties: exactly the keys `JSON.stringify` writes, never inherited ones such as
 * `constructor`, and callable on objects without a prototype.
 */
const cardcHas = Object.prototype.propertyIsEnumerable;

//@ cardcObject: cardcMismatch cardcDeeper
/** The value as an object to read keys from, or `undefined` after an error. Arrays are refused. */
function cardcObject(
  value: unknown,
  s: cardcState,
  at: string,
  orNull: boolean | undefined,
): { readonly [key: string]: unknown } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    cardcMismatch(s, at, 'an object', orNull);
    return undefined;
  }
  return cardcDeeper(s, at) ? undefined : (value as { readonly [key: string]: unknown });
}

//@ cardcJson: cardcMismatch cardcDeeper cardcAt cardcUnicode cardcKey
/**
 * Checks any JSON value: `null`, a boolean, a string of Unicode text, a finite number, or arrays
 * and objects of them, with keys of Unicode text. A quiet check writes no pointer for what it
 * enters, since it never reads one.
 */
function cardcJson(value: unknown, s: cardcState, at: string): void {
  if (value === null || typeof value === 'boolean') {
    return;
  }
  if (typeof value === 'string') {
    if (!cardcUnicode(value)) {
      cardcMismatch(s, at, 'Unicode text, not a lone surrogate', false);
    }
    return;
  }
  if (typeof value === 'number') {
    if (value - value !== 0) {
      cardcMismatch(s, at, 'a finite number', false);
    }
    return;
  }
  if (typeof value !== 'object') {
    cardcMismatch(s, at, 'a JSON value', false);
    return;
  }
  if (cardcDeeper(s, at)) {
    return;
  }
  s.depth += 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && s.errors.length < s.limit; i += 1) {
      cardcJson(value[i], s, s.quiet ? '' : `${at}/${i}`);
    }
  } else {
    const object = value as { readonly [key: string]: unknown };
    for (const key of Object.keys(object)) {
      if (s.errors.length >= s.limit) {
        break;
      }
      if (cardcKey(s, at, key)) {
        cardcJson(object[key], s, cardcAt(s, at, key));
      }
    }
  }
  s.depth -= 1;
}

//@ cardcIn:
/**
 * Whether `key` is one of `keys`: what `indexOf` says, but a loop that the engine inlines, which
 * made `is` on the small call cards a few percent faster than calling `indexOf` for each key.
 */
function cardcIn(keys: readonly string[], key: string): boolean {
  for (let i = 0; i < keys.length; i += 1) {
    if (keys[i] === key) {
      return true;
    }
  }
  return false;
}

//@ cardcPresent: cardcAt cardcFail cardcIn
/**
 * Whether a struct's field is there to check: not when the check has found all the errors it
 * looks for, nor when the key is not among the object's `keys` (its own enumerable ones, from
 * `Object.keys`, which a struct's check reads once: looking a key up there is several times
 * faster than `cardcHas`), which is an error unless the field may be absent.
 */
function cardcPresent(
  keys: readonly string[],
  s: cardcState,
  at: string,
  key: string,
  optional: boolean,
): boolean {
  if (s.errors.length >= s.limit) {
    return false;
  }
  if (cardcIn(keys, key)) {
    return true;
  }
  if (!optional) {
    cardcFail(s, cardcAt(s, at, key), 'required');
  }
  return false;
}

//@ cardcRest: cardcAt cardcEscape cardcKey cardcJson
/**
 * Checks the `keys` of a struct's object that are not its `fields` (their keys), once the fields
 * are checked:
 * when closed, none may be there but the `tags` the unions above read; an open struct's other keys
 * must hold JSON values, and one that drops them deletes them when the check rewrites (see
 * `cardcState.fix`). `known` counts the tags and the fields found: the checker keeps the tags
 * distinct from each other and from every field key, and `cardcTag` found them on this object, so
 * when `known` is the number of keys there is no other key, and nothing is left to check.
 * A required key found missing is reported after these, as a reader that reads the keys in
 * order (the Rust one) finds it: at the object's end.
 */
function cardcRest(
  object: { readonly [key: string]: unknown },
  keys: readonly string[],
  s: cardcState,
  at: string,
  closed: boolean,
  fields: readonly string[],
  tags: readonly string[],
  known: number,
  drop = false,
): void {
  if (known === keys.length) {
    return;
  }
  const before = s.errors.length;
  for (const key of keys) {
    if (s.errors.length >= s.limit) {
      break;
    }
    if (tags.indexOf(key) < 0 && fields.indexOf(key) < 0) {
      if (closed) {
        cardcFail(s, cardcAt(s, at, key), 'unknown field');
      } else if (cardcKey(s, at, key)) {
        cardcJson(object[key], s, `${at}/${cardcEscape(key)}`);
        if (drop && s.fix) {
          delete (object as { [key: string]: unknown })[key];
        }
      }
    }
  }
  if (!s.quiet && s.errors.length > before) {
    cardcMissingLast(s, at, fields, before);
  }
}

/** Moves the errors before `before` that say a key of `fields` of the object at `at` is missing to the end. */
function cardcMissingLast(s: cardcState, at: string, fields: readonly string[], before: number): void {
  const missing: { pointer: string; message: string }[] = [];
  const kept: { pointer: string; message: string }[] = [];
  for (let i = 0; i < before; i += 1) {
    const error = s.errors[i] as { pointer: string; message: string };
    const key = error.pointer.slice(at.length + 1);
    const own = error.pointer.slice(0, at.length + 1) === `${at}/` && error.message.slice(0, 8) === 'required';
    (own && fields.indexOf(key.replace(/~1/g, '/').replace(/~0/g, '~')) >= 0 ? missing : kept).push(error);
  }
  if (missing.length > 0) {
    s.errors = kept.concat(s.errors.slice(before), missing);
  }
}

//@ cardcNoFields: cardcObject cardcRest cardcNoKeys
/**
 * Checks an object with no fields of its own, only the tags the unions above read: a unit
 * variant, which allows no other key (`closed`) or whose other keys hold any JSON value, kept or,
 * with `drop`, deleted when the check rewrites; or an open union's catch-all, the object of a
 * tag the union does not know, whose every other key holds any JSON value. A struct with fields
 * has a check of its own that does the same field by field.
 */
function cardcNoFields(
  value: unknown,
  s: cardcState,
  at: string,
  orNull: boolean | undefined,
  name: string,
  closed: boolean,
  drop = false,
): void {
  const outer = s.type;
  s.type = name;
  const tags = s.tags;
  s.tags = cardcNoKeys;
  const keys = s.keys;
  s.keys = undefined;
  const object = cardcObject(value, s, at, orNull);
  if (object !== undefined) {
    s.depth += 1;
    cardcRest(object, keys ?? Object.keys(object), s, at, closed, cardcNoKeys, tags, tags.length, drop);
    s.depth -= 1;
  }
  s.type = outer;
}

//@ cardcTag: cardcObject cardcAt cardcIn cardcTags cardcNoKeys cardcUnicode
/**
 * Reads a union's tag: one of `tags`, for an `open` union any other string too, or `undefined`
 * after one error that lists them. The caller then checks the object as the variant the tag
 * picks, and only as that variant (or as the catch-all's, for another string), which allows
 * this tag and those of the unions above as known keys, each checked by its own union.
 */
function cardcTag(
  value: unknown,
  s: cardcState,
  at: string,
  orNull: boolean | undefined,
  name: string,
  tagging: cardcTagging,
  open: boolean,
): string | undefined {
  const { tag, tags } = tagging;
  const outer = s.type;
  s.type = name;
  const read = s.tags;
  s.tags = cardcNoKeys;
  const taken = s.keys;
  s.keys = undefined;
  let found: string | undefined;
  const object = cardcObject(value, s, at, orNull);
  if (object !== undefined) {
    // Its own enumerable keys, as `cardcHas` would say, but read once for the variant too:
    // `propertyIsEnumerable` took as long as the rest of the tag's reading.
    const keys = taken ?? Object.keys(object);
    const tagValue = cardcIn(keys, tag) ? object[tag] : undefined;
    if (typeof tagValue === 'string' && (tags.values.indexOf(tagValue) >= 0 || (open && cardcUnicode(tagValue)))) {
      found = tagValue;
      s.tags = read.length === 0 ? tagging.alone : read.concat(tagging.alone);
      s.keys = keys;
    } else if (tagValue === undefined) {
      cardcFail(s, cardcAt(s, at, tag), s.quiet ? '' : `required: ${open ? 'a string' : tags.listed}`);
    } else if (typeof tagValue === 'string' && open) {
      cardcMismatch(s, cardcAt(s, at, tag), 'Unicode text, not a lone surrogate', false);
    } else {
      cardcMismatch(s, cardcAt(s, at, tag), open ? 'a string' : tags.listed, false);
    }
  }
  s.type = outer;
  return found;
}

//@ cardcVariant: cardcState
/**
 * Enters the variant struct a union's tag picked, which errors name after `in` unless a union
 * above already picked one; returns what to restore once the variant is checked.
 */
function cardcVariant(s: cardcState, name: string): string {
  const outer = s.variant;
  if (outer === '') {
    s.variant = name;
  }
  return outer;
}

//@ cardcOneOf: cardcMismatch cardcStrings
/** Checks an enum: one of its strings. */
function cardcOneOf(
  value: unknown,
  s: cardcState,
  at: string,
  orNull: boolean | undefined,
  values: cardcListing,
): void {
  if (typeof value !== 'string' || values.values.indexOf(value) < 0) {
    cardcMismatch(s, at, values.listed, orNull);
  }
}

//@ cardcFoldTag: cardcNoFields cardcDefine
/**
 * Checks the object of a tag a union does not know, which it folds into the unit variant tagged
 * `fold` (`#[other(fold)]`): any keys, each holding any JSON value. A rewriting check drops every
 * key but the tags (its union's and those above) and gives the union's tag the value `fold`.
 */
function cardcFoldTag(value: unknown, s: cardcState, at: string, orNull: boolean | undefined, name: string, fold: string): void {
  const tags = s.tags;
  cardcNoFields(value, s, at, orNull, name, false);
  if (!s.fix || typeof value !== 'object' || value === null) {
    return;
  }
  const object = value as { [key: string]: unknown };
  for (const key of Object.keys(object)) {
    if (tags.indexOf(key) < 0) {
      delete object[key];
    }
  }
  cardcDefine(object, tags[tags.length - 1] as string, fold);
}

//@ cardcString: cardcMismatch cardcUnicode
/** Checks a string of Unicode text. */
function cardcString(value: unknown, s: cardcState, at: string, orNull?: boolean): void {
  if (typeof value !== 'string') {
    cardcMismatch(s, at, 'a string', orNull);
  } else if (!cardcUnicode(value)) {
    cardcMismatch(s, at, 'Unicode text, not a lone surrogate', false);
  }
}

//@ cardcFoldString: cardcString cardcStrings
/**
 * Checks an enum that folds what it does not know (`#[other(fold)]`): any string, one not among
 * `values` read as `fold`. A rewriting check records the fold (see `cardcState.folds`).
 */
function cardcFoldString(
  value: unknown,
  s: cardcState,
  at: string,
  orNull: boolean | undefined,
  values: cardcListing,
  fold: string,
): void {
  cardcString(value, s, at, orNull);
  if (s.folds !== undefined && typeof value === 'string' && values.values.indexOf(value) < 0) {
    s.folds.push({ at, value: fold });
  }
}

//@ cardcBoolean: cardcMismatch
/** Checks a boolean. */
function cardcBoolean(value: unknown, s: cardcState, at: string, orNull?: boolean): void {
  if (typeof value !== 'boolean') {
    cardcMismatch(s, at, 'a boolean', orNull);
  }
}

//@ cardcNumber: cardcMismatch
/** Checks a finite number: JSON has no `NaN` or `Infinity`. */
function cardcNumber(value: unknown, s: cardcState, at: string, orNull?: boolean): void {
  if (typeof value !== 'number' || value - value !== 0) {
    cardcMismatch(s, at, 'a finite number', orNull);
  }
}

//@ cardcInteger: cardcMismatch
/** Checks an integer within the bounds of its Rust type. */
function cardcInteger(min: number, max: number): cardcCheck {
  return (value, s, at, orNull) => {
    if (typeof value !== 'number' || value % 1 !== 0 || value < min || value > max) {
      cardcMismatch(s, at, `an integer in ${min}..=${max}`, orNull);
    }
  };
}

//@ cardcShape:
/** A value's JSON shape, which picks an untagged union's variant: `'null'`, `'array'` or its `typeof`. */
function cardcShape(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

//@ cardcHasKey: cardcHas
/** Whether an object has `key` of its own, as `JSON.parse` gives it: what picks an object variant. */
function cardcHasKey(value: unknown, key: string): boolean {
  return cardcHas.call(value, key);
}

//@ cardcReads: cardcState
/**
 * Whether `check` passes `value`, found by a quiet check of its own that rewrites nothing: the test
 * of a variant tried in order, whose check then reads the value for the caller.
 */
function cardcReads(check: cardcCheck, value: unknown, s: cardcState, at: string): boolean {
  const trial: cardcState = {
    errors: [],
    limit: 1,
    quiet: true,
    depth: s.depth,
    type: s.type,
    variant: s.variant,
    tags: s.tags,
    keys: s.keys,
    fix: false,
    write: false,
    folds: undefined,
  };
  check(value, trial, at);
  return trial.errors.length === 0;
}

//@ cardcConst: cardcMismatch
/** Checks a constant: the one string, number or boolean a field always holds. */
function cardcConst(constant: string | number | boolean, expected: string): cardcCheck {
  return (value, s, at, orNull) => {
    if (value !== constant) {
      cardcMismatch(s, at, expected, orNull);
    }
  };
}

//@ cardcNullOr: cardcState
/** Checks `null` or a value of the inner check. */
function cardcNullOr(check: cardcCheck): cardcCheck {
  return (value, s, at) => {
    if (value !== null) {
      check(value, s, at, true);
    }
  };
}

//@ cardcArray: cardcMismatch cardcDeeper
/**
 * Whether a value is an array whose items are to be checked, one level deeper (the caller checks
 * them and then steps back out); if not, records why.
 */
function cardcArray(value: unknown, s: cardcState, at: string, orNull: boolean | undefined): value is readonly unknown[] {
  if (!Array.isArray(value)) {
    cardcMismatch(s, at, 'an array', orNull);
    return false;
  }
  if (cardcDeeper(s, at)) {
    return false;
  }
  s.depth += 1;
  return true;
}

//@ cardcArrayOf: cardcArray
/** Checks an array whose every item passes the inner check. */
function cardcArrayOf(check: cardcCheck): cardcCheck {
  return (value, s, at, orNull) => {
    if (cardcArray(value, s, at, orNull)) {
      for (let i = 0; i < value.length && s.errors.length < s.limit; i += 1) {
        check(value[i], s, `${at}/${i}`);
      }
      s.depth -= 1;
    }
  };
}

//@ cardcMapOf: cardcObject cardcEscape cardcKey
/** Checks an object used as a map: any keys of Unicode text, every value passing the inner check. */
function cardcMapOf(check: cardcCheck): cardcCheck {
  return (value, s, at, orNull) => {
    const object = cardcObject(value, s, at, orNull);
    if (object === undefined) {
      return;
    }
    s.depth += 1;
    for (const key of Object.keys(object)) {
      if (s.errors.length >= s.limit) {
        break;
      }
      if (cardcKey(s, at, key)) {
        check(object[key], s, `${at}/${cardcEscape(key)}`);
      }
    }
    s.depth -= 1;
  };
}

//@ cardcLength: cardcFail cardcSay
/**
 * Checks a string's length in Unicode code points, as JSON Schema counts it (a surrogate pair is
 * one), after the inner check; `null` for a bound that is not set.
 */
function cardcLength(check: cardcCheck, min: number | null, max: number | null): cardcCheck {
  return (value, s, at, orNull) => {
    const before = s.errors.length;
    check(value, s, at, orNull);
    if (s.errors.length !== before || typeof value !== 'string') {
      return;
    }
    let length = 0;
    for (let i = 0; i < value.length; i += 1) {
      const unit = value.charCodeAt(i);
      // A high surrogate starts a pair, whose low half is not counted again.
      if (!(unit >= 0xdc00 && unit <= 0xdfff && i > 0 && value.charCodeAt(i - 1) >= 0xd800 && value.charCodeAt(i - 1) <= 0xdbff)) {
        length += 1;
      }
    }
    if (min !== null && length < min) {
      cardcFail(s, at, cardcSay('count', { word: 'at least', bound: min, noun: 'characters', count: length }));
    } else if (max !== null && length > max) {
      cardcFail(s, at, cardcSay('count', { word: 'at most', bound: max, noun: 'characters', count: length }));
    }
  };
}

//@ cardcMatches: cardcFail cardcSay
/**
 * Checks that a string the inner check accepts matches a pattern somewhere, read as
 * `new RegExp(pattern, 'u')` reads it (the dialect cardc allows means the same to every reader);
 * `what` names the strings expected.
 */
function cardcMatches(check: cardcCheck, pattern: string, what: string): cardcCheck {
  const regexp = new RegExp(pattern, 'u');
  return (value, s, at, orNull) => {
    const before = s.errors.length;
    check(value, s, at, orNull);
    if (s.errors.length === before && typeof value === 'string' && !regexp.test(value)) {
      cardcFail(s, at, cardcSay('pattern', { what }));
    }
  };
}

//@ cardcRange: cardcFail cardcSay
/**
 * Checks that a number the inner check accepts is within bounds, each inclusive or exclusive;
 * `integer` says that the field is an integer, as its error says.
 */
function cardcRange(
  check: cardcCheck,
  min: number | null,
  minExclusive: boolean,
  max: number | null,
  maxExclusive: boolean,
  integer: boolean,
): cardcCheck {
  const kind = integer ? 'an integer' : 'a number';
  return (value, s, at, orNull) => {
    const before = s.errors.length;
    check(value, s, at, orNull);
    if (s.errors.length !== before || typeof value !== 'number') {
      return;
    }
    if (min !== null && (minExclusive ? !(value > min) : !(value >= min))) {
      cardcFail(s, at, cardcSay('range', { kind, word: minExclusive ? 'above' : 'at least', bound: min, value }));
    } else if (max !== null && (maxExclusive ? !(value < max) : !(value <= max))) {
      cardcFail(s, at, cardcSay('range', { kind, word: maxExclusive ? 'below' : 'at most', bound: max, value }));
    }
  };
}

//@ cardcItems: cardcFail cardcSay
/**
 * A JSON value's canonical text: equal for exactly the values JSON Schema calls equal (deeply,
 * objects whatever their key order, numbers by value, so `1` and `1.0`, `0` and `-0` agree). It
 * is only applied to values the item check accepted, so nesting is bounded and text is Unicode.
 */
function cardcCanonical(value: unknown): string {
  if (typeof value === 'number') {
    return String(value);
  }
  if (typeof value !== 'object' || value === null) {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map(cardcCanonical).join(',')}]`;
  }
  const object = value as { readonly [key: string]: unknown };
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${cardcCanonical(object[key])}`).join(',')}}`;
}

/**
 * Checks the number of an array's items (`null` for a bound that is not set) and, if `unique`,
 * that no two are equal, after the inner check. Items are compared by their canonical text, so a
 * million items cost a million look-ups, not a million squared comparisons.
 */
function cardcItems(check: cardcCheck, min: number | null, max: number | null, unique: boolean): cardcCheck {
  return (value, s, at, orNull) => {
    const before = s.errors.length;
    check(value, s, at, orNull);
    if (s.errors.length !== before || !Array.isArray(value)) {
      return;
    }
    if (min !== null && value.length < min) {
      cardcFail(s, at, cardcSay('count', { word: 'at least', bound: min, noun: 'items', count: value.length }));
    } else if (max !== null && value.length > max) {
      cardcFail(s, at, cardcSay('count', { word: 'at most', bound: max, noun: 'items', count: value.length }));
    }
    if (unique) {
      // No prototype, so that no key (`__proto__`, `constructor`) is inherited.
      const seen: { [key: string]: number } = Object.create(null);
      for (let i = 0; i < value.length; i += 1) {
        const key = cardcCanonical(value[i]);
        const first = seen[key];
        if (first !== undefined) {
          // At the array, as the other readers and the JSON Schema's `uniqueItems` say it.
          cardcFail(s, at, cardcSay('unique', { index: i, first }));
          return;
        }
        seen[key] = i;
      }
    }
  };
}

//@ cardcTolerance: cardcState
/**
 * What a tolerant `parse` dropped (an array item left out, a key read as absent or as a
 * default), with the words its warning says it in, as the Rust reader's `Dropped` does, and the
 * value that takes its place (`undefined` for none).
 */
type cardcDrop = { pointer: string; action: string; error: { pointer: string; message: string }; replacement: unknown };

/**
 * The drops of the tolerant parse running, if one runs (guards are synchronous, so at most one
 * does): only then do the reader policies apply, and every other check stays strict.
 */
const cardcTolerance: { drops: cardcDrop[] | undefined } = { drops: undefined };

/**
 * Runs a check; in a tolerant parse, a value it refuses is dropped instead: its errors (and the
 * drops inside it) are taken back and one drop is noted at `at`, which `replacement` (a JSON
 * value) takes the place of if given. Says whether the value is kept.
 */
function cardcTolerate(
  check: cardcCheck,
  value: unknown,
  s: cardcState,
  at: string,
  action: string,
  orNull?: boolean,
  replacement?: unknown,
): boolean {
  const drops = cardcTolerance.drops;
  if (drops === undefined) {
    check(value, s, at, orNull);
    return true;
  }
  const errors = s.errors.length;
  const dropped = drops.length;
  check(value, s, at, orNull);
  if (s.errors.length === errors) {
    return true;
  }
  const error = s.errors[errors] ?? { pointer: at, message: 'invalid' };
  s.errors.length = errors;
  drops.length = dropped;
  drops.push({ pointer: at, action, error, replacement });
  return false;
}

//@ cardcSkipInvalid: cardcTolerance cardcArray
/** `#[skip_invalid]`: an array whose items pass the inner check; a tolerant parse skips the others. */
function cardcSkipInvalid(check: cardcCheck): cardcCheck {
  return (value, s, at, orNull) => {
    if (cardcArray(value, s, at, orNull)) {
      for (let i = 0; i < value.length && s.errors.length < s.limit; i += 1) {
        cardcTolerate(check, value[i], s, `${at}/${i}`, 'skipped an invalid item');
      }
      s.depth -= 1;
    }
  };
}

//@ cardcOrAbsent: cardcTolerance
/** `#[on_invalid = "absent"]`: a value passing the inner check; a tolerant parse reads any other as absent. */
function cardcOrAbsent(check: cardcCheck): cardcCheck {
  return (value, s, at, orNull) => {
    cardcTolerate(check, value, s, at, 'read an invalid value as absent', orNull);
  };
}

//@ cardcOrDefault: cardcTolerance
/**
 * `#[on_invalid = "default"]` and `#[on_invalid(default = "<JSON>")]`: a value passing the inner
 * check; a tolerant parse reads any other as `value`, the default.
 */
function cardcOrDefault(check: cardcCheck, value: unknown): cardcCheck {
  return (item, s, at, orNull) => {
    cardcTolerate(check, item, s, at, 'read an invalid value as the default', orNull, value);
  };
}

//@ cardcParseTolerant: cardcTolerance cardcRun cardcParse cardcRewrite cardcJson cardcCopy cardcDefine cardcSegments
/** Compares two strings by code point, as Rust compares its strings (UTF-16 order differs above U+FFFF). */
function cardcByCodePoint(a: string, b: string): number {
  const units = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < units; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // A surrogate starts a code point above every unit U+E000..U+FFFF.
      const rank = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);
      return rank(x) - rank(y);
    }
  }
  return a.length - b.length;
}

/** Compares two drops' pointers inside `value`: keys by code point, array indices by number. */
function cardcPointerOrder(value: unknown, a: string[], b: string[]): number {
  let here = value;
  for (let i = 0; i < a.length && i < b.length; i += 1) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) {
      return Array.isArray(here) ? Number(x) - Number(y) : cardcByCodePoint(x, y);
    }
    here = (here as { [key: string]: unknown })[x];
  }
  return a.length - b.length;
}

/** A drop below a value: its pointer's segments from there, and what takes its place. */
type cardcDropBelow = { segments: string[]; replacement: unknown };

/**
 * `value` without what was dropped (each drop's segments below it), or with its replacement in
 * its place, sharing what is unchanged.
 */
function cardcPrune(value: unknown, drops: cardcDropBelow[]): unknown {
  const gone: { [key: string]: cardcDropBelow } = Object.create(null);
  const below: { [key: string]: cardcDropBelow[] } = Object.create(null);
  for (const drop of drops) {
    const first = drop.segments[0] as string;
    if (drop.segments.length === 1) {
      gone[first] = drop;
    } else {
      (below[first] = below[first] || []).push({ segments: drop.segments.slice(1), replacement: drop.replacement });
    }
  }
  const kept = (key: string, item: unknown) => {
    const inner = below[key];
    return inner === undefined ? item : cardcPrune(item, inner);
  };
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i += 1) {
      if (gone[String(i)] === undefined) {
        out.push(kept(String(i), value[i]));
      }
    }
    return out;
  }
  const object = value as { [key: string]: unknown };
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(object)) {
    const drop = gone[key];
    if (drop === undefined) {
      cardcDefine(out, key, kept(key, object[key]));
    } else if (drop.replacement !== undefined) {
      // A copy, so that no two reads share a default's array or object.
      cardcDefine(out, key, cardcCopy(drop.replacement));
    }
  }
  return out;
}

/** What a tolerant `parse` guard returns: the value read, typed, with its warnings, or the errors. */
type cardcParsedTolerant<T> =
  | { ok: true; value: T; warnings: { pointer: string; message: string }[] }
  | { ok: false; errors: { pointer: string; message: string }[] };

/**
 * The result of a tolerant `parse` guard: the value read under the schema's reader policies (a
 * copy without what they dropped, or with the default read in its place, rewritten as a reader
 * holds it when `rewrite`, as `parse` does for a contract whose writers may write back other JSON
 * than they read: so a value read as absent is its default where the field has one) with one
 * warning per drop, ordered by pointer;
 * or the errors no policy covers. It reads the errors' count rather than narrowing a `parse`
 * result, which tsc cannot narrow without `strictNullChecks`.
 */
function cardcParseTolerant<T>(check: cardcCheck, value: unknown, rewrite: boolean): cardcParsedTolerant<T> {
  // What no JSON text holds (a lone surrogate, a number past a double, nesting past the limit)
  // fails the whole read wherever it is, as it fails the Rust reader's parse of the text: no
  // policy drops it.
  const lexical = cardcRun((v, s, at) => cardcJson(v, s, at), value, 1, false);
  if (lexical.length !== 0) {
    return { ok: false, errors: lexical };
  }
  const outer = cardcTolerance.drops;
  const drops: cardcDrop[] = [];
  cardcTolerance.drops = drops;
  let errors: { pointer: string; message: string }[] = [];
  try {
    errors = cardcRun(check, value, cardcMaxErrors, false);
  } finally {
    cardcTolerance.drops = outer;
  }
  if (errors.length !== 0) {
    return { ok: false, errors };
  }
  const sorted = drops
    .map((drop) => ({ drop, segments: cardcSegments(drop.pointer) }))
    .sort((a, b) => cardcPointerOrder(value, a.segments, b.segments));
  const warnings = sorted.map(({ drop }) => ({
    pointer: drop.pointer,
    message: `${drop.action}: ${drop.error.pointer}: ${drop.error.message}`,
  }));
  const pruned =
    sorted.length === 0 ? value : cardcPrune(value, sorted.map(({ drop, segments }) => ({ segments, replacement: drop.replacement })));
  return { ok: true, value: (rewrite ? cardcRewrite(check, pruned, false) : pruned) as T, warnings };
}
