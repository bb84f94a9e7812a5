import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTypedBeforeHydration } from './typed-before-hydration';

export type NumberFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'type' | 'inputMode' | 'children'
> & {
  label: ReactNode;
  /** As typed: the field never rewrites what the person wrote. */
  value: string;
  onValueChange: (value: string) => void;
  /** What is wrong with the value (`readTypedNumber`'s Persian sentence), shown beside the field; null when nothing is. */
  error: string | null | undefined;
  /** `numeric` for whole numbers (no decimal key on a phone), `decimal` otherwise. */
  inputMode?: 'decimal' | 'numeric';
  /** Said under the field while there is no error: the limits, the weight the figure comes to. */
  hint?: ReactNode;
  /** Classes of the label that holds the field (its width in a row of controls). */
  labelClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A field for a number a person types (docs/architecture.md, "Look and language"): a text input
 * with the phone's number keyboard, never `type="number"` — which drops Persian digits and «٫»
 * silently and lets a wheel change the figure — read by the kit's one reader
 * (`readTypedNumber`), the value kept as typed (typed before hydration too) and what is wrong said
 * in Persian beside it.
 */
export function NumberField({
  label,
  value,
  onValueChange,
  error,
  inputMode = 'decimal',
  hint,
  className,
  labelClassName,
  id: givenId,
  ref,
  ...inputProps
}: NumberFieldProps) {
  const inputRef = useTypedBeforeHydration(value, onValueChange, ref);
  const ownId = useId();
  const id = givenId ?? ownId;
  const noteId = `${id}-note`;
  return (
    <div className={`flex flex-col gap-1 ${labelClassName ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        {...inputProps}
        ref={inputRef}
        id={id}
        type="text"
        inputMode={inputMode}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={[inputProps['aria-describedby'], noteId].filter(Boolean).join(' ')}
        className={`w-full rounded-md border bg-white px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-50 ${
          error
            ? 'border-error-600 focus:ring-error-200 dark:border-red-400'
            : 'border-slate-300 focus:border-primary-600 focus:ring-primary-200 dark:border-slate-600'
        } ${className ?? ''}`}
      />
      {/* Always in the page, so a screen reader hears a new message as it appears. */}
      <p
        id={noteId}
        aria-live="polite"
        className={error ? 'text-sm text-error-700 dark:text-red-300' : 'text-xs text-slate-600 dark:text-slate-300'}
        data-number-field-error={error ? '' : undefined}
      >
        {error ?? hint}
      </p>
    </div>
  );
}
