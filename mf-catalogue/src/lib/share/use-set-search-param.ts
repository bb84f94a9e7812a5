import { useSearchParams } from 'react-router';
import type { PageUrl } from '@steel/shared';

/**
 * Sets (or, with an empty value, removes) one query parameter of the page's URL, keeping the
 * others: filters live in the URL so a filtered view can be linked and is rendered on the server.
 */
export function useSetSearchParam(url: PageUrl, options: { replace?: boolean } = {}) {
  const [, setSearchParams] = useSearchParams();
  return (name: string, value: string) => {
    const params = new URLSearchParams(url.search);
    if (value) params.set(name, value);
    else params.delete(name);
    setSearchParams(params, options);
  };
}
