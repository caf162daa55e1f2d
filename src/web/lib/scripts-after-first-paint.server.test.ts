import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { rewriteDocument, scriptsAfterFirstPaint } from './scripts-after-first-paint.server';

async function through(chunks: Buffer[]): Promise<string> {
  return (await buffer(Readable.from(chunks).pipe(scriptsAfterFirstPaint()))).toString('utf8');
}

/** The document cut into pieces of `size` bytes (cutting characters and tags in half). */
function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

// The shape React Router 7 writes (<Scripts>, React hoisting the preloads into <head>).
const bootstrap =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/home-B.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-C.js");';
const documentText =
  '<!DOCTYPE html><html lang="ar"><head><meta charset="utf-8"/><title>رعاية موثوقة</title>' +
  '<link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/><link rel="modulepreload" href="/assets/root-A.js" nonce="n"/>' +
  '</head><body><p>مرحبا — <code>&lt;link rel="modulepreload"</code> in the text stays as it is</p>' +
  '<script nonce="n">window.__reactRouterContext = {};</script>' +
  `<script nonce="n" type="module" async="">${bootstrap}</script></body></html>`;

describe('the app scripts after the first paint', () => {
  it('takes the module preloads out of the head and starts them, and the route modules, after a frame', () => {
    const out = rewriteDocument(documentText);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    // No static import is left to start a fetch while the document is parsed.
    expect(out).not.toMatch(/^import \* as/m);
    const script = out.slice(out.indexOf('<script nonce="n" type="module" async="">'));
    const waits = script.indexOf('requestAnimationFrame');
    // The same preloads, added a few per task after the frame.
    const preloads = script.indexOf('var h=["/assets/entry.client-C.js","/assets/root-A.js"],n=document.visibilityState==="hidden"?h.length:8');
    const imports = script.indexOf('const [route0,route1]=await Promise.all([import("/assets/root-A.js"),import("/assets/home-B.js")]);');
    const entry = script.indexOf('import("/assets/entry.client-C.js");');
    expect(waits).toBeGreaterThan(-1);
    // The manifest is assigned at once, as written; only what needs the route modules waits.
    expect(script.indexOf('window.__reactRouterManifest = ')).toBeLessThan(waits);
    expect(script.indexOf('window.__reactRouterRouteModules = ')).toBeGreaterThan(waits);
    expect(preloads).toBeGreaterThan(waits);
    expect(imports).toBeGreaterThan(preloads);
    expect(entry).toBeGreaterThan(imports);
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    // A page opened in a background tab gets no animation frame: it starts at once.
    expect(script).toContain('document.visibilityState==="hidden"');
    // The body's text and the other scripts are as they were.
    expect(out).toContain('<code>&lt;link rel="modulepreload"</code> in the text stays as it is');
    expect(out).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
  });

  it('adds the preloads eight per task, in order, and all at once in a hidden tab', async () => {
    const many = Array.from({ length: 20 }, (_, i) => `<link rel="modulepreload" href="/assets/m${i}.js" nonce="n"/>`).join('');
    const out = rewriteDocument(documentText.replace('</head>', `${many}</head>`));
    const start = out.indexOf('await new Promise(function(r){var h=');
    const statement = out.slice(start, out.indexOf('const [route0', start));
    for (const visibilityState of ['visible', 'hidden']) {
      const batches: string[][] = [];
      const queued: (() => void)[] = [];
      const document = {
        visibilityState,
        createDocumentFragment: () => ({ links: [] as string[], appendChild(link: { href: string }) { this.links.push(link.href); } }),
        createElement: () => ({ rel: '', href: '' }),
        head: { appendChild: (fragment: { links: string[] }) => batches.push(fragment.links) },
      };
      const setTimeout = (callback: () => void) => queued.push(callback);
      const run = new Function('document', 'setTimeout', `return (async () => { ${statement} })()`) as (d: unknown, t: unknown) => Promise<void>;
      const done = run(document, setTimeout);
      while (queued.length > 0) queued.shift()?.();
      await done;
      const all = batches.flat();
      expect(all).toEqual(['/assets/entry.client-C.js', '/assets/root-A.js', ...Array.from({ length: 20 }, (_, i) => `/assets/m${i}.js`)]);
      expect(batches.map((batch) => batch.length)).toEqual(visibilityState === 'hidden' ? [22] : [8, 8, 6]);
    }
  });

  it('runs as a module script: the rewritten bootstrap parses', () => {
    const out = rewriteDocument(documentText);
    const code = out.slice(out.indexOf('async="">') + 'async="">'.length, out.lastIndexOf('</script>'));
    // An async function body accepts the same top-level await a module does.
    expect(() => new Function(`return (async () => { ${code} })`)).not.toThrow();
  });

  it('leaves a document it does not recognise as it came, preloads included', () => {
    const noImports = documentText.replace(/import \* as \w+ from "[^"]+";\n/g, '');
    expect(rewriteDocument(noImports)).toBe(noImports);
    const noRegistry = documentText.replace('window.__reactRouterRouteModules', 'window.somethingElse');
    expect(rewriteDocument(noRegistry)).toBe(noRegistry);
    const twoBootstraps = documentText.replace('</body>', `<script type="module">${bootstrap}</script></body>`);
    expect(rewriteDocument(twoBootstraps)).toBe(twoBootstraps);
    const external = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script type="module" src="/a.js"></script></body></html>';
    expect(rewriteDocument(external)).toBe(external);
    const headless = '<p>نص بلا رأس <link rel="modulepreload" href="/x.js"/></p>';
    expect(rewriteDocument(headless)).toBe(headless);
  });

  it('gives the same document however the stream is cut, also inside a character or a tag', async () => {
    const whole = await through([Buffer.from(documentText)]);
    expect(whole).toBe(rewriteDocument(documentText));
    for (const size of [1, 2, 3, 7, 64]) expect(await through(pieces(documentText, size))).toBe(whole);
  });
});
