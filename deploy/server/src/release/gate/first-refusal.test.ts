/** @jest-environment node */
/**
 * The gate opens pages two at a time; the first refusal either lane finds is its verdict, whatever
 * the other lane finds after it.
 */
import { firstRefusalInLanes } from './smoke';

const after = (ms: number, verdict: string | null) =>
  new Promise<string | null>((resolve) => setTimeout(() => resolve(verdict), ms));

describe('firstRefusalInLanes', () => {
  it('keeps a refusal found while the other lane is still checking a page that passes', async () => {
    const verdicts: Record<string, () => Promise<string | null>> = {
      broken: () => after(5, 'smoke mount: catalogue /rebar/kalaf/rebar-kalaf-1: product view throws'),
      slowButGood: () => after(40, null),
    };
    await expect(firstRefusalInLanes(['slowButGood', 'broken'], 2, (page) => verdicts[page]!())).resolves.toBe(
      'smoke mount: catalogue /rebar/kalaf/rebar-kalaf-1: product view throws',
    );
  });

  it('starts no page after a refusal, and passes when every page passes', async () => {
    const checked: string[] = [];
    const check = async (page: string) => {
      checked.push(page);
      return after(1, page === 'b' ? `refused ${page}` : null);
    };
    await expect(firstRefusalInLanes(['a', 'b', 'c', 'd', 'e'], 1, check)).resolves.toBe('refused b');
    expect(checked).toEqual(['a', 'b']);
    await expect(firstRefusalInLanes(['a', 'c', 'd'], 2, check)).resolves.toBeNull();
  });
});
