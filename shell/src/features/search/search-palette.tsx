import { useEffect, useState, type RefObject } from 'react';
import { Command } from 'cmdk';
import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle, Search } from 'lucide-react';
import {
  PALETTE_RESULTS_PER_GROUP,
  SEARCH_LABEL,
  SEARCH_QUERY_MAX_LENGTH,
  searchPageHref,
  searchQueryText,
  searchResultGroups,
  siteSearchQuery,
  ui,
  useShell,
} from '@steel/shared';

/** Typing settles for this long before the CMS is asked. */
const DEBOUNCE_MS = 200;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What had focus when the palette was opened; it gets it back on close. */
  openedFrom: RefObject<Element | null>;
  /** Focus goes here on close when nothing had focus (a shortcut pressed on the bare page). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The command palette: cmdk inside a Radix dialog (focus kept inside, Escape
 * closes, focus returns). The CMS does the matching (`siteSearchQuery`), so cmdk's own filter is
 * off; arrows move through the grouped results, Enter opens one with the shell's navigation,
 * «همه نتایج» opens the `/search?q=` page.
 */
export default function SearchPalette({ open, onOpenChange, openedFrom, returnFocusTo }: SearchPaletteProps) {
  const { api, queryClient, navigate } = useShell();
  const [input, setInput] = useState('');
  const typed = searchQueryText(input);
  const query = searchQueryText(useDebounced(input, DEBOUNCE_MS));
  const settled = query === typed;
  const search = useQuery(
    {
      ...siteSearchQuery(api, query, PALETTE_RESULTS_PER_GROUP),
      enabled: open && query !== '',
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };

  const groups = typed ? searchResultGroups(search.data) : [];
  const waiting = typed !== '' && (!settled || search.isFetching);
  const nothingFound = typed !== '' && settled && search.isSuccess && !search.isFetching && groups.length === 0;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-x-3 top-[10vh] z-50 mx-auto max-w-xl overflow-hidden rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
          onCloseAutoFocus={(event) => {
            // Back to what had focus; after a shortcut on the bare page, to the search button.
            event.preventDefault();
            const before = openedFrom.current;
            if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus();
            else returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">{SEARCH_LABEL}</Dialog.Title>
          <Command
            shouldFilter={false}
            loop
            label={SEARCH_LABEL}
            className="flex max-h-[70vh] flex-col text-slate-800 dark:text-slate-100"
          >
            <div className="flex items-center gap-2 border-b border-slate-200 px-3 dark:border-slate-700">
              {waiting ? (
                <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-primary-600" />
              ) : (
                <Search aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              )}
              <Command.Input
                value={input}
                onValueChange={setInput}
                maxLength={SEARCH_QUERY_MAX_LENGTH}
                placeholder={ui.commandPlaceholder}
                className="h-12 w-full bg-transparent text-base outline-none placeholder:text-slate-400"
              />
            </div>
            <Command.List className="overflow-y-auto p-2" aria-busy={waiting || undefined}>
              {waiting && groups.length === 0 && (
                <Command.Loading
                  label="در حال جستجو"
                  className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400"
                >
                  در حال جستجو…
                </Command.Loading>
              )}
              {search.isError && settled && (
                <div role="alert" className="space-y-2 px-3 py-6 text-center text-sm text-red-700 dark:text-red-300">
                  <p>جستجو انجام نشد؛ اتصال را بررسی کنید و دوباره تلاش کنید.</p>
                  <button
                    type="button"
                    onClick={() => void search.refetch()}
                    className="rounded-md border border-red-300 px-3 py-1 hover:bg-red-50 dark:border-red-700 dark:hover:bg-red-950"
                  >
                    تلاش دوباره
                  </button>
                </div>
              )}
              {nothingFound && !search.isError && (
                <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{ui.noMatch}</p>
              )}
              {groups.map((group) => (
                <Command.Group
                  key={group.type}
                  heading={group.title}
                  className="mb-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-bold [&_[cmdk-group-heading]]:text-slate-500 dark:[&_[cmdk-group-heading]]:text-slate-400"
                >
                  {group.items.map((item) => (
                    <Command.Item
                      key={`${group.type}:${item.documentId}`}
                      value={`${group.type}:${item.documentId}`}
                      onSelect={() => go(item.href)}
                      className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-primary-50 data-[selected=true]:text-primary-900 dark:data-[selected=true]:bg-slate-800 dark:data-[selected=true]:text-primary-200"
                    >
                      <span>{item.title}</span>
                      {item.subtitle && (
                        <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{item.subtitle}</span>
                      )}
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
              {groups.length > 0 && (
                <Command.Item
                  value="all-results"
                  onSelect={() => go(searchPageHref(query))}
                  className="mt-1 flex cursor-pointer items-center justify-between rounded-md border-t border-slate-200 px-3 py-2 text-sm font-medium text-primary-700 data-[selected=true]:bg-primary-50 dark:border-slate-700 dark:text-primary-300 dark:data-[selected=true]:bg-slate-800"
                >
                  همه نتایج
                  <ArrowLeft aria-hidden="true" className="size-4" />
                </Command.Item>
              )}
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
