/** An icon button of the narrow header: 44 × 44 px, a finger-sized target. */
export const HEADER_ICON_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
