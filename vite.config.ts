import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'public',
  // No __vitePreload around the app's lazy imports: on a first visit it appended a <link
  // rel=modulepreload> per dependency of each of the dozen components loaded right after hydration,
  // about a third of the blocking (synchronous) renders after hydration in a profile at 4× CPU slowdown. Route
  // modules are still preloaded by React Router (see entry.server.tsx).
  build: { modulePreload: false },
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
