/** The one place the product's name is written; toasts like "Bem-vindo ao {product}" read it from here. */
export const PRODUCT_NAME = 'Sonhário';
