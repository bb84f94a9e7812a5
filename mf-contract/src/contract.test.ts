/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';
import { CONTRACT_VERSION, describeContract, mountPropProblems, speaksContract } from './contract';
import { bumpedEnough, requiredBump } from './contract-change';
import { incompatibility, samplePath } from './app-manifest';
import { parseAppManifest, validRegistryEntries } from './app-manifest-schema';
import type { PageRoute } from './app-manifest';

const PUBLISHED = path.join(__dirname, '../published-contract.json');

describe('the published contract', () => {
  it('changes only with the version bump the change needs (update mf-contract/published-contract.json when you publish)', () => {
    const published = JSON.parse(fs.readFileSync(PUBLISHED, 'utf8')) as Record<string, unknown> & { version: string };
    const current = JSON.parse(JSON.stringify(describeContract())) as Record<string, unknown>;
    const { bump, reasons } = requiredBump(published, current);
    if (!bumpedEnough(published.version, CONTRACT_VERSION, bump)) {
      throw new Error(
        `The contract changed (${reasons.join('; ')}): CONTRACT_VERSION ${CONTRACT_VERSION} needs a ${bump} bump over ${published.version}`,
      );
    }
    // With the right bump, the description as published must follow.
    if (CONTRACT_VERSION === published.version) expect(current).toEqual(published);
  });

  it('calls a removed or retyped prop or event breaking, an added optional one a minor change', () => {
    const base = {
      version: '1.0.0',
      shellContext: { navigate: { kind: 'function', required: true } },
      events: ['a', 'b'],
    };
    expect(requiredBump(base, { ...base, shellContext: {} }).bump).toBe('major');
    expect(requiredBump(base, { ...base, shellContext: { navigate: { kind: 'object', required: true } } }).bump).toBe(
      'major',
    );
    expect(requiredBump(base, { ...base, events: ['a'] }).bump).toBe('major');
    expect(requiredBump(base, { ...base, events: ['a', 'b', 'c'] }).bump).toBe('minor');
    expect(
      requiredBump(base, {
        ...base,
        shellContext: { ...base.shellContext, track: { kind: 'function', required: false } },
      }).bump,
    ).toBe('minor');
    expect(requiredBump(base, { ...base, version: '9.9.9' }).bump).toBe('none');
    expect(bumpedEnough('1.2.0', '1.3.0', 'minor')).toBe(true);
    expect(bumpedEnough('1.2.0', '1.3.0', 'major')).toBe(false);
    expect(bumpedEnough('1.2.0', '2.0.0', 'major')).toBe(true);
  });
});

describe('checks at run time', () => {
  const props = { bus: {}, session: {}, api: {}, queryClient: {}, config: {}, navigate: () => undefined };

  it('finds a renamed, missing or retyped mount prop', () => {
    expect(mountPropProblems(props)).toEqual([]);
    const { navigate, ...renamed } = props;
    expect(mountPropProblems({ ...renamed, goTo: navigate })).toEqual(['the mount prop "navigate" is missing']);
    expect(mountPropProblems({ ...props, prefetch: 'yes' })).toEqual([
      'the mount prop "prefetch" is a string, not a function',
    ]);
  });

  it('speaks a contract of the same major only', () => {
    expect(speaksContract('1.7.0', '1.0.0')).toBe(true);
    expect(speaksContract('2.0.0', '1.0.0')).toBe(false);
    expect(speaksContract('0.9.0', '1.0.0')).toBe(false);
    expect(speaksContract(undefined, '1.0.0')).toBe(false);
  });

  it('finds a remote the shell cannot serve: another contract major, a shared range the shell misses', () => {
    const shell = { contract: '1.0.0', shared: { react: { version: '19.3.1', requiredVersion: '^19.3.1' } } };
    expect(
      incompatibility(
        shell,
        { contract: '1.2.0', shared: { react: { version: '19.3.1', requiredVersion: '^19.0.0' } } },
        satisfy,
      ),
    ).toBeNull();
    expect(
      incompatibility(
        shell,
        { contract: '1.0.0', shared: { react: { version: '18.3.1', requiredVersion: '^18.3.1' } } },
        satisfy,
      ),
    ).toBe('it requires react ^18.3.1, the shell shares 19.3.1');
    expect(incompatibility(shell, { contract: '2.0.0', shared: {} }, satisfy)).toBe(
      'it speaks contract 2.0.0, the shell speaks 1.0.0',
    );
    expect(
      incompatibility(
        shell,
        { contract: '1.0.0', shared: { mitt: { version: '3.0.1', requiredVersion: '^3.0.1' } } },
        satisfy,
      ),
    ).toMatch(/does not share/);
  });

  it('parses manifests and registry entries with the schema and leaves out what breaks it', () => {
    const page: PageRoute = { path: '/blog/:slug', rendering: 'server', guards: ['cache'], layout: 'default' };
    expect(samplePath(page)).toBe('/blog/sample');
    expect(samplePath({ ...page, path: '/rebar/*' })).toBe('/rebar');
    expect(() =>
      parseAppManifest({
        app: 'blog',
        contract: '1.0.0',
        shared: {},
        pages: [{ ...page, guards: ['admin'] }],
        serverEntry: null,
      }),
    ).toThrow();
    const problems: string[] = [];
    const valid = validRegistryEntries(
      {
        blog: { version: 'a', entry: '/e', contract: '1.0.0', shared: {}, pages: [page] },
        panel: { version: 'b', entry: '/e' },
      },
      (app, problem) => problems.push(`${app}: ${problem}`),
    );
    expect(Object.keys(valid)).toEqual(['blog']);
    expect(problems[0]).toMatch(/^panel: its registry entry is malformed/);
  });
});
