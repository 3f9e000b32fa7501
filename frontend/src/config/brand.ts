/** The product's name: the one place it is spelled. */
export const PRODUCT_NAME = 'TalentFlow AI';
