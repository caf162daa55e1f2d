/** Two values of a form's field are the same: plain data (strings, booleans, lists of strings). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A form's draft when the server's copy it started from changes under it (saved elsewhere, say
 * the booking rules' "accepting new patients"): each field the person has not edited (still as
 * `before`) takes the new value from `after`; an edited field keeps the person's value.
 */
export function rebaseDraft<T extends object>(draft: T, before: T, after: T): T {
  const next = { ...draft };
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (same(draft[key], before[key])) next[key] = after[key];
  }
  return next;
}

/** The fields of `draft` that differ from `base`. */
export function editedFields<T extends object>(draft: T, base: T): (keyof T)[] {
  return (Object.keys(draft) as (keyof T)[]).filter((key) => !same(draft[key], base[key]));
}
