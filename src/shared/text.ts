/**
 * Text PostgreSQL cannot store, refused at the edge as invalid input rather than failing in the
 * database after validation (a 500 before):
 * - the NUL character (U+0000): PostgreSQL's text cannot hold it (JSON may spell it `\u0000`);
 * - half of a UTF-16 surrogate pair on its own (JSON may spell it `\ud800`): it is no Unicode
 *   character, so it has no UTF-8 form. `jsonb` refuses it, and a text parameter would silently
 *   store U+FFFD in its place.
 */
export const NUL_CHARACTER_ERROR_CODE = 'nul-character';
export const NUL_CHARACTER_MESSAGE = 'Text may not contain the NUL character (U+0000).';
export const LONE_SURROGATE_ERROR_CODE = 'lone-surrogate';
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode: it contains half of a surrogate pair on its own.';

export interface UnstorableText {
  /** Where the string is, as keys and indexes (`[]` when the value itself is the string). */
  path: (string | number)[];
  code: typeof NUL_CHARACTER_ERROR_CODE | typeof LONE_SURROGATE_ERROR_CODE;
  message: string;
}

/** With the u flag a well-formed pair is one code point outside this range: only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why a string cannot be stored, or null when it can. */
export function unstorableText(text: string): Omit<UnstorableText, 'path'> | null {
  if (text.includes('\u0000')) return { code: NUL_CHARACTER_ERROR_CODE, message: NUL_CHARACTER_MESSAGE };
  if (LONE_SURROGATE.test(text)) return { code: LONE_SURROGATE_ERROR_CODE, message: LONE_SURROGATE_MESSAGE };
  return null;
}

/**
 * The first string in a parsed JSON value (or a query or params object) that cannot be stored,
 * and why, or null when there is none. Keys are checked too. Walks with its own stack, so any
 * nesting is safe.
 */
export function unstorableTextPath(value: unknown): UnstorableText | null {
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
      const why = unstorableText(current);
      if (why) return { path: pathOf(step), ...why };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: step });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const why = unstorableText(key);
        if (why) return { path: pathOf(step, key), ...why };
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}
