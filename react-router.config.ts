import type { Config } from '@react-router/dev/config';

/**
 * SPA mode: the build writes build/web/client/index.html (the app shell) and hashed assets under
 * build/web/client/assets/. React Router puts the shell's bootstrap in inline scripts; the server
 * allows exactly those through CSP hashes it computes from index.html at start-up.
 */
export default {
  appDirectory: 'src/web/app',
  buildDirectory: 'build/web',
  ssr: false,
} satisfies Config;
