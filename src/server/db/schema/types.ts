import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension), for emails and slugs. */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});
