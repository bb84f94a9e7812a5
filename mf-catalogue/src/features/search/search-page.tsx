import { useState, type FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { textParameter } from '@steel/contract';
import {
  Link,
  PAGE_RESULTS_PER_GROUP,
  PageHeader,
  SEARCH_LABEL,
  SEARCH_QUERY_MAX_LENGTH,
  formatNumber,
  searchPageHref,
  searchQueryText,
  searchResultGroups,
  siteSearchQuery,
  ui,
  useShell,
  useTypedBeforeHydration,
  type PageDefinition,
  type PageUrl,
  type SearchResultGroup,
} from '@steel/shared';

const queryOf = (url: PageUrl) => searchQueryText(url.search.get('q'));

/**
 * `/search?q=`: the site search as a page, so a search is a link and its
 * results are in the served HTML. The same CMS search as the header's palette, more per group.
 * The form is a plain GET form (works before any script); in the browser it navigates in place.
 */
export const searchPage: PageDefinition = {
  path: '/search',
  // The CMS searches at most 100 characters (deploy/cms/src/api/search): a longer query is no search.
  query: [textParameter('q', { maxLength: 100 })],
  data: (url, { api }) => (queryOf(url) ? [siteSearchQuery(api, queryOf(url), PAGE_RESULTS_PER_GROUP)] : []),
  head: (url) => {
    const query = queryOf(url);
    // Result lists are not pages for search engines.
    return {
      title: query ? `${SEARCH_LABEL}: «${query}»` : SEARCH_LABEL,
      description: 'جستجو در محصولات، دسته‌بندی‌ها، کارخانه‌ها و مقالات.',
      canonical: '/search',
      noindex: true,
    };
  },
  Page: SearchPageView,
};

function SearchPageView({ url }: { url: PageUrl }) {
  const query = queryOf(url);
  return (
    <section className="max-w-4xl">
      <PageHeader title={SEARCH_LABEL} breadcrumb={[{ label: SEARCH_LABEL }]} />
      <SearchForm key={query} query={query} />
      {query && <SearchResults query={query} />}
    </section>
  );
}

function SearchForm({ query }: { query: string }) {
  const { navigate } = useShell();
  const [value, setValue] = useState(query);
  const inputRef = useTypedBeforeHydration(value, setValue);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchPageHref(value));
  };
  return (
    <form role="search" action="/search" method="get" onSubmit={submit} className="mt-4 flex gap-2">
      <label htmlFor="search-page-query" className="sr-only">
        {SEARCH_LABEL}
      </label>
      <input
        ref={inputRef}
        id="search-page-query"
        name="q"
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder={ui.commandPlaceholder}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-primary-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800"
      >
        <Search aria-hidden="true" className="size-4" />
        {SEARCH_LABEL}
      </button>
    </form>
  );
}

function SearchResults({ query }: { query: string }) {
  const { api } = useShell();
  const { data } = useSuspenseQuery(siteSearchQuery(api, query, PAGE_RESULTS_PER_GROUP));
  const groups = searchResultGroups(data);
  if (groups.length === 0) {
    return <p className="mt-8 text-center text-slate-600 dark:text-slate-400">{ui.noMatch}</p>;
  }
  return (
    <div className="mt-6 space-y-6" data-search-results>
      {groups.map((group) => (
        <ResultGroup key={group.type} group={group} />
      ))}
    </div>
  );
}

function ResultGroup({ group }: { group: SearchResultGroup }) {
  const headingId = `search-group-${group.type}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-lg font-bold text-slate-800 dark:text-slate-100">
        {group.title}{' '}
        <span className="text-sm font-normal text-slate-500 dark:text-slate-400">
          ({formatNumber(group.total)} نتیجه)
        </span>
      </h2>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {group.items.map((item) => (
          <li key={item.documentId}>
            <Link
              to={item.href}
              className="flex items-baseline justify-between gap-3 px-4 py-2.5 text-slate-800 hover:bg-primary-50 hover:text-primary-800 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <span>{item.title}</span>
              {item.subtitle && (
                <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{item.subtitle}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      {group.total > group.items.length && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {formatNumber(group.items.length)} نتیجهٔ نخست از {formatNumber(group.total)}؛ برای نتایج دقیق‌تر واژه‌های
          بیشتری بنویسید.
        </p>
      )}
    </section>
  );
}
