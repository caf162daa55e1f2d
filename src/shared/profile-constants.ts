// Without zod, so that modules of the first page (web/lib/dates.ts, which the home page's
// server-rendered parts use) can read them without loading the validator (contracts/profile.ts
// re-exports them with its schemas).

/** The browser-stored time zone (spec §3 'user-timezone'). */
export const TIME_ZONE_STORAGE_KEY = 'user-timezone';
