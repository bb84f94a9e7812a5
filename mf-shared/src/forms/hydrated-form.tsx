import type { ComponentPropsWithoutRef, FormEvent } from 'react';
import { useHydrated } from '@steel/shared/remote-core';

/**
 * A data-entry form that may arrive rendered by the server, before its app's code runs. Until
 * React has hydrated it its controls are disabled (one `<fieldset>` that draws no box), so what a
 * visitor types is never reset by hydration and the browser's own submit — a GET of the fields to
 * the page, a password in a URL — cannot happen. Rendered in the browser, it is ready at once.
 * Always `noValidate`: the form's zod schema says what is wrong, in Persian.
 */
export function HydratedForm({
  busy,
  children,
  onSubmit,
  ...formProps
}: Omit<ComponentPropsWithoutRef<'form'>, 'noValidate' | 'aria-busy' | 'onSubmit'> & {
  busy: boolean;
  /**
   * react-hook-form's `handleSubmit(…)`: its promise is the form's own business (`isSubmitting`,
   * the mutation's error shown in the form), so the form does not wait for it.
   */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
}) {
  const ready = useHydrated();
  return (
    <form {...formProps} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy || !ready}>
      <fieldset disabled={!ready} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
