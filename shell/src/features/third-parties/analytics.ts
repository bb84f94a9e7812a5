import type { ConsentState, RuntimeConfig } from '@steel/contract';

/** What the loader needs from posthog-js (its default export). */
export interface AnalyticsClient {
  init(key: string, options: Record<string, unknown>): unknown;
  opt_in_capturing(): void;
  opt_out_capturing(): void;
}

/** posthog-js, loaded on demand (~120 KB): never part of the first render's code. */
export const loadPosthog = async (): Promise<AnalyticsClient> => {
  const module = await import(/* webpackChunkName: "posthog" */ 'posthog-js');
  return module.default;
};

/**
 * Analytics follows consent (docs/behaviour.md, "Analytics"): the first grant imports and
 * initialises posthog-js; a later denial opts it out, a new grant opts it back in. Returns the
 * consent listener.
 */
export function analyticsConsent(
  analyticsConfig: RuntimeConfig['analytics'],
  loadAnalytics: () => Promise<AnalyticsClient> = loadPosthog,
) {
  let analytics: Promise<AnalyticsClient | null> | null = null;
  return (state: ConsentState) => {
    if (state === 'granted') {
      if (analyticsConfig && !analytics) {
        const { key, host, clientConfig, debug } = analyticsConfig;
        analytics = loadAnalytics()
          .then((client) => {
            // posthog's own defaults (exception rate limit, rage-click, text capture, idle timeout) are kept.
            client.init(key, { api_host: host, ...clientConfig, debug });
            return client;
          })
          .catch((error: unknown) => {
            // Analytics must never break the site; a later grant may try again.
            console.warn('Analytics failed to load', error);
            analytics = null;
            return null;
          });
      } else if (analytics) {
        void analytics.then((client) => client?.opt_in_capturing());
      }
    } else if (analytics) {
      void analytics.then((client) => client?.opt_out_capturing());
    }
  };
}
