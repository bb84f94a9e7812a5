/**
 * The addresses `npm start` gives its two servers. Both listen on `HOST`: loopback by default, so
 * nothing on the network reaches a developer's machine; `HOST=0.0.0.0` (every interface) or one of
 * the machine's own addresses shows the site to others on the same network. The pages then name
 * the site and the CMS by an address those others reach (browsers call the CMS themselves), and the
 * two servers and this script call each other on one they both listen on.
 */
import os from 'node:os';

const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export interface StartAddresses {
  /** Where both servers listen (`HOST`). */
  host: string;
  /** Whether only this machine reaches them. */
  loopbackOnly: boolean;
  /** The host the servers and `npm start` call each other on. */
  local: string;
  /** The host visitors' browsers reach the servers at. */
  public: string;
}

/** An address as the host of a URL (an IPv6 one in brackets). */
export const urlHost = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** This machine's first IPv4 address on a network (not loopback), if it has one. */
function networkAddress(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]>): string | undefined {
  return Object.values(interfaces)
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
}

export function startAddresses(host = '127.0.0.1', interfaces = os.networkInterfaces()): StartAddresses {
  if (LOOPBACK.has(host)) return { host, loopbackOnly: true, local: host, public: host };
  if (EVERY_INTERFACE.has(host))
    return { host, loopbackOnly: false, local: '127.0.0.1', public: networkAddress(interfaces) ?? '127.0.0.1' };
  return { host, loopbackOnly: false, local: host, public: host };
}
