/**
 * What `import ... from 'zod'` means in the PWA's build (vite.config.ts aliases it here).
 * zod compiles object parsers with `new Function` unless told not to; the API's
 * Content-Security-Policy forbids eval, so the browser would log a CSP violation the first
 * time a page parses an answer. Configured before any contract module runs.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
