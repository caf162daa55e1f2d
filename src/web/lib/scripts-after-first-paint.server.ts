import { Transform } from 'node:stream';

const HEAD_END = '</head>';
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
/** React Router's bootstrap: an inline module script that imports the route modules, then the entry. */
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const ROUTE_MODULES = 'window.__reactRouterRouteModules =';
const STATIC_IMPORT = /^[ \t]*import \* as ([A-Za-z_$][\w$]*) from "(\/[^"\\]+)";[ \t]*$/gm;

/**
 * The first paint, then the scripts. React Router's <Scripts> lists every module of the page as
 * a `<link rel="modulepreload">` (React hoists them into <head>) and bootstraps with an inline
 * module script whose static imports start at once. On a slow connection they take bandwidth
 * from the stylesheet and the document the first paint needs, and the largest paint waits for
 * them (Lighthouse's simulation counts every script that finished before it as delaying it). The
 * document is rewritten so that nothing of the app is fetched before the first frame is painted:
 * the preloads leave the head, and the bootstrap waits for one animation frame and the task after
 * it (the paint), then adds the same preloads (all fetched in parallel, as before) and imports the
 * route modules dynamically before it goes on exactly as it was written. A hidden page (a tab
 * opened in the background paints nothing, and gets no animation frames) starts at once.
 *
 * The document is held until it ends: `entry.server.tsx` pipes it once it is all rendered
 * (`onAllReady`), so nothing is delayed that would otherwise have been sent earlier. A bootstrap
 * that is not recognised is left as it is, with the preloads it needs in the head.
 */
export function scriptsAfterFirstPaint(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback) {
      callback(null, Buffer.from(rewriteDocument(Buffer.concat(chunks).toString('utf8'))));
    },
  });
}

/** The rewrite itself (exported for tests): the document with its app scripts after the first paint. */
export function rewriteDocument(html: string): string {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  let rewritten = 0;
  const body = html.slice(headEnd).replace(BOOTSTRAP, (whole, open: string, code: string, close: string) => {
    if (/\bsrc=/.test(open)) return whole;
    const imports = [...code.matchAll(STATIC_IMPORT)];
    const rest = code.replace(STATIC_IMPORT, '');
    // What needs the route modules (their registry, then the entry) comes after the wait; the
    // manifest before it is assigned at once, as written, while the document is parsed.
    const split = rest.indexOf(ROUTE_MODULES);
    if (imports.length === 0 || split === -1 || !/\bimport\("\/[^"]+"\);?\s*$/.test(rest)) return whole;
    rewritten += 1;
    return open + rest.slice(0, split) + deferredBootstrap(rest.slice(split), imports, preloads) + close;
  });
  if (rewritten !== 1) return html;
  return head.replace(MODULE_PRELOAD, '') + body;
}

/**
 * Preloads added per task. The browser starts each request on the main thread as its link is
 * inserted; the forty-odd of `/` in one task took 25-30 ms unthrottled (over 100 ms at
 * Lighthouse's 4× CPU slowdown, all of it blocking time). A page in a hidden tab, whose timers are
 * throttled, adds them all at once.
 */
export const PRELOADS_PER_TASK = 8;

function deferredBootstrap(rest: string, imports: RegExpExecArray[], preloads: string[]): string {
  // JSON.stringify of a path from our own manifest; `<` is escaped so no text can end the script.
  const literal = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  const names = imports.map((match) => match[1]).join(',');
  const modules = imports.map((match) => `import(${literal(match[2])})`).join(',');
  // The page's modules are preloaded as before (fetched in parallel, evaluated when imported), a
  // few per task (PRELOADS_PER_TASK); importing each at once instead cost more main thread (44 ms
  // against 29 ms unthrottled for 46 modules).
  return (
    'await (document.visibilityState==="hidden"?0:new Promise(function(r){requestAnimationFrame(function(){setTimeout(r,0)})}));' +
    `await new Promise(function(r){var h=${literal(preloads)},n=document.visibilityState==="hidden"?h.length:${PRELOADS_PER_TASK},i=0;(function a(){var f=document.createDocumentFragment();h.slice(i,i+=n).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;f.appendChild(l)});document.head.appendChild(f);if(i<h.length)setTimeout(a,0);else r()})()});` +
    `const [${names}]=await Promise.all([${modules}]);` +
    rest
  );
}
