import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ptBR from '@/locales/pt-BR.json';
import { PRODUCT_NAME } from './brand';
import { getRuntimeConfig } from './runtime-config';

/**
 * The app's strings (pt-BR, the spec's texts word for word; English comes with the settings screen).
 * Imported by the lazy app shell and by the lazy chunks the landing page may load (the signed-in user
 * menu, the auth toasts), never by the landing page's entry: i18next would cost it ~14 KB gzip.
 * Resources are bundled, so initialisation is synchronous and the first render already has its text.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'pt-BR',
  fallbackLng: 'pt-BR',
  resources: { 'pt-BR': { translation: ptBR } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The product name for texts like "Bem-vindo ao {product}": the server's, else the built-in one. */
export const productName = () => getRuntimeConfig().productName ?? PRODUCT_NAME;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof ptBR };
  }
}
