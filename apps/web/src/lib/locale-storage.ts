/**
 * Where the device keeps the app's language when it is not the default pt-BR (lib/preferences.ts), and the one value
 * it can hold. Its own module: the build's boot script for the prerendered `/login` reads it too (build/prerender.ts).
 */
export const LOCALE_STORAGE_KEY = 'sonhario:locale';
export const OTHER_LOCALE = 'en';
