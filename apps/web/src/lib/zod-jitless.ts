// What `zod` resolves to in the web app (vite.config.ts): the jitless setting first (lib/zod-config.ts), then zod
// itself. Every chunk that builds a schema imports zod through here, so no lazy chunk can build one before the
// setting, whatever order the router loads them in, and the landing's entry does not carry zod at all.
import './zod-config';

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
