import type { ComponentPropsWithoutRef } from 'react';
import { useHydrated } from '../ui/use-hydrated';

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
  ...formProps
}: Omit<ComponentPropsWithoutRef<'form'>, 'noValidate' | 'aria-busy'> & { busy: boolean }) {
  const ready = useHydrated();
  return (
    <form {...formProps} noValidate aria-busy={busy || !ready}>
      <fieldset disabled={!ready} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
