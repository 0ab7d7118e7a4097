// The reference validators of the `ai_ui_stream` contract, from `ai` 6.0.326 itself:
// - `UIMessageChunk`: the zod schema `uiMessageChunkSchema`, applied the way the SDK reads a
//   stream, with `safeValidateTypes` of `@ai-sdk/provider-utils` (4.0.65, the copy `ai` depends
//   on, pinned by the root package-lock.json);
// - `UIMessage`: `safeValidateUIMessages` over a list of that one message;
// - `UIMessagePart`: the same, over one assistant message holding that one part (an assistant
//   message is the one that may hold any part list).
import { fileURLToPath } from "node:url";
import { safeValidateUIMessages, uiMessageChunkSchema } from "ai";
import { safeValidateTypes } from "@ai-sdk/provider-utils";
import { createGenerator } from "ts-json-schema-generator";

/** An RFC 6901 pointer from a zod issue's path. */
function pointer(path) {
  return path.map((key) => "/" + String(key).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/**
 * The issues of a zod union, as "pointer: message": those of the members whose tag matched (no
 * issue at `type`, a literal or a prefix) and, among them, of those whose other literals matched
 * too (no `invalid_value` at a key directly under the union, such as `state`), when there are
 * any; else the union's own "Invalid input".
 */
function flatten(issue, base) {
  const path = [...base, ...(issue.path ?? [])];
  if (issue.code === "invalid_union" && Array.isArray(issue.errors)) {
    const at = (member, test) => member.some((inner) => inner.path?.length === 1 && test(inner));
    const typed = issue.errors.filter((member) => !at(member, (inner) => inner.path[0] === "type"));
    const exact = typed.filter((member) => !at(member, (inner) => inner.code === "invalid_value"));
    const chosen = exact.length > 0 ? exact : typed;
    if (chosen.length > 0) return chosen.flat().flatMap((inner) => flatten(inner, path));
  }
  return [`${pointer(path)}: ${issue.message}`];
}

/** The zod issues under a `TypeValidationError`, each as "pointer: message", `prefix` removed. */
function errors(error, prefix) {
  const issues = error?.cause?.issues;
  if (!Array.isArray(issues)) return [String(error?.message ?? error)];
  const all = issues.flatMap((issue) => {
    const path = issue.path ?? [];
    const inside = prefix.every((key, i) => path[i] === key);
    return flatten({ ...issue, path: inside ? path.slice(prefix.length) : path }, []);
  });
  return [...new Set(all)];
}

/** Validates `value` as one chunk, as the SDK's stream reader does. */
async function uiMessageChunk(value) {
  const result = await safeValidateTypes({ value, schema: uiMessageChunkSchema });
  return result.success
    ? { accepted: true, output: result.value, errors: [] }
    : { accepted: false, errors: errors(result.error, []) };
}

/** Validates `value` as one message, as `validateUIMessages` reads a message list. */
async function uiMessage(value) {
  const result = await safeValidateUIMessages({ messages: [value] });
  return result.success
    ? { accepted: true, output: result.data[0], errors: [] }
    : { accepted: false, errors: errors(result.error, [0]) };
}

/** Validates `value` as one part of an assistant message. */
async function uiMessagePart(value) {
  const result = await safeValidateUIMessages({
    messages: [{ id: "message", role: "assistant", parts: [value] }],
  });
  return result.success
    ? { accepted: true, output: result.data[0].parts[0], errors: [] }
    : { accepted: false, errors: errors(result.error, [0, "parts", 0]) };
}

export const reference = {
  name: "ai@6.0.326 uiMessageChunkSchema (safeValidateTypes of @ai-sdk/provider-utils 4.0.65) and safeValidateUIMessages",
  validators: {
    UIMessageChunk: uiMessageChunk,
    UIMessage: uiMessage,
    UIMessagePart: uiMessagePart,
  },
};

/**
 * The contract as a JSON Schema, from the TypeScript type `ai` publishes for a chunk: the SDK
 * writes none of its own (its `asSchema(uiMessageChunkSchema).jsonSchema` throws on the
 * `z.custom` that reads a `data-*` tag), and the zod schema is not exported, so the JSON Schema
 * a team would make is ts-json-schema-generator's over `ai`'s declarations (`published.ts`
 * names the type), with the generator's defaults: draft-07, `definitions`, objects closed as a
 * TypeScript object literal type is.
 */
export const published = {
  writer: "ts-json-schema-generator 2.9.0 over the `UIMessageChunk` type of ai@6.0.326 (`dist/index.d.ts`), its defaults: draft-07, closed objects",
  document() {
    const path = fileURLToPath(new URL("./published.ts", import.meta.url));
    return createGenerator({ path, type: "UIMessageChunk", skipTypeCheck: true }).createSchema("UIMessageChunk");
  },
  types: { UIMessageChunk: "/definitions/UIMessageChunk" },
  unwritten: {
    UIMessage:
      "the generator refuses `UIMessage`: its tool parts' type reaches zod's own declarations (`ThisType`, which it cannot read)",
    UIMessagePart:
      "the generator refuses `UIMessagePart`: its tool parts' type reaches zod's own declarations (`ThisType`, which it cannot read)",
  },
};
