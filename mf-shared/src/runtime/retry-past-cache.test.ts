import { CHUNK_SCRIPT_GLOBAL } from '@steel/contract/integrity';
import {
  RETRY_PARAM,
  forgetScriptFailures,
  installRetryPastCache,
  loadPastCacheAfterFailure,
  scriptUrlAfterFailures,
} from './retry-past-cache';

const url = 'http://localhost/builds/catalogue/c1/product.ab12.js';

/** A <script> as webpack's chunk loader prepares it: src and digest set, then handed over. */
function chunkScript(src = url) {
  const script = document.createElement('script');
  script.src = src;
  script.integrity = 'sha384-published';
  loadPastCacheAfterFailure(script, src);
  return script;
}

describe('a script that failed is asked for past the browser cache the next time', () => {
  beforeEach(() => forgetScriptFailures());

  it('loads a script that never failed from its own URL', () => {
    expect(chunkScript().src).toBe(url);
  });

  it('after a failure, asks for it with a query of its own and keeps the published digest', () => {
    chunkScript().dispatchEvent(new Event('error'));
    const retried = chunkScript();
    const retriedUrl = new URL(retried.src);
    expect(retriedUrl.origin + retriedUrl.pathname).toBe(url);
    expect(retriedUrl.searchParams.get(RETRY_PARAM)).toMatch(/^[a-z0-9]+$/);
    expect(retried.integrity).toBe('sha384-published');
    // Other scripts are untouched.
    expect(chunkScript('http://localhost/builds/catalogue/c1/other.cd34.js').src).toBe(
      'http://localhost/builds/catalogue/c1/other.cd34.js',
    );
  });

  it('a retry that failed too is asked for with a new query (never from the cache of the failed retry)', () => {
    chunkScript().dispatchEvent(new Event('error'));
    const first = chunkScript();
    first.dispatchEvent(new Event('error'));
    expect(chunkScript().src).not.toBe(first.src);
    // A load that worked keeps its URL: the next page of the tab finds it in the cache.
    expect(chunkScript().src).toBe(chunkScript().src);
  });

  it('remembers failures for the tab, so a reload asks past the cache too', () => {
    chunkScript().dispatchEvent(new Event('error'));
    expect(window.sessionStorage.getItem('steel:failed-scripts')).toContain(url);
    expect(scriptUrlAfterFailures(url)).toContain(`${RETRY_PARAM}=`);
  });

  it('is what every chunk loader finds on the page', () => {
    const scope: Record<string, unknown> = {};
    installRetryPastCache(scope);
    expect(scope[CHUNK_SCRIPT_GLOBAL]).toBe(loadPastCacheAfterFailure);
  });
});
