/** An error as the shell's error pipeline understands it (docs/behaviour.md, "Error pages"). */
export interface AppError {
  statusCode: number;
  statusMessage: string;
  message: string;
  /** A fatal error replaces the whole app with the error page; a non-fatal one renders inside the layout. */
  fatal: boolean;
  /** Extra information for logs; never shown to a visitor. */
  cause?: unknown;
}

export function createAppError(input: Partial<AppError> & { message: string }): AppError {
  return {
    statusCode: input.statusCode ?? 500,
    statusMessage: input.statusMessage ?? '',
    message: input.message,
    fatal: input.fatal ?? false,
    ...(input.cause === undefined ? {} : { cause: input.cause }),
  };
}

/** Unmatched path: a non-fatal 404 shown inside the layout. */
export function pageNotFound(pathWithQuery: string): AppError {
  return createAppError({
    statusCode: 404,
    statusMessage: 'Page not found',
    message: `Page not found: ${pathWithQuery}`,
  });
}

/** A route whose own validation failed (unknown slug): a fatal 404. */
export function routeNotFound(pathWithQuery: string): AppError {
  return createAppError({
    statusCode: 404,
    statusMessage: 'Page Not Found',
    message: `Page Not Found: ${pathWithQuery}`,
    fatal: true,
  });
}
