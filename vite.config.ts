import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * What every page loads: the browser entry's and the root route's static imports, transitively
 * (React, React DOM, React Router, i18next, TanStack Query, the layout). Rolldown splits them
 * into a chunk per set of importers, twenty-odd files for `/`, and the browser pays for each on
 * the main thread (starting its request, compiling, instantiating); in one chunk, no page loads
 * a byte more than before. The two modules themselves stay chunks of their own (React Router's
 * manifest names them). The walk stops at the icon and Radix packages: their index re-exports
 * every icon and primitive, most of them used only by lazy parts, and what the layout does use
 * of them stays in chunks of its own.
 */
const BARRELS = /\/node_modules\/(?:radix-ui|lucide-react)\//;

function everyPageChunk(): (id: string, graph: ModuleGraph) => string | null {
  const starts = [fromRoot('./src/web/app/entry.client.tsx'), `${fromRoot('./src/web/app/root.tsx')}?__react-router-build-client-route`];
  let shell: Set<string> | undefined;
  return (id, graph) => {
    if (!shell) {
      shell = new Set();
      const queue = starts.flatMap((start) => graph.getModuleInfo(start)?.importedIds ?? []);
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (shell.has(next) || starts.includes(next) || BARRELS.test(next)) continue;
        shell.add(next);
        queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? 'shell' : null;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'public',
  // No __vitePreload around the app's lazy imports: on a first visit it appended a <link
  // rel=modulepreload> per dependency of each of the dozen components loaded right after hydration,
  // about a third of the blocking (synchronous) renders after hydration in a profile at 4× CPU slowdown. Route
  // modules are still preloaded by React Router (see entry.server.tsx).
  // The browser build puts what every page loads in one chunk (everyPageChunk).
  build: {
    modulePreload: false,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: everyPageChunk() }] } } },
  },
  // The React Router plugin is for the app build and dev server only; vitest runs plain modules.
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()])],
  // The server render bundles the icon and Radix packages: imported from node_modules, lucide-react
  // alone is some 1,600 modules for Node to resolve and load at every start; bundled, only the
  // icons and primitives the app uses remain.
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  resolve: {
    alias: [
      { find: '~/shared', replacement: fromRoot('./src/shared') },
      { find: '~/web', replacement: fromRoot('./src/web') },
      // In the browser, `zod` is web/lib/zod-browser.ts: zod set jitless (the CSP forbids eval)
      // before any schema is built, in whichever chunk first loads it. The server render keeps
      // the package itself.
      ...(isSsrBuild ? [] : [{ find: /^zod$/, replacement: fromRoot('./src/web/lib/zod-browser.ts') }]),
    ],
  },
}));
