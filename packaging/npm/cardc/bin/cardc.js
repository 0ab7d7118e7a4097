#!/usr/bin/env node
// The `cardc` command of the npm package. The binary itself is in a package of its own for each
// platform, `@cardc/cli-<platform>-<arch>`, listed under this package's optionalDependencies:
// npm installs only the one whose `os`, `cpu` and `libc` match the machine, and this launcher
// runs it with the arguments, standard streams and exit status passed through.
"use strict";

const { spawnSync } = require("node:child_process");
const { optionalDependencies } = require("../package.json");

function fail(message) {
  process.stderr.write(`cardc: ${message}\n`);
  process.exit(1);
}

const platform = `${process.platform}-${process.arch}`;
const name = `@cardc/cli-${platform}`;
if (!Object.prototype.hasOwnProperty.call(optionalDependencies, name)) {
  const built = Object.keys(optionalDependencies).map((dependency) => dependency.replace("@cardc/cli-", ""));
  fail(
    `no prebuilt binary for ${platform} (the npm packages carry ${built.join(", ")}); ` +
      "install the CLI with Cargo instead: cargo install --locked cardc-codegen",
  );
}
let binary;
try {
  binary = require.resolve(`${name}/cardc${process.platform === "win32" ? ".exe" : ""}`);
} catch {
  fail(
    `${name}, which carries the binary for ${platform}, is not installed: ` +
      "npm leaves an optional dependency out under --omit=optional (or --no-optional), and where " +
      "its libc is not this machine's (the Linux packages are built for glibc); reinstall " +
      "without that option, or install the CLI with Cargo: cargo install --locked cardc-codegen",
  );
}
// The binary prints commands to paste back (`check`'s refresh command): named as the user runs
// this package, not by the platform package's path inside node_modules.
const result = spawnSync(binary, process.argv.slice(2), {
  stdio: "inherit",
  env: { ...process.env, CARDC_INVOKED_AS: "npx cardc" },
});
if (result.error) {
  fail(`cannot run ${binary}: ${result.error.message}`);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status === null ? 1 : result.status);
