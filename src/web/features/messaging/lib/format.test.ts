import { describe, expect, it } from 'vitest';
import { formatFileSize, foundPreviewOf, isAcceptedFile, markWords, mergeMessages, previewOf } from './format';

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

  it('marks the words of a search in a text, ignoring case, the longest first, the pattern taken literally', () => {
    expect(markWords('My Knee brace, my knee.', ['knee'])).toEqual([
      { text: 'My ', mark: false },
      { text: 'Knee', mark: true },
      { text: ' brace, my ', mark: false },
      { text: 'knee', mark: true },
      { text: '.', mark: false },
    ]);
    expect(markWords('kneecap', ['knee', 'kneecap'])).toEqual([{ text: 'kneecap', mark: true }]);
    expect(markWords('cost (a+b)?', ['(a+b)?'])).toEqual([
      { text: 'cost ', mark: false },
      { text: '(a+b)?', mark: true },
    ]);
    expect(markWords('Hello', [])).toEqual([{ text: 'Hello', mark: false }]);
    expect(markWords('', ['x'])).toEqual([]);
  });

  it('previews a found message around its first word found, or by the file whose name has it', () => {
    const file = { id: 'a', fileName: 'Scan-Results.pdf', contentType: 'application/pdf', byteSize: 3 };
    expect(foundPreviewOf({ body: 'Short: knee', attachments: [] }, ['KNEE'])).toEqual({ text: 'Short: knee' });
    const long = `${'word '.repeat(40)}the knee brace ${'more '.repeat(40)}`;
    const cut = foundPreviewOf({ body: long, attachments: [] }, ['brace']);
    expect(cut).toEqual({ text: expect.stringMatching(/^…word .*the knee brace more .*…$/) as unknown as string });
    // The word is well inside what is shown, and a whole word starts it.
    if (!('text' in cut)) throw new Error('text expected');
    expect(cut.text.indexOf('brace')).toBeGreaterThan(30);
    expect(cut.text.indexOf('brace')).toBeLessThanOrEqual(41);
    expect(Array.from(cut.text).length).toBeLessThanOrEqual(121);
    // An emoji where the cut falls stays whole.
    const emoji = foundPreviewOf({ body: `${'👋'.repeat(150)} knee`, attachments: [] }, ['knee']);
    if (!('text' in emoji)) throw new Error('text expected');
    expect(emoji.text.startsWith('…👋')).toBe(true);
    expect(emoji.text.includes('\ufffd')).toBe(false);
    // Only the file's name has it: the file; neither: the usual preview.
    expect(foundPreviewOf({ body: 'Here it is', attachments: [file] }, ['results'])).toEqual({ file: 'Scan-Results.pdf' });
    expect(foundPreviewOf({ body: 'Here it is', attachments: [file] }, ['nothing'])).toEqual({ text: 'Here it is' });
  });

  it('merges pages of messages oldest first, each once', () => {
    const a = { id: 'a', createdAt: '2031-01-01T10:00:00.000Z' };
    const b = { id: 'b', createdAt: '2031-01-01T11:00:00.000Z' };
    const c = { id: 'c', createdAt: '2031-01-01T12:00:00.000Z' };
    expect(mergeMessages([b, c], [a, b]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});
