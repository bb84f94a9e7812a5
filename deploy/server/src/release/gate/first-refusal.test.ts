/** @jest-environment node */
/**
 * The gate opens pages two at a time; the first refusal either lane finds is its verdict, whatever
 * the other lane finds after it.
 */
import { firstRefusalInLanes } from './check-lanes';

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

  it('checks what a check adds while it runs at once, in the lane that had found nothing to do, and keeps its refusal', async () => {
    const seen: string[] = [];
    const check = async (item: string, enqueue: (item: string) => void) => {
      seen.push(`start ${item}`);
      if (item === 'slowPushing') {
        // Found mid-check (a page to open again signed in), after the other lane emptied the queue.
        await after(10, null);
        enqueue('pushed');
        await after(30, null);
      } else await after(item === 'quick' ? 1 : 5, null);
      seen.push(`end ${item}`);
      return item === 'pushed' ? 'smoke mount: catalogue /rebar/kalaf/rebar-kalaf-1 (signed in): throws' : null;
    };
    await expect(firstRefusalInLanes(['quick', 'slowPushing'], 2, check)).resolves.toBe(
      'smoke mount: catalogue /rebar/kalaf/rebar-kalaf-1 (signed in): throws',
    );
    // The idle lane took it at once, beside the check that pushed it.
    expect(seen.indexOf('start pushed')).toBeLessThan(seen.indexOf('end slowPushing'));
  });

  it('throws what a check threw only once the other lane has ended, and starts nothing after it', async () => {
    const seen: string[] = [];
    const check = async (item: string) => {
      seen.push(`start ${item}`);
      if (item === 'throws') throw new Error('browser gone');
      await after(20, null);
      seen.push(`end ${item}`);
      return null;
    };
    await expect(firstRefusalInLanes(['slow', 'throws', 'never'], 2, check)).rejects.toThrow('browser gone');
    expect(seen).toEqual(['start slow', 'start throws', 'end slow']);
  });

  it('takes what a check adds before the items still waiting', async () => {
    const started: string[] = [];
    const check = async (item: string, enqueue: (item: string) => void) => {
      started.push(item);
      if (item === 'product') enqueue('product signed in');
      return after(1, null);
    };
    await expect(firstRefusalInLanes(['product', 'blog', 'search'], 1, check)).resolves.toBeNull();
    expect(started).toEqual(['product', 'product signed in', 'blog', 'search']);
  });
});
