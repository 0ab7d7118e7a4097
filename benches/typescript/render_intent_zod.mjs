// The render-intent contract written by hand in zod 4, the way a TypeScript team would write it:
// the TypeScript benchmark's zod contender (benches/typescript/bench.mjs), and a reference module
// for tests/js/reference_check.mjs, through which `cargo test -p cardc-conformance --test
// typescript_bench` holds it to the generated guards on every case of the benchmark's corpus.
//
// Read from schema/render_intent.cards: every object closed (`z.strictObject`, the union tags
// declared as literals of the variant that carries them), `Option<T>` a key that may be absent but
// never null (`.optional()`), `Nullable<T>` a key that must be present and may be null
// (`.nullable()`), `u32` and `i32` their integer bounds, `Json` any JSON value.

import * as z from "zod";
import { zodVerdict } from "../../tests/js/zod_verdict.mjs";

const FileLocation = z.strictObject({ path: z.string(), line: z.uint32().optional() });

const FileDiff = z.strictObject({
  path: z.string(),
  oldText: z.string().nullable(),
  newText: z.string(),
});

const ContentBlock = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({ type: z.literal("image"), data: z.string(), mimeType: z.string() }),
]);

const ToolCallKind = z.enum(["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "other"]);

/** How a tool call renders: what `presentCall` returns. */
export const ToolCallView = z.discriminatedUnion("card", [
  z.strictObject({
    card: z.literal("generic"),
    title: z.string(),
    kind: ToolCallKind.optional(),
    rawInput: z.json().optional(),
    content: z.array(ContentBlock).optional(),
    locations: z.array(FileLocation).optional(),
  }),
  z.strictObject({
    card: z.literal("terminal"),
    title: z.string(),
    description: z.string().optional(),
    cwd: z.string().optional(),
  }),
  z.strictObject({
    card: z.literal("diff"),
    title: z.string(),
    diffs: z.array(FileDiff),
    locations: z.array(FileLocation).optional(),
  }),
]);

const SearchLineMatch = z.strictObject({ lineNumber: z.uint32(), line: z.string() });

/** How a tool result renders: what `presentResult` returns. */
export const ToolResultView = z.discriminatedUnion("card", [
  z.strictObject({
    card: z.literal("generic"),
    title: z.string().optional(),
    content: z.array(ContentBlock).optional(),
  }),
  z.strictObject({
    card: z.literal("terminal"),
    title: z.string().optional(),
    output: z.string().optional(),
    exitCode: z.int32().optional(),
    signal: z.string().optional(),
  }),
  z.strictObject({
    card: z.literal("diff"),
    title: z.string().optional(),
    diffs: z.array(FileDiff),
    locations: z.array(FileLocation).optional(),
    content: z.array(ContentBlock).optional(),
  }),
  // The search card is a union of its own, on `kind`, inside the `card` union.
  z.discriminatedUnion("kind", [
    z.strictObject({
      card: z.literal("search"),
      kind: z.literal("matches"),
      files: z.array(z.strictObject({ path: z.string(), matches: z.array(SearchLineMatch) })),
      truncated: z.boolean(),
      total: z.uint32(),
      content: z.array(ContentBlock).optional(),
    }),
    z.strictObject({
      card: z.literal("search"),
      kind: z.literal("paths"),
      paths: z.array(z.string()),
      truncated: z.boolean(),
      total: z.uint32(),
      content: z.array(ContentBlock).optional(),
    }),
  ]),
]);

/** The reference module tests/js/reference_check.mjs reads: the two entry unions. */
export const reference = {
  name: "zod 4 (benches/typescript/render_intent_zod.mjs)",
  validators: {
    ToolCallView: (value) => zodVerdict(ToolCallView.safeParse(value)),
    ToolResultView: (value) => zodVerdict(ToolResultView.safeParse(value)),
  },
};
