import { useEffect } from 'react';
import { routeNotFound } from '@steel/contract/errors';
import { useShell } from './shell-context';

/**
 * Rendered by a route whose own validation failed (an unknown slug): reports the fatal
 * `Page Not Found: {path}` to the shell, which replaces the page with the error page.
 */
export function ReportNotFound() {
  const { bus } = useShell();
  useEffect(() => {
    const { statusCode, statusMessage, message, fatal } = routeNotFound(
      window.location.pathname + window.location.search,
    );
    bus.emit('app:error', { statusCode, statusMessage, message, fatal });
  }, [bus]);
  return null;
}
