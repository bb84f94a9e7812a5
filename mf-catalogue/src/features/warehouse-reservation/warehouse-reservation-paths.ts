/** The page's address and title, shared by its definition and its view. */
export const PATH = '/reserve_warehouse';
export const TITLE = 'رزرو انبار';
/** The panel lists the customer's reservations on its dashboard. */
export const PANEL_PATH = '/panel';
export const SIGN_IN_PATH = `/login?redirect=${PATH}`;
