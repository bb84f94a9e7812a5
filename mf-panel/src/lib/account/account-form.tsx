import type { FormEventHandler, ReactNode } from 'react';
import { useHydrated } from '@steel/shared';

/**
 * An account form's frame. A sign-in page arrives rendered by the server, before the panel's code:
 * until React has hydrated it, its fields and button are disabled (a fieldset), so what a visitor
 * types is never wiped by hydration and the browser's own submit — a GET with the password in the
 * URL — cannot happen. Rendered in the browser, it is ready at once.
 */
export function AccountForm({ onSubmit, pending, children }: { onSubmit: FormEventHandler<HTMLFormElement>; pending: boolean; children: ReactNode }) {
  const ready = useHydrated();
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={pending || !ready} noValidate>
      <fieldset disabled={!ready} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
