/** The schema-driven fuzzer (tests/api/fuzz.ts) on PostgreSQL (when TEST_DATABASE_URL is set). */
import { fuzzEveryRoute } from "./fuzz.js";

fuzzEveryRoute("postgres");
