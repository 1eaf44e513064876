// By path, not by package name: Vite bundles its config's relative imports, and loads packages (TypeScript here) as-is.
import { THEME_BOOT_SCRIPT } from '../../../packages/contracts/src/theme.ts';
import type { Plugin } from 'vite';

/**
 * Every page's first script (decision 087): index.html gets the inline script that paints the device's light theme
 * before the first frame, so every page built from it (the prerendered ones too) has it. The server allows exactly
 * this script by its hash.
 */
export function themeBootScript(): Plugin {
  return {
    name: 'sonhario:theme-boot-script',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
  };
}
