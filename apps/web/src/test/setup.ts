import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The app's strings: the lazy app shell initialises i18next in the browser; tests render screens directly.
import '@/lib/i18n';

afterEach(() => {
  cleanup();
});

// Screens here talk to a real server over HTTP (decision 019): on a loaded 2-core CI machine a first answer can take
// longer than Testing Library's default 1 s for findBy*/waitFor, which made tests fail at random.
configure({ asyncUtilTimeout: 5000 });

// jsdom implements none of these; React Router's scroll restoration, smooth scrolling, Radix's size
// tracking (checkbox, menus) and sonner's swipe handling (pointer capture on a toast's buttons) call them.
window.scrollTo = () => {};
// (The DOM types declare them, so they are reached through optional views of the same objects.)
const element: Partial<Element> = Element.prototype;
element.setPointerCapture ??= function setPointerCapture() {};
element.releasePointerCapture ??= function releasePointerCapture() {};
element.hasPointerCapture ??= () => false;
element.scrollIntoView ??= function scrollIntoView() {};
const browser: { ResizeObserver?: unknown } = globalThis;
browser.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// What the server injects into index.html. With it, the real supabase-js client can be created in jsdom
// (it makes no request until asked: an empty localStorage means "signed out" without a network call).
const config = document.createElement('meta');
config.name = 'sonhario-config';
config.content = JSON.stringify({ supabaseAnonKey: 'test-anon-key', productName: 'Sonhário' });
document.head.append(config);
