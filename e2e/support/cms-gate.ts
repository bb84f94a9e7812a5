import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { E2E_CMS_PORT } from './environment';

/**
 * A gate in front of the run's real CMS: a TCP pass-through an app server (and its pages in the
 * browser) reach the CMS through. Closing it gives exactly what a stopped CMS gives (connection
 * refused, open connections cut); stalling it what a CMS stopped with SIGSTOP gives (connections
 * accepted, requests taken, no answer) until it resumes. The CMS itself is shared by the specs
 * running in parallel, so it is never stopped or stalled itself; and a second seeded Strapi would
 * take minutes to start on the shared cores.
 */
export function createCmsGate() {
  const connections = new Set<{ client: net.Socket; upstream: net.Socket; held: Buffer[] }>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(E2E_CMS_PORT, '127.0.0.1');
    const connection = { client, upstream, held: [] as Buffer[] };
    connections.add(connection);
    // What the client sends is held while the gate is stalled, as a stopped process's socket
    // buffers it; answers flow as they come.
    client.on('data', (chunk: Buffer) => (stalled ? connection.held.push(chunk) : upstream.write(chunk)));
    client.on('end', () => upstream.end());
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        connections.delete(connection);
      });
    }
  });
  let port = 0;
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async open() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    /** The CMS stops: no new connection is accepted, every open one is cut. */
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const { client } of connections) client.destroy();
      await closed;
    },
    /** The CMS stalls (SIGSTOP): connections are accepted, nothing is answered. */
    stall() {
      stalled = true;
    },
    /** …and goes on (SIGCONT): what was held reaches it now. */
    resume() {
      stalled = false;
      for (const connection of connections) {
        for (const chunk of connection.held.splice(0)) connection.upstream.write(chunk);
      }
    },
  };
}
