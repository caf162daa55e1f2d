// Row 4: the JS and CSS a browser must fetch to start the public entry (build/web/client/index.html).
//
// Counted JS:
//   - every <script src> (module or classic) and <link rel="modulepreload" href> on our origin;
//   - every import("…") / static import of a local .js in an inline <script>, and in the scripts
//     the HTML loads with <script src> (the build moves React Router's inline bootstrap into
//     assets/boot-*.js files, so those are still the page's inline bootstrap);
//   - transitively, every static import of the modules above (from the Vite manifest when the
//     build wrote one, otherwise by parsing the import statements of the emitted chunks).
//   Dynamic import() inside application chunks is lazy (route or component splitting): not counted.
// Counted CSS: every <link rel="stylesheet" href>, plus the manifest's css of counted chunks.
// Size: each file gzipped on its own at level 9 (as a server would send it), summed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributes(text) {
  const result = {};
  for (const match of text.matchAll(ATTRIBUTE)) result[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  return result;
}

/** "/assets/x.js" relative to the page or module at `from`, or undefined if not on our origin. */
function localPath(specifier, from) {
  let url;
  try {
    url = new URL(specifier, `http://bench.local${from}`);
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://bench.local') return undefined;
  return decodeURIComponent(url.pathname);
}

/** Static `import … from "x"`, `import "x"`, `export … from "x"` specifiers in (minified) ESM. */
function staticImports(code) {
  const found = [];
  const pattern = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?(["'])([^"'\n]+?)\1/g;
  for (const match of code.matchAll(pattern)) found.push(match[2]);
  return found;
}

/** `import("x")` with a string literal. */
function dynamicImports(code) {
  return [...code.matchAll(/(?:^|[^\w$.])import\s*\(\s*(["'`])([^"'`\n]+?)\1\s*\)/g)].map((m) => m[2]);
}

function readManifest(clientDir) {
  const path = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const byFile = new Map();
  for (const entry of Object.values(manifest)) byFile.set(`/${entry.file}`, entry);
  return { manifest, byFile };
}

export function measureInitialAssets(clientDir, html) {
  if (typeof html !== 'string' || html.length === 0) throw new Error('no HTML of / to measure');
  const manifest = readManifest(clientDir);

  const js = new Set();
  const css = new Set();
  const bootstrap = new Set(); // scripts the HTML runs directly: their import("…") counts too
  const fileOf = (path) => join(clientDir, path);
  const addLocal = (set, specifier, from) => {
    const path = localPath(specifier, from);
    if (path && existsSync(fileOf(path))) {
      set.add(path);
      return path;
    }
    return undefined;
  };
  const inlineCode = [];

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(match[1]);
    if (attrs.src !== undefined) {
      const path = addLocal(js, attrs.src, '/');
      if (path) bootstrap.add(path);
    } else if (!attrs.type || /^(?:module|text\/javascript|application\/javascript)$/i.test(attrs.type)) {
      inlineCode.push(match[2]);
    }
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(match[1]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.href) addLocal(js, attrs.href, '/');
    if (rel.includes('stylesheet') && attrs.href) addLocal(css, attrs.href, '/');
  }
  for (const code of inlineCode) {
    for (const specifier of [...staticImports(code), ...dynamicImports(code)]) {
      if (/\.m?js(?:$|\?)/.test(specifier)) addLocal(js, specifier, '/');
    }
  }

  // Follow static imports (and the bootstrap scripts' import("…")) transitively.
  const queue = [...js];
  const seen = new Set();
  while (queue.length > 0) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(fileOf(path), 'utf8');
    const entry = manifest?.byFile.get(path);
    const next = [];
    if (entry) {
      for (const key of entry.imports ?? []) if (manifest.manifest[key]) next.push(`/${manifest.manifest[key].file}`);
      for (const file of entry.css ?? []) addLocal(css, `/${file}`, '/');
    } else {
      for (const specifier of staticImports(code)) {
        const found = localPath(specifier, path);
        if (found && /\.m?js$/.test(found)) next.push(found);
      }
    }
    if (bootstrap.has(path)) {
      for (const specifier of dynamicImports(code)) {
        const found = localPath(specifier, path);
        if (found && /\.m?js$/.test(found)) next.push(found);
      }
    }
    for (const found of next) {
      if (existsSync(fileOf(found))) {
        js.add(found);
        queue.push(found);
      }
    }
  }

  const sizes = (paths) =>
    [...paths].sort().map((path) => {
      const bytes = readFileSync(fileOf(path));
      return { path, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
  const jsFiles = sizes(js);
  const cssFiles = sizes(css);
  const total = (files, key) => files.reduce((sum, file) => sum + file[key], 0);
  return {
    source: manifest ? 'vite manifest' : 'parsed import statements',
    js: { files: jsFiles, bytes: total(jsFiles, 'bytes'), gzipBytes: total(jsFiles, 'gzipBytes') },
    css: { files: cssFiles, bytes: total(cssFiles, 'bytes'), gzipBytes: total(cssFiles, 'gzipBytes') },
  };
}
