// The reference validator of the `ai_ui_stream` contract: the AI SDK's own zod schema of a UI
// message stream chunk (`uiMessageChunkSchema` of `ai` 6.0.326), applied the way the SDK reads a
// stream, with `safeValidateTypes` of `@ai-sdk/provider-utils` (the copy `ai` depends on, pinned
// by the root package-lock.json).
import { uiMessageChunkSchema } from "ai";
import { safeValidateTypes } from "@ai-sdk/provider-utils";

/** An RFC 6901 pointer from a zod issue's path. */
function pointer(path) {
  return path.map((key) => "/" + String(key).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/**
 * The issues of a zod union, as "pointer: message": those of the members whose tag matched (no
 * issue at `type` or `sourceType` directly under the union), else the union's own "Invalid input".
 */
function flatten(issue, base) {
  const path = [...base, ...(issue.path ?? [])];
  if (issue.code === "invalid_union" && Array.isArray(issue.errors)) {
    const tagged = issue.errors.filter(
      (member) => !member.some((inner) => inner.path?.length === 1 && inner.path[0] === "type"),
    );
    if (tagged.length > 0) return tagged.flat().flatMap((inner) => flatten(inner, path));
  }
  return [`${pointer(path)}: ${issue.message}`];
}

/** The zod issues under a `TypeValidationError`, each as "pointer: message". */
function errors(error) {
  const issues = error?.cause?.issues;
  if (!Array.isArray(issues)) return [String(error?.message ?? error)];
  return issues.flatMap((issue) => flatten(issue, []));
}

/** Validates `value` as one chunk, as the SDK's stream reader does. */
async function uiMessageChunk(value) {
  const result = await safeValidateTypes({ value, schema: uiMessageChunkSchema });
  return result.success
    ? { accepted: true, output: result.value, errors: [] }
    : { accepted: false, errors: errors(result.error) };
}

export const reference = {
  name: "ai@6.0.326 uiMessageChunkSchema (safeValidateTypes of @ai-sdk/provider-utils 4.0.65)",
  validators: {
    UIMessageChunk: uiMessageChunk,
  },
};
