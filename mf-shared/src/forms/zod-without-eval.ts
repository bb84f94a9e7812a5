import { z } from 'zod';

/**
 * The site's Content-Security-Policy allows no `eval`. Zod 4 probes for it with
 * `Function("")` when the first object schema is built — caught, but reported as a CSP violation
 * on every page whose app holds a form (the panel, the catalogue's contact, export and warehouse
 * forms). Jitless mode skips the probe and the compiled fast path; the forms are small enough not
 * to notice. Evaluated first by `@steel/shared/forms`, which each app with forms imports first in
 * its entry, before any schema module runs.
 */
z.config({ jitless: true });
