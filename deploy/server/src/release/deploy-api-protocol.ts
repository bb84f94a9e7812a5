/** What the deploy API's server and its client (the CLI's remote mode) agree on. */
export const DEPLOY_API_PREFIX = '/_/deploy';

/** Content types an upload may be sent as: a raw .tar.gz body (one file, no form around it). */
export const UPLOAD_CONTENT_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

/**
 * The longest a follower's `GET …/jobs/<id>?wait=` is held (seconds): every deploy call answers
 * within 30 s, under what proxies wait (nginx's 60 s by default; the arrangement's 30 s for the API).
 */
export const JOB_WAIT_MAX_SECONDS = 25;
