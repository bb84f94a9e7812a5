/**
 * A throwaway PostgreSQL cluster from Debian's packages for tests (the CMS's cluster helper:
 * initdb in a temp folder, fast unsafe settings, removed on stop), with a fresh database per call
 * of `database()`. `npm test` installs `postgresql` when it is missing.
 */
import path from 'node:path';

interface Cluster {
  port: number;
  createDatabase(name: string): Promise<boolean>;
  stop(): Promise<void>;
  halt(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
}

export interface TestPostgres {
  port: number;
  /** A new empty database; its URL. */
  database(): Promise<string>;
  stop(): Promise<void>;
  /** An outage, its data kept: the server stopped as an operator would (connections closed). */
  halt(): Promise<void>;
  /** An outage worse than a stop: the server hung (SIGSTOP), its connections open and silent. */
  pause(): Promise<void>;
  /** The end of either outage: the server answers again, on the same port, with its data. */
  resume(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startCluster } = require(path.resolve(__dirname, '../../../cms/scripts/lib/postgres-cluster.js')) as {
    startCluster: (options: { log?: (line: string) => void }) => Promise<Cluster>;
  };
  const cluster = await startCluster({ log: () => {} });
  let count = 0;
  return {
    port: cluster.port,
    async database() {
      const name = `platform_test_${process.pid}_${++count}`;
      await cluster.createDatabase(name);
      return `postgres://postgres@127.0.0.1:${cluster.port}/${name}`;
    },
    stop: () => cluster.stop(),
    halt: () => cluster.halt(),
    pause: () => cluster.pause(),
    resume: () => cluster.resume(),
  };
}
