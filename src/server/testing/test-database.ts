import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PGLITE_EXTENSIONS, pgliteHandle, postgresHandle, type DatabaseHandle } from '../platform/db/database.js';

/** Which database the API tier runs on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A migrated database for one test file. On PGlite: a private copy of the database the
 * global setup migrated once (loaded from its dumped data directory). On PostgreSQL: a new
 * pool on the shared migrated test database; tests isolate themselves by tenant.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const handle = postgresHandle(url, 4);
    await handle.db.execute(sql`select 1`);
    return handle;
  }
  const dumpPath = process.env.TENDWELL_TEST_PGLITE_DUMP;
  if (!dumpPath) throw new Error('The api global setup did not run (TENDWELL_TEST_PGLITE_DUMP is unset)');
  const dump = await readFile(dumpPath);
  const client = await PGlite.create({
    loadDataDir: new Blob([dump]),
    extensions: PGLITE_EXTENSIONS,
  });
  return pgliteHandle(client);
}
