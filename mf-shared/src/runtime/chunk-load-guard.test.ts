import { installChunkLoadGuard, isChunkLoadError } from './chunk-load-guard';

function chunkLoadError(message: string) {
  const error = new Error(message);
  error.name = 'ChunkLoadError';
  return error;
}

describe('installChunkLoadGuard', () => {
  it('reports a ChunkLoadError from __webpack_require__.e and still rejects', async () => {
    const failure = chunkLoadError('Loading chunk 42 failed.');
    const runtime = { e: jest.fn((_id: string | number) => Promise.reject(failure)) };
    const onError = jest.fn();
    expect(installChunkLoadGuard(onError, runtime)).toBe(true);
    await expect(runtime.e(42)).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('wraps once; a second install only swaps the callback', async () => {
    const runtime = { e: jest.fn((_id: string | number) => Promise.reject(chunkLoadError('Loading chunk 1 failed.'))) };
    const first = jest.fn();
    const second = jest.fn();
    installChunkLoadGuard(first, runtime);
    const wrapped = runtime.e;
    installChunkLoadGuard(second, runtime);
    expect(runtime.e).toBe(wrapped);
    await expect(runtime.e(1)).rejects.toThrow();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('ignores CSS chunk failures and errors that are not chunk errors', async () => {
    const css = new Error('Loading CSS chunk 7 failed.');
    const other = new Error('boom');
    const runtime = { e: jest.fn().mockRejectedValueOnce(css).mockRejectedValueOnce(other) };
    const onError = jest.fn();
    installChunkLoadGuard(onError, runtime);
    await expect(runtime.e(7)).rejects.toBe(css);
    await expect(runtime.e(8)).rejects.toBe(other);
    expect(onError).not.toHaveBeenCalled();
  });

  it('does nothing outside webpack', () => {
    expect(installChunkLoadGuard(jest.fn())).toBe(false);
  });

  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});
