import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  publicDir: 'public',
  // The React Router plugin is for the app build and dev server only; vitest runs plain modules.
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()])],
  resolve: {
    alias: {
      '~/shared': fromRoot('./src/shared'),
      '~/web': fromRoot('./src/web'),
    },
  },
});
