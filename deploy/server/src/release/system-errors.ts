/**
 * The machine's refusals as one line a deploying team can act on: a full disk, a folder that
 * refuses writes, a port another program holds, a store that will not answer. The deploy API, its
 * jobs and the local CLI all say them this way, instead of leaving the cause in a server log.
 */

export interface Explained {
  /** The HTTP status the deploy API answers with. */
  status: number;
  message: string;
}

/** A port the gate's smoke server needed was taken (gate/trial-port.ts says which). */
export class PortsBusy extends Error {
  override readonly name = 'PortsBusy';
}

/** The file it was writing (a copy's destination), as `, writing <file>`. */
const where = (error: NodeJS.ErrnoException & { dest?: string }) => {
  const file = error.dest ?? error.path;
  return file ? `, writing ${file}` : '';
};

export function explainSystemError(error: unknown): Explained | null {
  if (error instanceof PortsBusy) return { status: 503, message: error.message };
  const failure = error as NodeJS.ErrnoException | null;
  switch (failure?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return {
        status: 507,
        message: `The server's disk is full (${failure.code}${where(failure)}): nothing was published or changed. Free space on it — \`deploy prune --keep 3\` on the server's machine removes old versions — and try again`,
      };
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return {
        status: 503,
        message: `The server may not write where the release is kept (${failure.code}${where(failure)}): nothing was changed. Its operator must give the app server's user write access there (BUILDS_DIR, DEPLOY_UPLOAD_TMP_DIR), then try again`,
      };
    case 'EMFILE':
    case 'ENFILE':
      return {
        status: 503,
        message: `The server has too many files open (${failure.code}): nothing was changed. Try again in a minute; if it lasts, its operator must raise its open-files limit`,
      };
    case 'EADDRINUSE':
      return {
        status: 503,
        message: `A port the server needed is taken by another program (EADDRINUSE${failure.message.match(/ [\d.:]+$/)?.[0] ?? ''}): nothing was changed. Stop that program or set DEPLOY_GATE_PORT to a free port, then try again`,
      };
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return {
        status: 503,
        message: `A service the deploy needs refused it (${failure.code}${failure.message.match(/ [\d.:]+$/)?.[0] ?? ''}): nothing was changed. Try again once it answers`,
      };
    default:
      return null;
  }
}
