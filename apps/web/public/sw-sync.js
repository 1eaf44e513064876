/* global self */
// Loaded by the service worker (importScripts, see build/pwa.ts). Background Sync for the dreams saved offline
// (docs/decisions/036): the page registers the 'sonhario-pending-dreams' sync when it queues a dream; when the
// browser sees the connection back, this wakes every open page of the app, which sends its signed-in user's queue
// with that user's session. The worker itself never holds a token nor sends a dream: with no page open, the queue
// is sent the next time the app opens.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'sonhario-pending-dreams') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sonhario:flush-pending-dreams' });
    }),
  );
});
