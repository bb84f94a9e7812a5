import { useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A labelled group of radio buttons (one choice) or checkboxes (several) of a react-hook-form
 * form: a fieldset named by its legend, its hint and its Persian error described to screen
 * readers, each choice a full-height row a thumb can hit.
 */
export function ChoiceGroup<Values extends FieldValues>({
  form,
  name,
  type,
  legend,
  hint,
  choices,
  error,
}: {
  // Any output type: the schema's transforms do not matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<Values, unknown, any>;
  name: Path<Values>;
  type: 'radio' | 'checkbox';
  legend: string;
  hint?: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  error: string | undefined;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-invalid={Boolean(error)}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      data-choices={name}
    >
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-x-4">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-100"
          >
            <input type={type} value={choice.value} {...form.register(name)} className="size-4 accent-primary-700" />
            {choice.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
