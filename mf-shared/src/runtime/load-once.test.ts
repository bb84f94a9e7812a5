import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller', async () => {
    const load = jest.fn(async () => 'css');
    const get = loadOnce(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['css', 'css']);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure: the next call loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce('css');
    const get = loadOnce(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('chunk failed');
    await expect(get()).resolves.toBe('css');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
