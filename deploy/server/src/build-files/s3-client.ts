/**
 * The S3 client of the build store, through the standard SDK (`@aws-sdk/client-s3`, pinned to the
 * last releases that run on Node 20), set up so that any S3-compatible store works by
 * configuration alone: AWS S3, R2, Ceph, MinIO, or OpenStack Swift with its s3api middleware (the
 * one the tests start), whose differences from S3 are met here:
 * - path-style addresses (`<endpoint>/<bucket>/<key>`) whenever an endpoint is named;
 * - checksums only where S3 requires them: s3api does not know the SDK's newer CRC32 headers;
 * - DeleteObjects needs `Content-MD5`, which the SDK replaced by a CRC32 header that s3api refuses
 *   ("Missing required header"): the middleware below drops those headers and sets `Content-MD5`,
 *   at the build step, before the request is signed.
 */
import { createHash } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';

export interface ObjectStoreSettings {
  bucket: string;
  /** The store's address; null: AWS S3 itself, by region. */
  endpoint: string | null;
  region: string;
  /** Credentials; null: the SDK's own chain (instance roles, AWS_* variables, profiles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Keys start with this (`site-a/`, or empty), so several sites can share a bucket. */
  prefix: string;
}

/** How long a request may take: a hung store must not hang a page that waits for a file. */
const CONNECTION_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 20_000;

export function createS3Client(settings: ObjectStoreSettings): S3Client {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One retry: a store that is down is said so quickly, and a caller that can wait asks again.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = (args as { request?: { headers?: Record<string, string>; body?: unknown } }).request;
      const deletes = typeof args.input === 'object' && args.input !== null && 'Delete' in args.input;
      if (deletes && request?.headers && typeof request.body === 'string') {
        for (const header of Object.keys(request.headers))
          if (/^x-amz-(sdk-)?checksum-/i.test(header)) delete request.headers[header];
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    // At the build step, before the request is signed (later, the signature would not match).
    { step: 'build', priority: 'low', name: 'contentMd5ForDeletes' },
  );
  return client;
}
