/**
 * What the page and the service worker say to each other (public/sw-sync.js holds the same strings: it is plain
 * JavaScript loaded by the worker). Apart from lib/service-worker.ts so that reading them loads no worker code.
 */
/** Posted by the worker when Background Sync fires: the page sends its user's dreams saved offline. */
export const FLUSH_PENDING_DREAMS_MESSAGE = 'sonhario:flush-pending-dreams';
/** The Background Sync tag registered when a dream is queued. */
export const PENDING_DREAMS_SYNC_TAG = 'sonhario-pending-dreams';
