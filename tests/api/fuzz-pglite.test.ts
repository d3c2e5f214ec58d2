/** The schema-driven fuzzer (tests/api/fuzz.ts) on PGlite. */
import { fuzzEveryRoute } from "./fuzz.js";

fuzzEveryRoute("pglite");
