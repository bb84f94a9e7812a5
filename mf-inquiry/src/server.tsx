/**
 * The inquiry app's server entry: its pages and their render, and its contributions to other
 * apps' slots, rendered into their pages by the app server (docs/architecture.md, "Extension slots").
 */
import { createRemoteServerEntry } from '@steel/shared/server';
import css from './app/styles.css';
import { InquiryRoot } from './app/inquiry-root';
import { inquiryPages } from './app/page-definitions';
import { inquiryContributions } from './app/contributions';

export const { contract, pages, render, contributions, renderSlot } = createRemoteServerEntry({
  app: 'inquiry',
  css,
  Root: InquiryRoot,
  pages: inquiryPages,
  contributes: { components: inquiryContributions, order: 10 },
});
