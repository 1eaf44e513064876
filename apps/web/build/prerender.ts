import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minifySync, type Plugin, type ResolvedConfig } from 'vite';
import { LOCALE_STORAGE_KEY, OTHER_LOCALE } from '../src/lib/locale-storage.ts';

/** The module that renders the prerendered pages, built for Node (SSR) after the browser build. */
const ENTRY = 'src/prerender-pages.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
/** What Vite writes into index.html for the entry and the chunks it imports. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * After the browser build, renders two pages into HTML files the server sends for their path only (every other
 * client route keeps the empty index.html), and main.tsx hydrates both:
 * - `/` (the landing page) into `dist/landing.html`: index.html with the page's markup inside `#root`, and instead of
 *   the app's scripts one small "boot" script that imports them when the page needs them (decision 022);
 * - `/login` into `dist/login.html`: index.html with the card as it looks while the session loads (the greeting and
 *   a spinner) inside `#root`, and a boot script that imports the app right after the first paint, so the page
 *   paints before its JS arrives (decision 051).
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sonhario-prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const [landing, login, app] = await renderPages(config, ['/', '/login', '/app']);
      if (!landing || !login || !app) throw new Error('A prerendered page is missing');
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const writeBoot = async (name: string, isNeededAtOnce: boolean) => {
        const boot = bootScript(index, isNeededAtOnce);
        const file = `${config.build.assetsDir}/${name}-boot-${hash(boot.code)}.js`;
        await writeFile(path.join(outDir, file), boot.code);
        return { html: boot.html, url: `/${file}` };
      };
      const landingBoot = await writeBoot('landing', false);
      await writeFile(path.join(outDir, 'landing.html'), pageHtml(landingBoot.html, landing, landingBoot.url));
      const loginBoot = await writeBoot('login', true);
      // The page is in the app's language (the landing page's is English): screen readers read it as Portuguese.
      const loginHtml = pageHtml(loginBoot.html, login, loginBoot.url).replace('<html lang="en"', '<html lang="pt-BR"');
      await writeFile(path.join(outDir, 'login.html'), loginHtml);
      // `/app` while the session loads: the app's header and the dashboard's shape (decision 083), started as /login is.
      const appBoot = await writeBoot('app', true);
      const appHtml = pageHtml(appBoot.html, app, appBoot.url).replace('<html lang="en"', '<html lang="pt-BR"');
      await writeFile(path.join(outDir, 'app.html'), appHtml);
    },
  };
}

/** Builds src/prerender-pages.tsx for Node, runs it, and returns each page's markup and <title>. */
async function renderPages(
  config: ResolvedConfig,
  pathnames: ('/' | '/login' | '/app')[],
): Promise<{ body: string; title: string | undefined }[]> {
  // Inside the project, so the bundle's bare imports (react, react-router…) resolve from node_modules.
  const ssrOutDir = path.join(config.root, 'node_modules/.cache/sonhario-prerender');
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    build: {
      ssr: ENTRY,
      outDir: ssrOutDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'pages.js' } },
    },
  });
  try {
    const entry = pathToFileURL(path.join(ssrOutDir, 'pages.js')).href;
    const { renderPage } = (await import(entry)) as { renderPage: (pathname: string) => Promise<string> };
    const pages = [];
    for (const pathname of pathnames) {
      const rendered = await renderPage(pathname);
      // The CSP allows scripts only from 'self': the page must not depend on an inline one.
      if (/<script/i.test(rendered)) throw new Error(`The prerendered page ${pathname} holds an inline <script>`);
      // React writes the page's <title> where the tree starts; it belongs in <head>, where hydration looks for it.
      pages.push({ body: rendered.replace(TITLE, ''), title: TITLE.exec(rendered)?.[0] });
    }
    return pages;
  } finally {
    await rm(ssrOutDir, { recursive: true, force: true });
  }
}

