// The one ajv configuration every script of the suite reads cardc's JSON Schemas with.

import Ajv2020 from "ajv/dist/2020.js";

// One fresh instance per schema: ajv keeps schemas by $id, so sharing an instance would make
// a second file with the same $id fail for a reason that has nothing to do with that file.
// `overrides` replace options for one use (the TypeScript benchmark times `allErrors: false` too,
// and asks for standalone code).
export function newAjv(overrides = {}) {
  return new Ajv2020({
    // strict: refuse what a lenient reader would silently ignore (unknown keywords,
    // unknown formats, `required` naming undeclared properties, ambiguous types), so a
    // sloppy schema fails here instead of meaning different things to different readers.
    strict: true,
    // Report every error, not just the first, so corpus output shows the whole picture.
    allErrors: true,
    // Check each schema against the 2020-12 meta-schema before compiling (the default,
    // spelled out because it is the point of `schema` mode).
    validateSchema: true,
    // cardc's formats are annotations: the `pattern` beside each enforces exactly what the
    // contract accepts, so ajv is told they exist (strict mode refuses unknown formats) and
    // to add no check of its own (ajv-formats' would differ from the contract at the edges).
    formats: { uri: true, "date-time": true, uuid: true },
    ...overrides,
  });
}
