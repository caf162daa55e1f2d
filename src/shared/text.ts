/**
 * PostgreSQL's text cannot hold the NUL character (U+0000): a string with one would fail in the
 * database, after validation. So requests and socket frames carrying one anywhere are refused at
 * the edge, as invalid input (JSON may spell it `\u0000`).
 */
export const NUL_CHARACTER_ERROR_CODE = 'nul-character';
export const NUL_CHARACTER_MESSAGE = 'Text may not contain the NUL character (U+0000).';

/**
 * Where in a parsed JSON value (or a query or params object) the first string containing U+0000
 * is, as a path of keys and indexes (`[]` when the value itself is such a string), or null when
 * there is none. Keys are checked too. Walks with its own stack, so any nesting is safe.
 */
export function nulCharacterPath(value: unknown): (string | number)[] | null {
  interface Step {
    value: unknown;
    key: string | number | null;
    parent: Step | null;
  }
  const pathOf = (step: Step | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let s = step; s !== null && s.key !== null; s = s.parent) path.push(s.key);
    return path.reverse();
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: step });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (key.includes('\u0000')) return pathOf(step, key);
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}
