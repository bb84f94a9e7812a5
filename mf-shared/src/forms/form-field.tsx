import { useId, type ReactNode } from 'react';
import { labelClass } from './form-styles';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * A labelled control with its hint and its error, wired for screen readers (the error is
 * announced and described by the control). The control itself is the form library's input.
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** What went wrong with a whole form's submission (the CMS's refusal, the network). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-error-500 bg-error-50 px-3 py-2 text-sm text-error-700 dark:border-error-600 dark:bg-slate-900 dark:text-red-200"
    >
      {message}
    </p>
  );
}
