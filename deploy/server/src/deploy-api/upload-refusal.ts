/** An upload refused (tarball.ts, tar-writer.ts): the deploy API answers it with its status (release-errors.ts). */
export class UploadRefusal extends Error {
  override readonly name = 'UploadRefusal';
  constructor(
    message: string,
    /** 400 for a malformed upload, 408 for one that stalls, 413 for one too large. */
    readonly statusCode: 400 | 408 | 413 = 400,
  ) {
    super(message);
  }
}

export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
