/** The contract's version (docs/architecture.md, "The versioned contract"); `contract.ts` describes what it covers. */
export const CONTRACT_VERSION = '1.12.0';

const major = (version: string) => Number(/^(\d+)\./.exec(version)?.[1] ?? NaN);

/**
 * Two apps speak the same contract when their major versions agree: a minor version only adds
 * optional things, which the other side may lack.
 */
export function speaksContract(theirs: string | undefined, ours: string = CONTRACT_VERSION): boolean {
  return typeof theirs === 'string' && major(theirs) === major(ours);
}
