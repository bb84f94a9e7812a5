export type BadgeTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  info: 'bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700',
  warning: 'bg-warning-100 text-warning-700 ring-warning-500 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700',
  success:
    'bg-primary-50 text-primary-800 ring-primary-300 dark:bg-primary-950 dark:text-primary-200 dark:ring-primary-700',
  danger: 'bg-error-50 text-error-700 ring-error-500 dark:bg-red-950 dark:text-red-200 dark:ring-red-700',
};

/**
 * A status as a coloured pill (an order's, a ticket's, an inquiry's); the text alone carries the
 * meaning (colour is only a hint). Tests and e2e find it by its test id `status-badge`.
 */
export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
    >
      {label}
    </span>
  );
}
