import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * The one toast outlet (shadcn/ui's sonner wrapper). Toasts are raised with `toast()` from 'sonner'.
 * The theme follows the `dark` class on <html> until the theme switcher passes one in. At the top centre, below the
 * header, with a close button.
 */
function Toaster({ theme, ...props }: ToasterProps) {
  const resolvedTheme =
    theme ??
    (typeof document !== 'undefined' && !document.documentElement.classList.contains('dark') ? 'light' : 'dark');
  return (
    <Sonner
      theme={resolvedTheme}
      position="top-center"
      closeButton
      // Below the 64 px header, not over it: a save's toast covered the header's links for its seconds on screen
      // (decision 046). Set here, in the toaster's own chunk, not in the landing page's entry.
      offset={{ top: 72 }}
      mobileOffset={{ top: 72 }}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
        } as React.CSSProperties
      }
      toastOptions={{
        classNames: {
          // The spec's error toasts use a destructive style: toast.error() gets it.
          error: 'bg-destructive-surface! text-white! border-destructive!',
          description: 'text-inherit! opacity-90',
          // 'Desfazer' and the like: a real button, easy to hit with a thumb.
          actionButton: 'h-9! rounded-md! px-3.5! text-sm! font-medium!',
        },
      }}
      {...props}
    />
  );
}

export { Toaster };
