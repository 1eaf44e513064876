/**
 * The colour theme chosen on a device, shared by the web app (which stores and paints it) and the server (which
 * allows the one inline script that paints it before the first frame; decision 087).
 */

/** The last theme chosen on this device (the profile's, once signed in): 'dark' (or nothing), 'light', 'system'. */
export const THEME_STORAGE_KEY = 'sonhario:theme';

/**
 * Every page's first script, inline in `<head>` so it runs before the first paint: the pages are served in the night
 * theme (`<html class="dark">`), and a device set to the light theme (or to the system's, when it is not dark) would
 * otherwise see a night frame until the app's JS has loaded. The landing page (`/`) stays night (decision 011). Its SHA-256 is in the Content-Security-Policy, which
 * allows no other inline script. Classic script, no module: it must block the first paint, and it must not throw.
 */
export const THEME_BOOT_SCRIPT =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(location.pathname!=="/"&&(t==="light"||t==="system"&&!matchMedia("(prefers-color-scheme: dark)").matches))` +
  `document.documentElement.classList.remove("dark")}catch(e){}`;
