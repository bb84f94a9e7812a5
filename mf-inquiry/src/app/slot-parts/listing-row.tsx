/** Each listing row's end: the basket button, then «مقایسه». A chunk of its own in the browser. */
import { AddRowToInquiry } from '../../features/basket/add-to-inquiry';
import { CompareToggle } from '../../features/compare/compare-toggle';
import { composeSlotParts } from './compose-slot-parts';

export default composeSlotParts('listing.row', [AddRowToInquiry, CompareToggle]);
