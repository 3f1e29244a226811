import { config } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function`, after probing whether eval is allowed. The
 * app's Content-Security-Policy forbids eval (no 'unsafe-eval'), so the probe only ever produced a
 * CSP violation report in the browser. Imported first by main.tsx, before any schema is built
 * (zod reads the setting when a schema is constructed).
 */
config({ jitless: true });
