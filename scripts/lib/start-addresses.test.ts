/** @jest-environment node */
import type os from 'node:os';
import { startAddresses, urlHost } from './start-addresses';

/** A machine with loopback and one network card, as os.networkInterfaces() describes it. */
const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [
    { address: 'fe80::1', family: 'IPv6', internal: false },
    { address: '192.168.1.5', family: 'IPv4', internal: false },
  ],
} as unknown as NodeJS.Dict<os.NetworkInterfaceInfo[]>;

describe('the addresses npm start gives its servers', () => {
  it('keeps both on loopback unless HOST is set', () => {
    expect(startAddresses(undefined, interfaces)).toEqual({
      host: '127.0.0.1',
      loopbackOnly: true,
      local: '127.0.0.1',
      public: '127.0.0.1',
    });
  });

  it("with HOST=0.0.0.0, names the machine's network address to browsers and calls itself on loopback", () => {
    expect(startAddresses('0.0.0.0', interfaces)).toEqual({
      host: '0.0.0.0',
      loopbackOnly: false,
      local: '127.0.0.1',
      public: '192.168.1.5',
    });
    // A machine on no network: loopback is all there is to name.
    expect(startAddresses('0.0.0.0', { lo: interfaces['lo'] }).public).toBe('127.0.0.1');
  });

  it('with HOST set to one of its addresses, listens, calls and is reached there alone', () => {
    expect(startAddresses('192.168.1.5', interfaces)).toMatchObject({ local: '192.168.1.5', public: '192.168.1.5' });
    expect(`http://${urlHost(startAddresses('::1').local)}:8080`).toBe('http://[::1]:8080');
  });
});
