// What `zod` is in the browser build (vite.config.ts aliases the bare specifier here for the
// client bundle only). The page's Content-Security-Policy forbids eval, and zod decides per object
// schema, when the schema is built, whether to compile its parser with `new Function`: a schema
// built before `jitless` is set probes for eval at its first parse, which the browser reports as a
// CSP violation. Every module that imports `zod` imports this one, so its body runs before any of
// theirs: no schema can be built first, whichever chunk happens to load zod.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
