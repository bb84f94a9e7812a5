import { Link2 } from 'lucide-react';
import { useShell } from '@steel/shared';

/**
 * «کپی پیوند»: copies the page's address to share it (a customer sending a category to a
 * colleague) and confirms with a toast in the shell's notification area through the bus.
 */
export function CopyLinkButton() {
  const { bus } = useShell();

  const copy = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      bus.emit('toast:add', { title: 'کپی شد', description: decodeURI(url), color: 'success' });
    } catch {
      // No clipboard (insecure page, permission refused): say so rather than fail silently.
      bus.emit('toast:add', { title: 'کپی پیوند ممکن نشد', description: decodeURI(url), color: 'error' });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex w-fit items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Link2 aria-hidden="true" className="size-4" />
      کپی پیوند
    </button>
  );
}
