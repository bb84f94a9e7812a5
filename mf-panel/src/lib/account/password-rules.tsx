import { Check, X } from 'lucide-react';
import { PASSWORD_RULES } from './auth-schemas';

/** The password rules with a tick or a cross each, updated as the customer types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label="شرط‌های رمز عبور" aria-live="polite" className="flex flex-col gap-1 text-xs">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-met={met}
            className={`flex items-center gap-1 ${met ? 'text-primary-700 dark:text-primary-300' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {met ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(رعایت شده)' : '(رعایت نشده)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
