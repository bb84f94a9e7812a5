/**
 * The inquiry app's server entry: its pages and their render, and its contributions to other
 * apps' slots, rendered into their pages by the app server (docs/architecture.md, "Extension slots").
 */
import { createRemoteServerEntry } from '@steel/shared/server';
import { remote } from './app/remote';
import { inquiryContributionConditions, inquiryContributions } from './app/contributions';

export const { contract, pages, render, contributions, renderSlot } = createRemoteServerEntry(remote, {
  contributes: { components: inquiryContributions, order: 10, when: inquiryContributionConditions },
});
