import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPglite, pgliteHandle, postgresHandle } from '../platform/db/database.js';
import { migrateDatabase } from '../platform/db/migrate.js';
import { loadGazetteerOnce } from '../platform/system/gazetteer.js';
import { testDatabaseKind } from './test-database.js';

/** Migrates the test database once per run; each test file then gets its own copy (PGlite) or pool (PostgreSQL). */
export default async function setup(): Promise<() => Promise<void>> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const handle = postgresHandle(url, 2);
    await migrateDatabase(handle);
    await loadGazetteerOnce(handle.db);
    await handle.close();
    return async () => undefined;
  }
  const client = await createPglite();
  const handle = pgliteHandle(client);
  await migrateDatabase(handle);
  await loadGazetteerOnce(handle.db);
  const dump = await client.dumpDataDir('none');
  const dir = await mkdtemp(join(tmpdir(), 'tendwell-api-'));
  const path = join(dir, 'migrated.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env.TENDWELL_TEST_PGLITE_DUMP = path;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
