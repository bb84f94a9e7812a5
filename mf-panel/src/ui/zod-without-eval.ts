import { z } from 'zod';

/**
 * The site's Content-Security-Policy allows no `eval` (issue #12 item 5). Zod 4 probes for it with
 * `Function("")` when the first object schema is built — caught, but reported as a CSP violation
 * on every page the panel's code is loaded on. Jitless mode skips the probe and the compiled
 * fast path; the panel's forms are small enough not to notice.
 * Imported first by the panel's entry, before any schema module runs.
 */
z.config({ jitless: true });
