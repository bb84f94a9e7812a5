import { CUSTOMER_QUERY_KEY } from '@steel/contract';
import { type SessionStore } from '@steel/shared';

/**
 * Every panel query key is `['customer', <user id>, …]`: the shell drops everything under
 * CUSTOMER_QUERY_KEY when the session changes hands, and the user id keeps two customers'
 * records apart in the page's one query cache even before that happens.
 */
export function panelKey(session: SessionStore, ...rest: unknown[]): unknown[] {
  return [CUSTOMER_QUERY_KEY, session.getUser()?.id ?? 'anonymous', ...rest];
}
