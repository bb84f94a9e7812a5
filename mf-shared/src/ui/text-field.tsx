import type { InputHTMLAttributes } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled text input in the site's form style; every form of every app uses it. */
export function TextField({ label, value, onValueChange, className, ...inputProps }: TextFieldProps) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-200">
      {label}
      <input
        {...inputProps}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className={`w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-50 ${className ?? ''}`}
      />
    </label>
  );
}
