-- Per-address auth limits are counted in auth_throttles (platform/auth/auth-limits.ts) in the same
-- statement that reads the account's back-off; better-auth's own counters are no longer used.
DROP TABLE "rate_limits" CASCADE;