import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
export const domainDir = process.env.DOMAIN_DIR ?? path.resolve(repoRoot, 'data/domain');
/** Ports and folders are settable so that two runs (or two developers' runs) never collide. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_CMS_PORT = Number(process.env.E2E_CMS_PORT ?? 1347);
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * Ports of the extra servers some specs start, one per spec: specs run in parallel, so two of
 * them sharing a port would talk to each other's server. The CMS allows the app-server ones.
 */
export const SPEC_PORTS = {
  remoteFailure: E2E_PORT + 1,
  versionCheck: E2E_PORT + 2,
  chunkErrors: E2E_PORT + 3,
  consent: E2E_PORT + 4,
  serverRendering: E2E_PORT + 5,
  cmsDown: E2E_PORT + 6,
  /** e2e/faults.spec.ts: an app server whose CMS goes away and comes back, and which restarts. */
  faults: E2E_PORT + 7,
  consentCapture: E2E_PORT + 8,
  /** e2e/deploy-gate.spec.ts: the gate's own smoke-test server (DEPLOY_GATE_PORT)… */
  deployGate: E2E_PORT + 9,
  /** …and a site with an incompatible remote forced live. */
  deployForced: E2E_PORT + 10,
  /** e2e/deploy-api.spec.ts: an app server teams deploy to over HTTP… */
  deployApi: E2E_PORT + 11,
  /** …and the smoke-test server of the gate it runs. */
  deployApiGate: E2E_PORT + 12,
  /** e2e/integrity.spec.ts: a site with files changed after publishing forced live… */
  integrity: E2E_PORT + 13,
  /** …a site whose catalogue comes from an asset origin… */
  assetOriginSite: E2E_PORT + 14,
  /** …and that asset origin (a static file server, not an app server). */
  assetOrigin: E2E_PORT + 15,
  /** e2e/standalone-remote.spec.ts: the site a blog built outside the monorepo is deployed to… */
  standaloneRemote: E2E_PORT + 16,
  /** …and its gate's smoke-test server. */
  standaloneRemoteGate: E2E_PORT + 17,
  /** e2e/canary.spec.ts: a site with a broken canary the health monitor must abort… */
  canary: E2E_PORT + 18,
  /** …and the gate's smoke-test server. */
  canaryGate: E2E_PORT + 19,
  /** e2e/any-ports-npm-start.spec.ts: `PORT=… npm start`, with a CMS of its own on START_COMMAND_CMS_PORT. */
  startCommand: E2E_PORT + 20,
  /** e2e/monolith.spec.ts: the monolith (scripts/monolith/) served as the shell. */
  monolith: E2E_PORT + 21,
  /** e2e/deploy-gate-pages.spec.ts: the gate's smoke-test server, trying every page kind. */
  gatePages: E2E_PORT + 22,
  /** e2e/remote-containment.spec.ts: a site whose catalogue's product view throws… */
  brokenRender: E2E_PORT + 23,
  /** …and one whose catalogue chunk is refused by its digest. */
  refusedChunk: E2E_PORT + 24,
  /** e2e/deploy-gate-flows.spec.ts: the gate's smoke-test server, running the flows across apps. */
  gateFlows: E2E_PORT + 25,
  /** e2e/new-subcategory.spec.ts: a site a catalogue with a new sub-category is deployed to… */
  newSubcategory: E2E_PORT + 26,
  /** …and its gate's smoke-test server. */
  newSubcategoryGate: E2E_PORT + 27,
  /** e2e/new-remote.spec.ts: the site a remote scaffolded from nothing joins… */
  newRemote: E2E_PORT + 28,
  /** …and its gate's smoke-test server. */
  newRemoteGate: E2E_PORT + 29,
  /** e2e/deploy-gate-budgets.spec.ts: the gate's smoke-test server, weighing the main thread. */
  gateBudgets: E2E_PORT + 30,
  /** e2e/deploy-console.spec.ts: the site whose deploy console a team uses… */
  deployConsole: E2E_PORT + 31,
  /** …its gate's smoke-test server… */
  deployConsoleGate: E2E_PORT + 32,
  /** …and a second app server on the same builds, whose console sessions last two seconds. */
  deployConsoleShortSessions: E2E_PORT + 33,
  /** e2e/inquiry-slots.spec.ts: the site the inquiry team's remote joins through other apps' slots… */
  inquirySlots: E2E_PORT + 34,
  /** …and its gate's smoke-test server. */
  inquirySlotsGate: E2E_PORT + 35,
  /** e2e/any-ports-npm-start.spec.ts: the gate `npm start` deploys the inquiry app through. */
  startCommandGate: E2E_PORT + 36,
  /** e2e/shipping-price.spec.ts: the site the inquiry app joins with its shipping calculator… */
  shippingPrice: E2E_PORT + 37,
  /** …and its gate's smoke-test server. */
  shippingPriceGate: E2E_PORT + 38,
} as const;
/** The CMS `npm start` runs in e2e/any-ports-npm-start.spec.ts: next to the run's, so two runs never share it. */
export const START_COMMAND_CMS_PORT = E2E_CMS_PORT + 1;
export const APP_SERVER_PORTS = [
  E2E_PORT,
  SPEC_PORTS.remoteFailure,
  SPEC_PORTS.versionCheck,
  SPEC_PORTS.chunkErrors,
  SPEC_PORTS.consent,
  SPEC_PORTS.serverRendering,
  SPEC_PORTS.faults,
  SPEC_PORTS.deployGate,
  SPEC_PORTS.deployForced,
  SPEC_PORTS.deployApi,
  SPEC_PORTS.deployApiGate,
  SPEC_PORTS.integrity,
  SPEC_PORTS.assetOriginSite,
  SPEC_PORTS.standaloneRemote,
  SPEC_PORTS.standaloneRemoteGate,
  SPEC_PORTS.canary,
  SPEC_PORTS.canaryGate,
  SPEC_PORTS.monolith,
  SPEC_PORTS.gatePages,
  SPEC_PORTS.brokenRender,
  SPEC_PORTS.refusedChunk,
  SPEC_PORTS.gateFlows,
  SPEC_PORTS.newSubcategory,
  SPEC_PORTS.newSubcategoryGate,
  SPEC_PORTS.newRemote,
  SPEC_PORTS.newRemoteGate,
  SPEC_PORTS.gateBudgets,
  SPEC_PORTS.deployConsole,
  SPEC_PORTS.deployConsoleGate,
  SPEC_PORTS.deployConsoleShortSessions,
  SPEC_PORTS.inquirySlots,
  SPEC_PORTS.inquirySlotsGate,
  SPEC_PORTS.shippingPrice,
  SPEC_PORTS.shippingPriceGate,
];
export const cmsURL = `http://127.0.0.1:${E2E_CMS_PORT}`;
/** The production builds under test (scripts/e2e.ts builds them there). */
export const e2eBuildsDir = path.resolve(repoRoot, process.env.E2E_BUILDS_DIR ?? '.tmp/e2e-builds');
/** The CMS's fresh database and captured mails for this run. */
export const e2eCmsDir = path.resolve(repoRoot, process.env.E2E_CMS_DIR ?? `.tmp/e2e-cms-${E2E_CMS_PORT}`);
export const tsxBin = path.join(repoRoot, 'node_modules/.bin/tsx');

