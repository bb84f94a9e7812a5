import { useState } from 'react';
import type { ConsentState } from '@steel/contract';
import { createConsentStore, useHydrated, useShell } from '@steel/shared';

/** Anything that needs the visitor's consent is configured (docs/behaviour.md, "Consent"). */
export function needsConsent(config: ReturnType<typeof useShell>['config']): boolean {
  return Boolean(config.analytics || config.tagManager);
}

/**
 * The consent banner (docs/behaviour.md, "Consent"): shown while consent is pending, and only when the runtime
 * config enables something that needs it — with nothing to consent to, asking would be noise.
 * The choice is remembered (CONSENT_STORAGE_KEY) and announced as `consent:changed`, which the
 * third-party loader listens to.
 */
export function ConsentBanner() {
  const { bus, config } = useShell();
  const [store] = useState(() => createConsentStore({ bus }));
  // Read after hydration: the server cannot know the stored choice, and the banner is an overlay
  // (fixed position), so showing it a moment later shifts nothing.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<ConsentState | null>(null);
  const state = chosen ?? (hydrated ? store.get() : null);
  if (state !== 'pending' || !needsConsent(config)) return null;

  const choose = (next: 'granted' | 'denied') => {
    store.set(next);
    setChosen(next);
  };

  return (
    <section
      aria-label="رضایت برای ابزارهای تحلیل"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur dark:border-slate-700 dark:bg-slate-900/95"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between dark:text-slate-200">
        <p>این سایت برای بهبود تجربه شما از ابزارهای تحلیل استفاده می‌کند.</p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => choose('granted')}
            className="min-h-11 rounded-md bg-primary-700 px-4 py-1.5 font-medium text-white hover:bg-primary-800 md:min-h-0"
          >
            می‌پذیرم
          </button>
          <button
            type="button"
            onClick={() => choose('denied')}
            className="min-h-11 rounded-md border border-slate-300 px-4 py-1.5 font-medium md:min-h-0 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            نمی‌پذیرم
          </button>
        </div>
      </div>
    </section>
  );
}
