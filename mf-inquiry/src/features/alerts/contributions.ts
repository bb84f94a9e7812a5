import type { SlotComponents } from '@steel/shared/slots';
import { AlertsCard } from './alerts-card';
import { PriceAlertForm } from './price-alert-form';

/** Price alerts on other apps' pages: the product page's «خبرم کن…», the panel dashboard's card. */
export const alertContributions: SlotComponents = {
  'product.actions': PriceAlertForm,
  'panel.dashboard': AlertsCard,
};
