import { VitePWA } from 'vite-plugin-pwa';

/** The night theme's background (styles/globals.css `.dark --background`, as index.html's theme-color). */
const NIGHT = '#0e102a';

/**
 * The installable app (docs/decisions/036): the web app manifest and a Workbox service worker that precaches the app
 * shell (index.html) and the hashed assets, answers /app navigations with the shell when offline, and never caches
 * an API answer (private data). `registerType: 'prompt'`: a new version waits until the user accepts it (a toast),
 * so a page never mixes old and new assets. The page registers it after load (lib/service-worker.ts, a lazy chunk).
 */
export function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by our own lazy module, never by an injected script: the landing page's first paint carries no SW.
    injectRegister: false,
    includeManifestIcons: false,
    manifest: {
      id: '/app',
      name: 'Sonhário',
      short_name: 'Sonhário',
      description: 'Seu diário de sonhos privado, com análise por IA.',
      lang: 'pt-BR',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: NIGHT,
      background_color: NIGHT,
      categories: ['lifestyle', 'health'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        {
          name: 'Novo sonho',
          short_name: 'Novo sonho',
          url: '/app/dreams/new',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
    },
    workbox: {
      // The shell and everything it loads; the prerendered landing.html, login.html and app.html are the server's (never
      // served under their names), and the .br/.gz copies are the same bytes the server picks by Accept-Encoding.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      globIgnores: [
        'landing.html',
        'login.html',
        'app.html',
        '**/*.br',
        '**/*.gz',
        'icons/icon-512.png',
        'icons/icon-maskable-512.png',
      ],
      navigateFallback: '/index.html',
      // The API and the auth API are answered by the server or not at all: no shell for them, and nothing cached.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // Background Sync: the 'sync' event wakes the open pages to send the dreams saved offline (public/sw-sync.js).
      // Web Push: the reminders' notifications (src/sw/push.ts, emitted as sw-push.js by build/sw-push.ts).
      importScripts: ['/sw-sync.js', '/sw-push.js'],
    },
  });
}
