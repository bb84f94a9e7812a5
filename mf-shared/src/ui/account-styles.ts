/**
 * Class lists of the account pages' buttons, cards and links (the panel's and the inquiry app's:
 * one look for every page a signed-in buyer works in); the form controls' are in `@steel/shared/forms`.
 */
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-wait disabled:opacity-70 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-error-500 bg-white px-4 py-2 font-semibold text-error-700 hover:bg-error-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-error-600 disabled:cursor-wait disabled:opacity-70 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-slate-800';
export const card = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';
export const linkText = 'text-primary-700 hover:underline dark:text-primary-300';
/** A link inside a sentence is underlined: told apart from the text around it by its colour alone, it is missed. */
export const linkInText = 'text-primary-700 underline underline-offset-2 dark:text-primary-300';
