import type { AppError } from './errors';
import type { User } from './user';
import type { LiveSetStamp } from './remotes';

export type ConsentState = 'pending' | 'denied' | 'granted';

export type ToastColor = 'primary' | 'success' | 'warning' | 'error' | 'neutral';

/** What a caller gives `toast:add` (docs/behaviour.md, "Toasts"); anything extra is passed through. */
export interface ToastInput {
  id?: string;
  title?: string;
  description?: string;
  color?: ToastColor;
  icon?: string;
  duration?: number;
  actions?: Array<{ label: string; href?: string }>;
  [extra: string]: unknown;
}

/** The normalised Strapi error every content-backend failure is turned into (docs/behaviour.md, "HTTP clients"). */
export interface ApiErrorBody {
  data?: null;
  error: { status: number; name: string; message: string; details?: unknown };
}

/** Every event that crosses app boundaries, with its payload (docs/architecture.md, "Contracts between apps"). */
export type AppEvents = {
  'session:changed': { user: User | null };
  'toast:add': ToastInput;
  'toast:remove': { id: string };
  'page:loading:start': { error?: boolean };
  'page:loading:end': { error?: boolean };
  'app:error': Pick<AppError, 'statusCode' | 'statusMessage' | 'message' | 'fatal'>;
  /** A new live set's stamp. The event keeps its published name (from when the stamp was the "version manifest"): renaming it is a contract major. */
  'app:manifest:update': LiveSetStamp;
  'app:chunk-error': { error: unknown; path: string };
  'api:error': ApiErrorBody;
  'consent:changed': ConsentState;
};
