/** The credit page's address and title, and the panel's section of credit requests. */
export const CREDIT_PATH = '/credit';
export const CREDIT_TITLE = 'خرید اعتباری';
export const CREDIT_PANEL_PATH = '/panel/credit';
export const CREDIT_PANEL_TITLE = 'اعتبار';
/** A signed-out visitor signs in and comes back to the form. */
export const CREDIT_SIGN_IN_PATH = `/login?redirect=${CREDIT_PATH}`;
