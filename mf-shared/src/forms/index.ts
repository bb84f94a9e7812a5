/**
 * `@steel/shared/forms`: what every app's forms share (react-hook-form + zod on top): the
 * labelled field with its error, the form-level alert, the Persian message for a failed write,
 * the single-flight submit, the field rules (required text, Iranian mobile, e-mail, typed
 * numbers). A subpath of its own, so apps without forms (the shell) never bundle zod.
 */
export * from './form-field';
export * from './form-styles';
export * from './form-values';
export * from './api-error-message';
export * from './use-single-flight';
