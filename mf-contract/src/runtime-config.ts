/**
 * Runtime config: served by the app server inside index.html, never baked into a build
 * (docs/architecture.md, "Contracts between apps"). Every app reads the same object through the shell context.
 */
export interface CookieOptions {
  path: string;
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
  /** Lifetime in days. */
  expires: number;
}

export interface RuntimeConfig {
  /** Content backend base URL, including the `/api` prefix. */
  cmsUrl: string;
  /** Public site URL (canonical links, sitemap). */
  siteUrl: string;
  cookie: { tokenName: string; userName: string; options: CookieOptions };
  analytics: { key: string; host: string; clientConfig: Record<string, unknown>; debug: boolean } | null;
  chat: { src: string; delayMs: number } | null;
  tagManager: { id: string } | null;
  /** Version polling interval (docs/behaviour.md, "Version polling"). */
  versionCheckIntervalMs: number;
  /** The build id the page started with (from /builds/latest.json at serve time). */
  buildId: string;
  /** Time limit for loading a remote's entry, exposed module and chunks (docs/architecture.md, "Failure stays contained"). */
  remoteLoadTimeoutMs: number;
  /**
   * Deadline for a read of a page's data on client navigation; a fast transient failure is retried
   * once within it, then the page shows an in-layout error with a retry (docs/behaviour.md, "Page data on client navigation").
   */
  pageDataTimeoutMs: number;
  /** Share of remote failures a browser reports to the app server (0–1). */
  failureReportSampleRate: number;
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

export const defaultRuntimeConfig: RuntimeConfig = {
  cmsUrl: 'http://127.0.0.1:1337/api',
  siteUrl: 'http://localhost:8080',
  cookie: {
    tokenName: 'user_token',
    userName: 'user_data',
    options: { path: '/', sameSite: 'lax', secure: false, expires: 30 },
  },
  analytics: null,
  chat: null,
  tagManager: null,
  versionCheckIntervalMs: 60 * 60 * 1000,
  buildId: 'dev',
  remoteLoadTimeoutMs: 8000,
  pageDataTimeoutMs: 5000,
  failureReportSampleRate: 1,
};
