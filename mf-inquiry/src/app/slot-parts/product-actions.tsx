/** The product page's actions: the basket form, then the price alert. A chunk of its own in the browser. */
import { AddToInquiry } from '../../features/basket/add-to-inquiry';
import { PriceAlertForm } from '../../features/alerts/price-alert-form';
import { composeSlotParts } from './compose-slot-parts';

export default composeSlotParts('product.actions', [AddToInquiry, PriceAlertForm]);
