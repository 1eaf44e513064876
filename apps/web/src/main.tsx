import '@/styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { paintTheme, resolveTheme, storedTheme } from '@/lib/theme';

// The app opens in the theme last chosen on this device, before its first paint (the CSP forbids an inline script
// in index.html, so this is the earliest point). The landing page is always the night sky.
if (window.location.pathname !== '/') paintTheme(resolveTheme(storedTheme()));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
