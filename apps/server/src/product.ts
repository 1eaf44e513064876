/** The brand, in one place: e-mails, API titles and toasts all read it. */
export const PRODUCT_NAME = 'Sonhário';
