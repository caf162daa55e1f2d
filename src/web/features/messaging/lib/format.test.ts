import { describe, expect, it } from 'vitest';
import { formatFileSize, isAcceptedFile, mergeMessages, previewOf } from './format';

describe('messaging format', () => {
  it('accepts PDFs and images only, by type or (without one) by extension', () => {
    expect(isAcceptedFile({ name: 'scan.pdf', type: 'application/pdf' })).toBe(true);
    expect(isAcceptedFile({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(isAcceptedFile({ name: 'image.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedFile({ name: 'letter.PDF', type: '' })).toBe(true);
    expect(isAcceptedFile({ name: 'run.exe', type: '' })).toBe(false);
  });

  it('formats file sizes in the interface language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'fr')).toMatch(/^1,5\s?Mo$/);
  });

  it('previews a message by its text, or by its file when it has no text', () => {
    expect(previewOf({ body: ' Hello ', attachments: [] })).toEqual({ text: 'Hello' });
    expect(previewOf({ body: '', attachments: [{ id: 'a', fileName: 'scan.pdf', contentType: 'application/pdf', byteSize: 3 }] })).toEqual({ file: 'scan.pdf' });
    expect(previewOf({ body: 'x'.repeat(200), attachments: [] })).toEqual({ text: `${'x'.repeat(119)}…` });
    // An emoji at the cut is kept whole (it is two UTF-16 units).
    expect(previewOf({ body: `${'a'.repeat(118)}👋 tail`, attachments: [] })).toEqual({ text: `${'a'.repeat(118)}👋…` });
  });

  it('merges pages of messages oldest first, each once', () => {
    const a = { id: 'a', createdAt: '2031-01-01T10:00:00.000Z' };
    const b = { id: 'b', createdAt: '2031-01-01T11:00:00.000Z' };
    const c = { id: 'c', createdAt: '2031-01-01T12:00:00.000Z' };
    expect(mergeMessages([b, c], [a, b]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});
