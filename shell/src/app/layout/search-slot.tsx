import { Search } from 'lucide-react';
import { Link } from '@steel/shared';
import { HEADER_ICON_BUTTON } from './header-icon-button';

/**
 * SEARCH SLOT — the header's one place for search. For now a link-button to `/search`; the
 * search command palette (shell/src/features/search/) puts its trigger in this component's body,
 * and nothing else in the header changes.
 */
export function SearchSlot({ className = '' }: { className?: string }) {
  return (
    <Link to="/search" aria-label="جستجو" className={`${HEADER_ICON_BUTTON} ${className}`}>
      <Search aria-hidden="true" className="size-5" />
    </Link>
  );
}
