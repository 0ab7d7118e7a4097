// The little of node's test runner and assert module the unit tests use, declared here so the
// renderer's tsconfig needs no @types/node (and the renderer stays free of node's globals).

declare module 'node:test' {
  export function test(name: string, body: () => void | Promise<void>): void;
}

declare module 'node:assert/strict' {
  interface Assert {
    equal(actual: unknown, expected: unknown, message?: string): void;
    notEqual(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    match(actual: string, pattern: RegExp, message?: string): void;
    doesNotMatch(actual: string, pattern: RegExp, message?: string): void;
    ok(value: unknown, message?: string): asserts value;
  }
  const assert: Assert;
  export default assert;
}
