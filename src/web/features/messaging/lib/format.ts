import { ATTACHMENT_CONTENT_TYPES, type Message } from '~/shared/contracts/messaging';

/** The file picker's `accept`: the types the server takes (it checks the content again). */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_CONTENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg', '.webp', '.gif'].join(',');

/** Whether a chosen file is one the server takes, judged by its type (or, without one, its extension). */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  if (file.type) return (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(file.type);
  return /\.(pdf|png|jpe?g|webp|gif)$/i.test(file.name);
}

/** A file size in the interface language: "512 bytes", "12 kB", "1.4 MB" (bytes in words: English's short form reads "512 byte"). */
export function formatFileSize(bytes: number, language: string): string {
  const units = [
    ['byte', 1],
    ['kilobyte', 1024],
    ['megabyte', 1024 * 1024],
  ] as const;
  const [unit, size] = bytes >= units[2][1] ? units[2] : bytes >= units[1][1] ? units[1] : units[0];
  const value = bytes / size;
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: unit === 'byte' || value >= 10 ? 0 : 1 }).format(value);
}

/** The message's text for a preview, or undefined when it is only a file (the caller says "File: name"). */
export function previewOf(message: Pick<Message, 'body' | 'attachments'>): { text: string } | { file: string } {
  const text = message.body.trim();
  // Cut on whole characters: a UTF-16 cut can split an emoji in half.
  const characters = Array.from(text);
  if (text) return { text: characters.length > 120 ? `${characters.slice(0, 119).join('')}…` : text };
  return { file: message.attachments[0]?.fileName ?? '' };
}

/** The text in parts, the search's words marked, ignoring case (as the server's ILIKE does). */
export function markWords(text: string, words: readonly string[]): { text: string; mark: boolean }[] {
  const pattern = wordsPattern(words);
  if (!pattern) return text ? [{ text, mark: false }] : [];
  // split() with a capturing group: the words found are the odd parts.
  return text
    .split(pattern)
    .map((part, i) => ({ text: part, mark: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

function wordsPattern(words: readonly string[]): RegExp | null {
  const given = [...words].filter(Boolean).sort((a, b) => b.length - a.length);
  if (given.length === 0) return null;
  return new RegExp(`(${given.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
}

/** How much of a found message's text comes before the first word found, when it has to be cut. */
const FOUND_LEAD = 40;

/**
 * A message a search found, for the list: its text around the first word found (the whole text
 * when it is short), or, when only a file's name has the words, that file.
 */
export function foundPreviewOf(message: Pick<Message, 'body' | 'attachments'>, words: readonly string[]): { text: string } | { file: string } {
  const text = message.body.trim();
  const pattern = wordsPattern(words);
  const first = pattern ? new RegExp(pattern.source, 'iu').exec(text) : null;
  if (!first) {
    const file = pattern ? message.attachments.find((a) => new RegExp(pattern.source, 'iu').test(a.fileName)) : undefined;
    return file ? { file: file.fileName } : previewOf(message);
  }
  if (Array.from(text).length <= 120) return { text };
  let start = Math.max(0, first.index - FOUND_LEAD);
  // Start at a word's beginning when one is near, and never inside an emoji (a UTF-16 pair).
  const space = text.slice(start, first.index).search(/\s/u);
  if (start > 0 && space >= 0 && space < 15) start += space + 1;
  const unit = text.charCodeAt(start);
  if (unit >= 0xdc00 && unit <= 0xdfff) start += 1;
  const characters = Array.from(text.slice(start));
  const cut = characters.length > 119 ? `${characters.slice(0, 119).join('')}…` : characters.join('');
  return { text: start > 0 ? `…${cut}` : cut };
}

/** Merges pages of messages (oldest first), each message once. */
export function mergeMessages<T extends { id: string; createdAt: string }>(...pages: T[][]): T[] {
  const byId = new Map<string, T>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
