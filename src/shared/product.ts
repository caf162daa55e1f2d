/** The product's name, used in the header, page titles, emails and the not-found link. */
export const PRODUCT_NAME = 'Tendwell';
