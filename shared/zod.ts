import { config, z } from 'zod';

/**
 * zod for the modules the browser runs too (shared and web), configured before any schema is
 * built: zod compiles fast object parsers with `new Function` after probing whether eval is
 * allowed, and the app's Content-Security-Policy forbids eval (no 'unsafe-eval'), so in the
 * browser the probe only ever produced a CSP violation report. Every module that builds a schema
 * imports z from here (architecture.test.ts), so this runs first wherever zod runs, and zod loads
 * with the first page that needs a schema rather than with the app's entry (/login has none).
 * The server keeps the compiled parsers.
 */
if (typeof document !== 'undefined') config({ jitless: true });

export { z };
