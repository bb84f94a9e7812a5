import { addErrorHandler } from 'single-spa';
import { createAppError, isBot, type AppError, type AppEvents } from '@steel/contract';
import { isChunkLoadError, type AppBus } from '@steel/shared';

/** Anything thrown, turned into the pipeline's error shape (status 500, non-fatal by default). */
export function toAppError(error: unknown, fallback: Partial<AppError> = {}): AppEvents['app:error'] {
  if (error && typeof error === 'object' && 'statusCode' in error && 'message' in error) {
    const { statusCode, statusMessage, message, fatal } = createAppError(error as AppError);
    return { statusCode, statusMessage, message, fatal };
  }
  const message = error instanceof Error ? error.message : String(error);
  const { statusCode, statusMessage, fatal } = createAppError({
    statusMessage: 'Internal Error',
    ...fallback,
    message: fallback.message ?? message,
  });
  return { statusCode, statusMessage, message: fallback.message ?? message, fatal };
}

/** Where the pipeline shows an error: the shell's store (the feature needs only this of it). */
export interface ErrorDisplay {
  showError(error: AppError): void;
}

/**
 * The one error pipeline (docs/behaviour.md, "Error pages"). Every source ends on the bus as
 * `app:error` and is handled here: logged always; stored (and so shown — fatal as the full error
 * page) unless the visitor is a bot. Sources: any app's `app:error` (error boundaries), single-spa
 * mount failures, and uncaught errors / rejections from any app's code on the page. The store
 * stamps each error with its URL, so any navigation clears it.
 */
export function installErrorPipeline({
  bus,
  store,
  userAgent = navigator.userAgent,
}: {
  bus: AppBus;
  store: ErrorDisplay;
  userAgent?: string;
}) {
  const bot = isBot(userAgent);

  bus.on('app:error', (error) => {
    console.error(`[app:error] ${error.statusCode} ${error.message}`, error);
    if (!bot) store.showError(error);
  });

  // A failure to mount an app: logged and routed to the same handler, as a fatal error.
  addErrorHandler((error) => {
    bus.emit(
      'app:error',
      toAppError(error, { fatal: true, message: `The ${error.appOrParcelName} app failed: ${error.message}` }),
    );
  });

  // Uncaught errors in any app are reported, non-fatal: they are logged and on the bus but do not
  // replace a page that may still work (a third-party script's error must not blank the site).
  // Code that failed to load is the chunk-error path's business.
  const uncaught = (error: unknown) => {
    if (isChunkLoadError(error)) return;
    bus.emit('app:error', toAppError(error));
  };
  window.addEventListener('error', (event) => uncaught(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => uncaught(event.reason));
}
