/**
 * How a change of the contract's description must move its version: a removal or a change of
 * anything that exists is breaking (major), an addition is a minor bump, nothing is nothing.
 */
export type ContractDescription = Record<string, unknown>;
export type Bump = 'major' | 'minor' | 'none';

/** Flattens a description into `path → value` leaves (arrays of names become `path[name]` leaves). */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    for (const item of value) out.set(`${prefix}[${item}]`, 'present');
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  } else {
    out.set(prefix, JSON.stringify(value));
  }
  return out;
}

/** The bump the change from `previous` to `current` needs, ignoring the version field itself. */
export function requiredBump(
  previous: ContractDescription,
  current: ContractDescription,
): { bump: Bump; reasons: string[] } {
  const [before, after] = [leaves({ ...previous, version: undefined }), leaves({ ...current, version: undefined })];
  const breaking: string[] = [];
  const added: string[] = [];
  for (const [path, value] of before) {
    if (!after.has(path)) breaking.push(`removed ${path}`);
    else if (after.get(path) !== value) {
      // An optional field becoming required breaks the apps that did not send it; the reverse does not.
      const relaxed = path.endsWith('.required') && value === 'true' && after.get(path) === 'false';
      (relaxed ? added : breaking).push(`changed ${path}: ${value} → ${after.get(path)}`);
    }
  }
  for (const path of after.keys()) if (!before.has(path)) added.push(`added ${path}`);
  return { bump: breaking.length ? 'major' : added.length ? 'minor' : 'none', reasons: [...breaking, ...added] };
}

/** Whether `next` is at least the bump `bump` above `previous` (semantic versions `x.y.z`). */
export function bumpedEnough(previous: string, next: string, bump: Bump): boolean {
  const [pMajor = 0, pMinor = 0] = previous.split('.').map(Number);
  const [nMajor = 0, nMinor = 0] = next.split('.').map(Number);
  if (bump === 'major') return nMajor > pMajor;
  if (bump === 'minor') return nMajor > pMajor || (nMajor === pMajor && nMinor > pMinor);
  return true;
}
