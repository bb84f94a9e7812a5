/** The header's counters: the basket's, then the comparison's. A chunk of its own in the browser. */
import { BasketCounter } from '../../features/basket/basket-counter';
import { CompareCounter } from '../../features/compare/compare-toggle';
import { composeSlotParts } from './compose-slot-parts';

export default composeSlotParts('header.counter', [BasketCounter, CompareCounter]);
