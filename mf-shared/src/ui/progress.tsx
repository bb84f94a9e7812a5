import * as RadixProgress from '@radix-ui/react-progress';

/** Default maximum (docs/behaviour.md, "Progress"). */
export const PROGRESS_DEFAULT_MAX = 100;

export type ProgressState = 'indeterminate' | 'loading' | 'complete';

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

/** `max` must be a number > 0, otherwise 100 (with Radix's console error when one was given). */
export function normaliseProgressMax(max: unknown): number {
  if (isNumber(max) && max > 0) return max;
  if (max !== undefined && max !== null) {
    console.error(
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the wording of Radix's prop warnings, `[object Object]` included
      `Invalid prop \`max\` of value \`${String(max)}\` supplied to \`Progress\`. Only numbers greater than 0 are valid max values. Defaulting to \`${PROGRESS_DEFAULT_MAX}\`.`,
    );
  }
  return PROGRESS_DEFAULT_MAX;
}

/** `value` must be a number in 0..max, or null/undefined (indeterminate); anything else is null. */
export function normaliseProgressValue(value: unknown, max: number): number | null {
  if (value === null || value === undefined) return null;
  if (isNumber(value) && value >= 0 && value <= max) return value;
  console.error(
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the wording of Radix's prop warnings, `[object Object]` included
    `Invalid prop \`value\` of value \`${String(value)}\` supplied to \`Progress\`. The \`value\` prop must be a number between 0 and \`max\` (${max}), or \`null\` if the progress is indeterminate. Defaulting to \`null\`.`,
  );
  return null;
}

export function progressState(value: number | null, max: number): ProgressState {
  return value === null ? 'indeterminate' : value === max ? 'complete' : 'loading';
}

/**
 * Progress bar on Radix. Props are validated here (not left to Radix) so the fallback values
 * also drive the indicator's width; Radix then only ever sees valid props and stays quiet.
 */
export function Progress({
  value,
  max,
  label,
  className,
}: {
  value?: number | null;
  max?: number;
  label: string;
  className?: string;
}) {
  const safeMax = normaliseProgressMax(max);
  const safeValue = normaliseProgressValue(value, safeMax);
  const percent = safeValue === null ? null : (safeValue / safeMax) * 100;
  return (
    <RadixProgress.Root
      aria-label={label}
      value={safeValue}
      max={safeMax}
      className={`relative h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 ${className ?? ''}`}
    >
      <RadixProgress.Indicator
        className={`h-full bg-primary-600 transition-[width] ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </RadixProgress.Root>
  );
}
