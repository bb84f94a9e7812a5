/** `./slots`: the inquiry app's contributions to other apps' pages (docs/architecture.md, "Extension slots"). */
import { slotModule } from '@steel/shared/slots';
import { basketContributions } from './features/basket/contributions';

export default slotModule(basketContributions, {
  css: () => import(/* webpackChunkName: "styles" */ './app/styles.css'),
});
