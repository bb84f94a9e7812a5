import { useId, type FormEvent } from 'react';
import { useShell } from '@steel/shared';

/** A plain GET form to the search page: works before (and without) the page's script. */
export function SearchEntry() {
  const id = useId();
  const { navigate } = useShell();
  // With the script, the search page opens without a full page load.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const typed = new FormData(event.currentTarget).get('q');
    const query = typeof typed === 'string' ? typed.trim() : '';
    event.preventDefault();
    navigate(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  };
  return (
    <form action="/search" method="get" role="search" className="flex gap-2" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        جستجوی محصول، دسته‌بندی، کارخانه یا مقاله
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="جستجو: میلگرد ۱۴، ورق گالوانیزه، تیرآهن…"
        className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="submit"
        className="min-h-11 shrink-0 rounded-md bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800"
      >
        جستجو
      </button>
    </form>
  );
}
