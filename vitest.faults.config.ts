import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// `npm run test:faults`: the fault cases (database away under traffic, a mail server
// that never answers, repeated SIGKILLs, a broken uploads folder). Minutes, not
// seconds, so they run as their own CI step rather than inside `npm test`.
// mergeConfig concatenates arrays, so the include list is replaced afterwards.
const config = mergeConfig(base, defineConfig({ test: { fileParallelism: false } }));
config.test!.include = ["tests/faults/**/*.test.ts"];
export default config;
