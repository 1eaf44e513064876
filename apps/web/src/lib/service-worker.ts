/// <reference types="vite-plugin-pwa/vanillajs" />
import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';
import { i18n } from './i18n';
import { PENDING_DREAMS_SYNC_TAG } from './service-worker-messages';

let isRegistered = false;

/**
 * Registers the service worker (docs/decisions/036). Loaded as its own chunk after the page has loaded, from the app
 * shell, so neither the landing page's first paint nor the app's first screen waits for it. A new version installs
 * beside the running one and waits: the toast asks, and 'Atualizar' activates it and reloads once, so a page never
 * runs old code against new assets.
 */
export function registerServiceWorker() {
  if (isRegistered || !('serviceWorker' in navigator)) return;
  isRegistered = true;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast(i18n.t('pwa.updateAvailable'), {
        id: 'app-update',
        description: i18n.t('pwa.updateText'),
        duration: Number.POSITIVE_INFINITY,
        action: { label: i18n.t('pwa.update'), onClick: () => void updateServiceWorker(true) },
      });
    },
    onRegisterError() {
      // Refused (private mode, a policy, an automated browser that blocks workers): the app simply runs without one.
    },
    onRegisteredSW(_url, registration) {
      // A tab left open for days still learns of a new version: look again when the app comes back to the front.
      if (!registration) return;
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && navigator.onLine)
          void registration.update().catch(() => undefined);
      });
    },
  });
}

/** Asks the browser to wake the app when the connection returns (Background Sync, where the browser has it). */
export async function requestPendingDreamsSync() {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(resolve, 2000, undefined)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(PENDING_DREAMS_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or not allowed: the online, focus and start-up checks still send it.
  }
}