/** An editor's API token the CMS under test accepts (CMS_EDITOR_TOKEN): tests edit content with it. */
export const EDITOR_TOKEN = 'e2e-editor-token-0123456789abcdefghijklmnopqrstuvwxyz';

/** The demo customer the CMS seeds (README). */
export const DEMO_USER = { username: 'demo', email: 'demo@example.com', password: 'Demo1234!' };

/** Debian's Chromium, headless, with nothing that reaches for the network. */
export { chromiumLaunchOptions } from '../../scripts/lib/chromium';

/** Environment for an app server under test (the main one and any a test starts itself). */
/** The app server's reads of the CMS carry it, so the CMS does not count them per address. */
export const SITE_READ_SECRET = 'e2e-site-read-secret';

export function appServerEnv(
  port: number,
  buildsDir: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    BUILDS_DIR: buildsDir,
    CMS_PUBLIC_URL: `${cmsURL}/api`,
    CMS_INTERNAL_URL: `${cmsURL}/api`,
    SITE_READ_SECRET,
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // React's production build in the render workers, as in production.
    NODE_ENV: 'production',
    // The time limit guards against a hung render; two parallel Playwright workers on two cores can
    // slow an honest render past the production 300 ms, which would make pages flip to the browser.
    SSR_TIME_LIMIT_MS: '3000',
    // One address renders hundreds of pages a minute here (the per-client bound is tested apart).
    RENDER_RATE_LIMIT_PER_MINUTE: 'off',
    // The specs read which packages went into each script from its source map (support/loaded-code.ts).
    PUBLIC_SOURCE_MAPS: 'on',
    ...extra,
  };
}

/**
 * For copying a builds folder a server is using: its hidden entries are that server's own state
 * in flux (lock files that come and go, half-written temp folders, the image cache) — copying one
 * as it disappears fails the copy.
 */
export const notHidden = (source: string) => !path.basename(source).startsWith('.');
