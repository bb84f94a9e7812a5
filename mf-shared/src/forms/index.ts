/**
 * `@steel/shared/forms`: what every app's forms share (react-hook-form + zod on top): the
 * labelled field with its error, the form-level alert, the field rules (required text, Iranian mobile, e-mail, typed
 * numbers), every form's submit (`useFormSubmit`; `useFormWrite` for a
 * mutation's). A subpath of its own, so apps without forms (the
 * shell) never bundle zod. The message for a failed write and the single-flight submit are in the
 * main entry (`@steel/shared`): the catalogue's product actions use them without a form.
 */
// First: zod's eval probe off before any schema is built (the Content-Security-Policy allows no eval).
import './zod-without-eval';

export * from './form-field';
export * from './form-controls';
export * from './form-styles';
export * from './form-values';
export * from './hydrated-form';
export * from './use-form-write';
