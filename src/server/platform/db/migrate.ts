import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { fromAppRoot } from '../app-root.js';
import type { DatabaseHandle, Schema } from './database.js';

export const MIGRATIONS_FOLDER = fromAppRoot('src/server/db/migrations');

/** Applies pending migrations: the same folder, the same SQL, on PGlite and on PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withMigrationLock(async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migrateNodePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
}
