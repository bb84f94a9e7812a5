import { PageRoutes } from '@steel/shared';
import { inquiryPages } from './page-definitions';

/** The inquiry app's own pages; any other path renders nothing. */
export function InquiryRoot() {
  return (
    <div data-app="inquiry" className="mx-auto w-full max-w-5xl px-4 py-6">
      <PageRoutes pages={inquiryPages} />
    </div>
  );
}
