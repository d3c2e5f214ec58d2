/**
 * `npm run db:seed`: open the database from the configuration (DATABASE_URL, else PGlite in
 * DATA_DIR), apply migrations, seed it (idempotent), close.
 */
import { config } from "../config.js";
import { openDatabase } from "../db/client.js";
import { DataDirInUseError } from "../db/data-dir-lock.js";
import { seed } from "./seed.js";

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message); // a running server has it: stop it first
  process.exit(3);
});
try {
  const { seeded } = await seed(database.db);
  console.log(
    seeded ? `Seeded the ${database.kind} database.` : `The ${database.kind} database already has users: nothing to do.`,
  );
} finally {
  await database.close();
}
