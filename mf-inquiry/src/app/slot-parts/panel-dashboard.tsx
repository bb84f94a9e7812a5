/** The customer panel dashboard's card of price alerts. A chunk of its own in the browser. */
import { AlertsCard } from '../../features/alerts/alerts-card';
import { composeSlotParts } from './compose-slot-parts';

export default composeSlotParts('panel.dashboard', [AlertsCard]);
