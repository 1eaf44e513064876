import { config } from 'zod/v4/core';

/**
 * zod's object schemas probe for `new Function` (a faster, generated parser) when they are built, and the app's CSP
 * (`script-src 'self'`, no 'unsafe-eval') refuses it: the refusal is caught, but Chromium still records a CSP issue
 * on every page that loads a schema (Lighthouse's best practices, issue 19). Jitless, zod never tries. Imported
 * by lib/zod-jitless.ts, which is what `zod` resolves to in the web app (vite.config.ts).
 */
config({ jitless: true });
