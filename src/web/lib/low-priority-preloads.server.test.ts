import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './low-priority-preloads.server';

async function through(chunks: Buffer[]): Promise<string> {
  return (await buffer(Readable.from(chunks).pipe(lowPriorityModulePreloads()))).toString('utf8');
}

/** The document cut into pieces of `size` bytes (cutting characters and tags in half). */
function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

const documentText =
  '<!DOCTYPE html><html lang="ar"><head><meta charset="utf-8"/><title>رعاية موثوقة</title>' +
  '<link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  '</head><body><p>مرحبا — <code>&lt;link rel="modulepreload"</code> in the text stays as it is</p>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe('module preloads at low priority', () => {
  it('marks every module preload in the head, and changes nothing else', async () => {
    const out = await through([Buffer.from(documentText)]);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(head).not.toMatch(/<link rel="modulepreload" href=/);
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(documentText);
    // The body is passed through untouched.
    expect(out.slice(out.indexOf('</head>'))).toBe(documentText.slice(documentText.indexOf('</head>')));
  });

  it('gives the same document however the stream is cut, also inside a character or a tag', async () => {
    const whole = await through([Buffer.from(documentText)]);
    for (const size of [1, 2, 3, 7, 64]) expect(await through(pieces(documentText, size))).toBe(whole);
  });

  it('passes a document without a head end through as it came', async () => {
    const text = '<p>نص بلا رأس <link rel="modulepreload" href="/x.js"/></p>';
    expect(await through(pieces(text, 5))).toBe(text);
  });
});
