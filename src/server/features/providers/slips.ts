/**
 * When a typed word the directory holds nowhere may be read as a slip of one of its words. Trigram
 * similarity finds the candidates (`search_lexicon`, providers.repo.ts), but it reads words that
 * share an ending as close ("psychologist" and "neurologist", "table" and "available"): a slip is
 * a word a few keystrokes away, so a candidate must also be within SLIP_MAX_EDITS of the typed
 * word (optimal string alignment: a letter added, left out, changed or two swapped is one edit).
 */

/** Optimal string alignment distance (Damerau-Levenshtein without moves across swaps), by character. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) rows.push([i, ...Array<number>(y.length).fill(0)]);
  for (let j = 0; j <= y.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[x.length]![y.length]!;
}

/** The edits a slip of a word this long may hold: one up to five letters, two from six. */
export function slipMaxEdits(typed: string): number {
  return [...typed].length <= 5 ? 1 : 2;
}

/** The edits between a typed word and a directory word when it may be read as a slip of it, else null. */
export function slipEdits(typed: string, word: string): number | null {
  if (typed === word) return null;
  const max = slipMaxEdits(typed);
  if (Math.abs([...typed].length - [...word].length) > max) return null;
  const edits = editDistance(typed, word);
  return edits <= max ? edits : null;
}

/**
 * How much a word read as a slip counts towards the fit (a word held as typed counts 1): each
 * edit costs a quarter, so a one-letter slip is 0.75 and a two-letter one 0.5.
 */
export function slipFit(edits: number): number {
  return Math.max(0, 1 - 0.25 * edits);
}
