/** What the deploy API's server and its client (the CLI's remote mode) agree on. */
export const DEPLOY_API_PREFIX = '/_/deploy';

/** Content types an upload may be sent as: a raw .tar.gz body (one file, no form around it). */
export const UPLOAD_CONTENT_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];
