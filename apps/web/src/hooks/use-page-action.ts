import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * A screen's own main buttons — the dashboard's 'Hoje' button, its 'record a dream' buttons — and whether one is on
 * screen: while one is, the phone's floating 'Novo sonho' steps aside, so it never covers that button and the screen
 * shows one main action, not two (docs/decisions/080). A marked element counts while any part of it is in the
 * viewport.
 */

const onScreen = new Set<Element>();
const listeners = new Set<() => void>();
let observer: IntersectionObserver | undefined;

function notify() {
  for (const listener of listeners) listener();
}

function setOnScreen(element: Element, isOnScreen: boolean) {
  if (onScreen.has(element) === isOnScreen) return;
  if (isOnScreen) onScreen.add(element);
  else onScreen.delete(element);
  notify();
}

/** Whether the element is inside the viewport now, read before the first paint (the observer answers a frame later). */
function isInViewport(element: Element) {
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.bottom > 0 &&
    box.top < window.innerHeight &&
    box.right > 0 &&
    box.left < window.innerWidth
  );
}

function observe(element: Element) {
  setOnScreen(element, isInViewport(element));
  if (typeof IntersectionObserver === 'undefined') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) setOnScreen(entry.target, entry.isIntersecting);
  });
  observer.observe(element);
}

function unobserve(element: Element) {
  observer?.unobserve(element);
  setOnScreen(element, false);
}

/**
 * Marks a main button: pass the returned callback as its `ref` (on the element drawn, e.g. the link inside a
 * `Button asChild`). Works through any ref composition: it only keeps the element it is given.
 */
export function usePageActionRef() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  // Before the paint: the floating button is not drawn for a frame over a marked button that is already in view.
  useLayoutEffect(() => {
    if (!element) return;
    observe(element);
    return () => unobserve(element);
  }, [element]);
  return setElement;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a marked main button is on screen now. */
export function useIsPageActionOnScreen() {
  return useSyncExternalStore(
    subscribe,
    () => onScreen.size > 0,
    () => false,
  );
}
