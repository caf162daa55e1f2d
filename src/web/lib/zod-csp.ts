import { config } from 'zod';

// The CSP forbids eval. zod decides per object schema, when the schema is built, whether to
// compile its parser with `new Function`; a schema built before this runs would probe for eval at
// its first parse, which the browser reports as a CSP violation. So this module is the first import
// of the root route (evaluated before any route's schemas) and of the API client.
config({ jitless: true });
