import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resumes in a later task: a timer queued before it has run first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('after the yield');
    expect(order).toEqual(['queued task', 'after the yield']);
  });

  it("uses the browser's scheduler.yield() where it exists", async () => {
    const schedulerYield = jest.fn(() => Promise.resolve());
    Object.assign(globalThis, { scheduler: { yield: schedulerYield } });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
