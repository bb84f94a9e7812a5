import { useSearchParams } from '@steel/shared/router';
import { canonicalSearch, type QueryParameter } from '@steel/contract';
import { type PageUrl } from '@steel/shared';

/**
 * Sets (or, with an empty value, removes) one query parameter of the page's URL, keeping the
 * others: filters live in the URL so a filtered view can be linked and is rendered on the server.
 * The URL is written in the page's canonical spelling (`declared`: its page definition's query),
 * so a reload or a shared link is not redirected.
 */
export function useSetSearchParam(
  url: PageUrl,
  declared: readonly QueryParameter[],
  options: { replace?: boolean } = {},
) {
  const [, setSearchParams] = useSearchParams();
  return (name: string, value: string) => {
    const params = new URLSearchParams(url.search);
    if (value) params.set(name, value);
    else params.delete(name);
    setSearchParams(new URLSearchParams(canonicalSearch(params, declared)), options);
  };
}
