/**
 * Security headers on every app-server response, set by @fastify/helmet:
 * a Content-Security-Policy that lets the page run only the site's own code, talk only to the
 * site, the CMS and the configured third parties, and never be framed; plus Referrer-Policy,
 * X-Content-Type-Options, X-Frame-Options and a Permissions-Policy (helmet has none of its own).
 *
 * Inline scripts: the page has one executable inline script, the colour-mode script of the
 * shell's index.html (it must run before first paint). Its SHA-256 is taken from the live
 * shell build's own text when the page template is prepared (rendering/shell-templates.ts), never
 * hand-copied, so a rebuilt script is allowed the moment its build goes live. The runtime config,
 * registry and query state are `type="application/json"` data blocks: CSP does not apply to them.
 * Only the trusted template is hashed — never a rendered page, whose markup holds CMS content.
 *
 * Remote code: the app server's own origin, plus the asset origins of `ASSET_ORIGINS` — the very
 * list the registry's URLs are made from (`ServerConfig.assetOrigins`), so a remote can be loaded
 * from exactly the origins the registry names and from nowhere else.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

type Directives = Record<string, string[]>;

/** Browser features the site never uses: nothing on the page (nor a third party) may ask for them. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

const TAG_MANAGER_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
];

const originOf = (url: string, base: string): string | null => {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
};

/** posthog cloud serves its lazily loaded extensions from a sibling assets host (us-assets.i.posthog.com). */
function analyticsOrigins(host: string, siteUrl: string): string[] {
  const origin = originOf(host, siteUrl);
  if (!origin) return [];
  const assets = origin.replace(/^https:\/\/(\w+)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
  return assets === origin ? [origin] : [origin, assets];
}

/** The remotes' asset origins, each once, in a stable order (the page's own origin left out: 'self' covers it). */
export function assetOriginSources(config: Pick<ServerConfig, 'assetOrigins' | 'siteUrl'>): string[] {
  const own = originOf(config.siteUrl, config.siteUrl);
  return [...new Set(Object.values(config.assetOrigins))].filter((origin) => origin !== own).sort();
}

/** The CSP directives for a page whose inline scripts have these SHA-256 hashes (base64). */
export function contentSecurityPolicyDirectives(
  config: ServerConfig,
  inlineScriptHashes: readonly string[] = [],
): Directives {
  const { runtime, siteUrl } = config;
  const self = "'self'";
  const cms = originOf(config.cmsPublicUrl, siteUrl);
  const analytics = runtime.analytics ? analyticsOrigins(runtime.analytics.host, siteUrl) : [];
  const chat = runtime.chat ? originOf(runtime.chat.src, siteUrl) : null;
  const tagManager = runtime.tagManager ? TAG_MANAGER_ORIGINS : [];
  // Remote entries and chunks (script), federation manifests (fetch), a remote's images and fonts
  // (its public path). A remote's CSS arrives inside its JavaScript, so style-src needs no origin.
  const assets = assetOriginSources(config);
  const others = (...lists: Array<ReadonlyArray<string | null>>) => [
    ...new Set(lists.flat().filter((item): item is string => !!item && item !== originOf(siteUrl, siteUrl))),
  ];

  const directives: Directives = {
    'default-src': [self],
    'script-src': [
      self,
      ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`),
      ...others(assets, analytics, [chat], tagManager),
    ],
    'connect-src': [self, ...others(assets, [cms], analytics, [chat], tagManager)],
    'img-src': [self, 'data:', 'blob:', ...others(assets, [cms], analytics, [chat], tagManager)],
    // Styles: each remote's stylesheet arrives in a <style> element and React sets style attributes.
    'style-src': [self, "'unsafe-inline'"],
    'font-src': [self, 'data:', ...others(assets)],
    'frame-src': others([chat], tagManager).length ? others([chat], tagManager) : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': [self],
    'form-action': [self],
    'manifest-src': [self],
    'worker-src': [self, 'blob:'],
  };
  // Only on an https site: on plain http it would send every request to a port nobody listens on.
  if (siteUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The helmet options of a response; pages pass their template's inline script hashes. */
export function helmetOptions(config: ServerConfig, hashes: readonly string[] = []) {
  const https = config.siteUrl.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config, hashes) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    frameguard: { action: 'deny' as const },
    // Browsers ignore HSTS on http; sent only where it means something.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** Registered before any route: helmet's hooks are global (fastify-plugin) and cover the 404 handler too. */
export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  app.register(helmet, helmetOptions(config));
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
