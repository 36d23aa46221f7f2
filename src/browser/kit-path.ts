/** Where the browser kit is served: `/js/v1/payments.js`, `/js/v1/payments.mjs`, `/js/v1/elements/…`. */
export const KIT_PATH = '/js/';
