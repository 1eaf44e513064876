import type { KeyboardEvent } from 'react';

/** Ctrl+Enter or ⌘+Enter (either, on any system), not while an input method is still composing a word. */
export const isSaveShortcut = (event: KeyboardEvent) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing;

/**
 * The modifier the hint names, or null where no hint belongs: only where a mouse or trackpad is the main pointer
 * (a desktop; a phone or tablet gets none), '⌘' on Apple systems and 'Ctrl' elsewhere.
 */
export function saveShortcutModifier(): '⌘' | 'Ctrl' | null {
  if (typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: fine)').matches) return null;
  // Chromium's client hints name the system ('macOS'); Safari and Firefox say it in the user agent ('Macintosh').
  const { userAgentData, userAgent } = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad|ipod/i.test(userAgentData?.platform || userAgent) ? '⌘' : 'Ctrl';
}
