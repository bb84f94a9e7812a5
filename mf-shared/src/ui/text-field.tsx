import type { InputHTMLAttributes, Ref } from 'react';
import { useTypedBeforeHydration } from './typed-before-hydration';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled text input in the site's form style; every form of every app uses it. What was typed
 * before hydration is kept (`useTypedBeforeHydration`).
 */
export function TextField({ label, value, onValueChange, className, ref, ...inputProps }: TextFieldProps) {
  const inputRef = useTypedBeforeHydration(value, onValueChange, ref);
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
      {label}
      <input
        {...inputProps}
        ref={inputRef}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={`w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-50 ${className ?? ''}`}
      />
    </label>
  );
}
