/** `./slots`: the inquiry app's contributions to other apps' pages (docs/architecture.md, "Extension slots"). */
import { slotModule } from '@steel/shared/slots';
import { inquiryContributions } from './app/contributions';

export default slotModule(inquiryContributions, {
  css: () => import(/* webpackChunkName: "styles" */ './app/styles.css'),
});
