import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The repository root (the folder holding package.json), found from this module's location
 * so it is right both from source (tests) and from the bundled server in build/server.
 */
export function appRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'server'))) {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the application root above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export function fromAppRoot(...segments: string[]): string {
  return resolve(appRoot(), ...segments);
}
