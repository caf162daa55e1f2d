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

/** Merges pages of messages (oldest first), each message once. */
export function mergeMessages<T extends { id: string; createdAt: string }>(...pages: T[][]): T[] {
  const byId = new Map<string, T>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
