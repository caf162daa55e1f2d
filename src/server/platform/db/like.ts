/** A LIKE / ILIKE pattern that finds `text` anywhere, its wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
