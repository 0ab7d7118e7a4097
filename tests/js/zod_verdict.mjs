// The verdict a reference module gives tests/js/reference_check.mjs, from a zod reading: one
// place that turns zod's result into { accepted, output, errors }, for every contract whose
// reference is a zod schema.
//
//   import { zodVerdict } from "../../js/zod_verdict.mjs";
//   validators: { CallToolResult: (value) => zodVerdict(CallToolResultSchema.safeParse(value)) }
//
// It reads zod's own `safeParse` result ({ success, data, error }) and the AI SDK's
// `safeValidateTypes` result ({ success, value, error }, the ZodError being the error's `cause`).
// Each error is `<RFC 6901 pointer>: <zod's message>`, the pointer built from the issue's path.

/** The RFC 6901 pointer of a zod issue path. */
function pointer(path) {
  return path.map((key) => "/" + String(key).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/** The issues of a zod error, or of an error whose cause is one. */
function issues(error) {
  if (error && Array.isArray(error.issues)) return error.issues;
  if (error && error.cause && Array.isArray(error.cause.issues)) return error.cause.issues;
  return null;
}

/** `{ accepted, output, errors }` from a zod `safeParse` or `safeValidateTypes` result. */
export function zodVerdict(result) {
  if (result.success) {
    return { accepted: true, output: "data" in result ? result.data : result.value, errors: [] };
  }
  const found = issues(result.error);
  if (found === null) {
    throw new Error(`not a zod failure: ${result.error && result.error.stack}`);
  }
  return {
    accepted: false,
    errors: found.map((issue) => `${pointer(issue.path)}: ${issue.message}`),
  };
}
