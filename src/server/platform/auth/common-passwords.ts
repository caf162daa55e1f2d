import { createRequire } from 'node:module';

// fxa-common-password-list is CommonJS with no types: { test(password: string): boolean }.
const require = createRequire(import.meta.url);
const list = require('fxa-common-password-list') as { test(password: string): boolean };

/** True when the password is on Mozilla's list of the most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return list.test(password) || list.test(password.toLowerCase());
}
