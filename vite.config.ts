import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  publicDir: 'public',
  // The React Router plugin is for the app build and dev server only; vitest runs plain modules.
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()])],
  // The server render bundles the icon and Radix packages: imported from node_modules, lucide-react
  // alone is some 1,600 modules for Node to resolve and load at every start; bundled, only the
  // icons and primitives the app uses remain.
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//] },
  resolve: {
    alias: {
      '~/shared': fromRoot('./src/shared'),
      '~/web': fromRoot('./src/web'),
    },
  },
});
