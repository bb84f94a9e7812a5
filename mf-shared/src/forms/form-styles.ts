/** Class lists of the site's form controls, the same in every app's forms. */
export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-[invalid=true]:border-error-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-50';
export const labelClass = 'flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200';
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-wait disabled:opacity-70';
