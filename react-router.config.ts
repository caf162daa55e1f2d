import type { Config } from '@react-router/dev/config';

/**
 * Server rendering: the build writes the browser assets to build/web/client/ (hashed, under
 * assets/) and the server build to build/web/server/index.js, which the Fastify server loads and
 * calls for every page path (src/server/platform/http/web-app.ts). Scripts in the documents carry
 * a per-response CSP nonce (src/web/app/entry.server.tsx).
 */
export default {
  appDirectory: 'src/web/app',
  buildDirectory: 'build/web',
  ssr: true,
} satisfies Config;
