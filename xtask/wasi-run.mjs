// Runs a wasm32-wasip1 program (a test binary, `bb`) under Node's WASI preview1, the way cargo
// runs a native one: `node xtask/wasi-run.mjs PROGRAM.wasm ARGS...`, as
// CARGO_TARGET_WASM32_WASIP1_RUNNER or by `cargo xtask test-all-isas`'s wasm lanes.
//
// The program sees this process's environment (BB_BACKEND, BB_TEST_SCALE, ... reach it) and,
// under their own absolute paths, the current directory and the repository root: the tests
// open `data/` through paths that `env!("CARGO_MANIFEST_DIR")` fixed at build time.
// BB_WASI_PREOPEN (paths separated by ':') adds directories. The exit status is the program's.
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { setFlagsFromString } from "node:v8";
// `node:wasi` prints an ExperimentalWarning on every start; it says nothing about the program.
process.removeAllListeners("warning");
const { WASI } = await import("node:wasi");
// Node's WASI imports are V8 fast API calls whose C++ side (uvwasi's allocator) reports external
// memory to V8, which can then run a garbage collection inside the fast call, where the stack is
// not walkable: the JS frames under the program (`wasi.start`'s `this`) keep pointers to moved
// objects and node dies with SIGSEGV once the program returns (nodejs/node#46777, #53087). A
// program that grows its memory by tens of megabytes and prints meets it at random. Turned off
// before any import is called, every call takes the ordinary, GC-safe path.
setFlagsFromString("--no-turbo-fast-api-calls");

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error("usage: node wasi-run.mjs PROGRAM.wasm [ARGS...]");
  process.exit(2);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dirs = new Set([process.cwd(), root]);
for (const d of (process.env.BB_WASI_PREOPEN ?? "").split(":")) {
  if (d && existsSync(d)) dirs.add(resolve(d));
}
// Only the outermost directories: wasi-libc resolves a path against the longest preopened
// prefix, so `crates/x/../../data` under a preopened `crates/x` would try to leave it and fail
// with ENOTCAPABLE, while under the repository root it stays inside.
const inside = (d, outer) => d !== outer && d.startsWith(outer.endsWith(sep) ? outer : outer + sep);
const preopens = {};
for (const d of dirs) {
  if (![...dirs].some((outer) => inside(d, outer))) preopens[d] = d;
}

const wasi = new WASI({
  version: "preview1",
  args: [program, ...args],
  env: process.env,
  preopens,
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
let status;
try {
  status = wasi.start(instance);
} catch (e) {
  // a trap (`unreachable` from a panic with panic=abort, stack overflow, ...)
  console.error(`wasi-run: ${program}: ${e}`);
  status = 101;
}
process.exitCode = status;
