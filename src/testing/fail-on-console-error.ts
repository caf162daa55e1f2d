import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A component or rule that logs console.error during a unit test fails it (architecture §7).
 * A test that expects an error log says so with `expectConsoleError()`.
 */
let errors: unknown[][] = [];
let expected = 0;

export function expectConsoleError(count = 1): void {
  expected += count;
}

beforeEach(() => {
  errors = [];
  expected = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > expected) {
    const shown = errors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called ${errors.length} time(s), expected ${expected}:\n${shown}`);
  }
});
