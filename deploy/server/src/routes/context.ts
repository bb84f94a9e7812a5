import type { LiveStore } from '../builds';
import type { ServerConfig } from '../config';

/** What every route plugin needs; passed as plugin options so tests can build several servers. */
export interface RouteContext {
  config: ServerConfig;
  live: LiveStore;
}
