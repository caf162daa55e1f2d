import { z } from 'zod';

/** The earliest and latest instants the API takes: far wider than any booking, and well inside what the database stores and dates format. */
export const EARLIEST_INSTANT = '1900-01-01T00:00:00Z';
export const LATEST_INSTANT = '2200-01-01T00:00:00Z';

/**
 * An instant as ISO 8601 with its offset, between 1900 and 2200. The bounds matter: a day added to
 * 9999-12-31 formats as `+010000-01-01`, which PostgreSQL refuses (a 500 before).
 */
export const InstantSchema = z
  .string()
  .datetime({ offset: true })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= Date.parse(EARLIEST_INSTANT) && time < Date.parse(LATEST_INSTANT);
  }, 'must be between 1900 and 2200');