/**
 * The boot script, run in the browser. The landing page is whole without the app: its links are links, and the
 * section buttons are handled here. So the app's modules (the entry and the chunks index.html preloads, all at once)
 * are imported only when something needs them (decision 024):
 * - a visit that may carry a session (a stored supabase-js session, an e-mail or Google sign-in landing on `/`,
 *   storage that cannot be read): after the first contentful paint, so the user menu becomes the avatar. Where the
 *   paint timing API is missing, one frame and a task stand in for the paint; the timer is a net for a paint that
 *   never comes (a tab opened in the background starts then);
 * - a visit with no session: the session is known to be absent, so `<html data-session="none">` makes the
 *   stylesheet show the user menu's 'Entrar' link; the app starts at the first sign of intent (a touch, a pointer
 *   moving or pressed, a key, the wheel, focus), and a reader who only reads runs none of its JS.
 * `/login` (`isNeededAtOnce`) always starts the app after the first contentful paint: its page is the card while the
 * session loads, which needs the app to go on, and a phone paints it before running the app's JS (decision 051).
 * Serialized with toString(): it must use nothing but browser globals.
 */
function startWhenNeeded(modules: string[], isNeededAtOnce: boolean) {
  let isStarted = false;
  const intents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'];
  const start = (event?: Event) => {
    // Chromium sends a still pointer a 'pointermove' when the layout changes under it (no movement): not intent.
    if (event instanceof PointerEvent && event.type === 'pointermove' && !event.movementX && !event.movementY) return;
    if (isStarted) return;
    isStarted = true;
    for (const type of intents) removeEventListener(type, start, true);
    for (const url of modules) void import(url);
  };
  const mayHaveSession = () => {
    if (/[#&?](access_token|refresh_token|error_description|code|token_hash)=/.test(location.hash + location.search))
      return true;
    try {
      for (let index = 0; index < localStorage.length; index += 1)
        if (/^sb-.+-auth-token$/.test(localStorage.key(index) ?? '')) return true;
      return false;
    } catch {
      return true;
    }
  };
  // 'Features' and 'Pricing' work before React has taken the page over (and after: it then does the same).
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-section]') : null;
    const section = document.getElementById(button?.getAttribute('data-section') ?? '');
    if (!section) return;
    const isReduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: isReduced ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  });
  if (!isNeededAtOnce && !mayHaveSession()) {
    document.documentElement.dataset.session = 'none';
    for (const type of intents) addEventListener(type, start, { capture: true, passive: true });
    return;
  }
  setTimeout(() => start(), 3000);
  if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(() => start());
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(() => start()));
  }
}

/**
 * `/login`'s page is in Portuguese: a device set to the app's other language has the app draw the page afresh in it
 * rather than adopt markup in the wrong language (which React would report, then replace anyway). Run by its boot
 * script before the app starts; serialized with toString() like startWhenNeeded.
 */
function dropForOtherLocale(key: string, value: string) {
  try {
    if (localStorage.getItem(key) === value) document.getElementById('root')?.replaceChildren();
  } catch {
    // Storage blocked: the app's language is its default, the page's.
  }
}

/** The boot script's code for this build, and index.html without the tags it replaces. */
function bootScript(index: string, isNeededAtOnce: boolean): { code: string; html: string } {
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...index.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const source =
    (isNeededAtOnce ? `(${dropForOtherLocale.toString()})("${LOCALE_STORAGE_KEY}", "${OTHER_LOCALE}");\n` : '') +
    `(${startWhenNeeded.toString()})(${JSON.stringify([...preloads, entry])}, ${String(isNeededAtOnce)});\n`;
  // Minified: the boot script is all the JS the page loads before its first paint.
  const minified = minifySync('boot.js', source);
  if (minified.errors.length > 0) throw new Error(`The boot script did not minify: ${minified.errors[0]?.message}`);
  const code = `// By build/prerender.ts: starts the app when the prerendered page needs it.\n${minified.code}\n`;
  return { code, html: index.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, '') };
}

/** index.html (or the landing's version of it) with a page's markup in `#root`, its title, and a boot script. */
function pageHtml(template: string, markup: { body: string; title: string | undefined }, bootUrl?: string) {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to fill`);
  // Replacer functions: the markup holds '$' (prices), which a replacement string would read as a pattern.
  let html = template.replace(ROOT_ELEMENT, () => `<div id="root">${markup.body}</div>`);
  const { title } = markup;
  if (title) html = html.replace(TITLE, () => title);
  if (!bootUrl) return html;
  return html.replace('</head>', () => `  <script type="module" src="${bootUrl}"></script>\n  </head>`);
}

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8);
