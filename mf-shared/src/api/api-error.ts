import type { ApiErrorBody } from '@steel/contract/events';

export type { ApiErrorBody };

/**
 * What every content-backend failure is thrown as (docs/behaviour.md, "HTTP clients").
 *
 * The old site threw the bare error body (`{ data: null, error: {…} }`). We throw an `Error`
 * subclass instead, so that failures keep a stack trace, can be told apart with `instanceof`, and
 * work with error boundaries / React Query / loggers that expect `Error`s. The instance is still
 * structurally the body — it has `data: null` and `error: {status, name, message, details}` — so
 * code written against the old shape (`e.error.message`) keeps working; `body` is the plain,
 * serialisable copy (what `api:error` carries on the bus).
 */
export class ApiError extends Error implements ApiErrorBody {
  readonly status: number;
  override readonly name: string;
  readonly details: unknown;
  readonly body: ApiErrorBody;
  readonly data = null;
  readonly error: ApiErrorBody['error'];

  constructor(body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.error.message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.body = body;
    this.error = body.error;
    this.status = body.error.status;
    this.name = body.error.name;
    this.details = body.error.details;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toStatus(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : fallback;
}

/** Strapi v3 sent `message` either as a string or as `[{ messages: [{ id, message }] }]`. */
function v3Message(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) {
    const first: unknown = message[0];
    if (isRecord(first) && Array.isArray(first.messages)) {
      const inner: unknown = first.messages[0];
      if (isRecord(inner) && typeof inner.message === 'string') return inner.message;
    }
    if (typeof first === 'string') return first;
  }
  return undefined;
}

function unknownError(status: number, message: string, details: unknown): ApiErrorBody {
  return { data: null, error: { status, name: 'UnknownError', message, details } };
}

/**
 * Turns anything a failed call produced into the Strapi v4/v5 error body
 * `{ data: null, error: { status, name, message, details } }`.
 *
 * Accepts: an `ApiError`; the v4/v5 body; the old v3 body `{ error: 'UnknownError', message, statusCode }`
 * (also its `[{ messages: [...] }]` message form); an `Error` (network failure…); a string;
 * an object with `status`/`statusCode` + `message` (HttpError-like). `fallbackStatus` is used when
 * the value carries no status (defaults to 500).
 */
export function normaliseApiError(raw: unknown, fallbackStatus = 500): ApiErrorBody {
  if (raw instanceof ApiError) return raw.body;

  if (isRecord(raw)) {
    const { error } = raw;
    // Strapi v4 / v5: { data: null, error: { status, name, message, details } }
    if (isRecord(error)) {
      const status = toStatus(error.status ?? raw.status ?? raw.statusCode, fallbackStatus);
      return {
        data: null,
        error: {
          status,
          name: typeof error.name === 'string' && error.name ? error.name : 'UnknownError',
          message: typeof error.message === 'string' ? error.message : (v3Message(error.message) ?? ''),
          details: error.details ?? {},
        },
      };
    }
    // Strapi v3 (boom): { statusCode: 400, error: 'Bad Request', message: '…' | [{ messages }], data? }
    if (typeof error === 'string' && ('statusCode' in raw || 'message' in raw)) {
      const details = raw.data !== undefined ? raw.data : Array.isArray(raw.message) ? raw.message : {};
      return {
        data: null,
        error: {
          status: toStatus(raw.statusCode ?? raw.status, fallbackStatus),
          name: error.replace(/\s+/g, '') || 'UnknownError',
          message: v3Message(raw.message) ?? error,
          details,
        },
      };
    }
  }

  if (raw instanceof Error) {
    const carrier = raw as Error & { status?: unknown; body?: unknown };
    const status = toStatus(carrier.status, fallbackStatus);
    // An HttpError whose response body is itself an error body: prefer the server's words.
    if (isRecord(carrier.body) && carrier.body.error !== undefined) return normaliseApiError(carrier.body, status);
    return unknownError(status, raw.message, raw);
  }

  if (isRecord(raw) && (typeof raw.message === 'string' || 'status' in raw || 'statusCode' in raw)) {
    return unknownError(
      toStatus(raw.status ?? raw.statusCode, fallbackStatus),
      typeof raw.message === 'string' ? raw.message : 'Unknown error',
      raw,
    );
  }

  if (typeof raw === 'string') return unknownError(fallbackStatus, raw, raw);
  return unknownError(fallbackStatus, 'Unknown error', raw);
}

/** An abort (AbortController, unmount, navigation) is not a failure: it is rethrown as-is. */
export function isAbortError(error: unknown, signal?: AbortSignal | null): boolean {
  if (signal?.aborted) return true;
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * True when a failure means the server could not be reached at all (the CMS stopped, the network
 * down): what `fetch` rejects with in Chromium, Firefox and Safari, normalised to a 500. Visitors
 * are then told the connection failed, not that the page or their input is wrong.
 */
export function isConnectionFailure(raw: unknown): boolean {
  const { error } = normaliseApiError(raw);
  return error.status === 500 && /failed to fetch|networkerror|load failed|network/i.test(error.message);
}
