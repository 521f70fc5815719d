export const PRODUCT_NAME = 'Redraft';
