// The types of the `ai` package whose JSON Schema `reference.mjs` has ts-json-schema-generator
// write (`published`): the package's own declarations, named here because the generator reads
// the types a file exports and `ai` declares its types apart from its export list.
import type { UIMessageChunk as Chunk } from "ai";

/** One chunk of a UI message stream, as `ai` declares it (`UIMessageChunk`). */
export type UIMessageChunk = Chunk;
