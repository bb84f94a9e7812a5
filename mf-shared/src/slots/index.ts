export { Slot, ServerSlots } from './slot';
export {
  lazyContribution,
  slotModule,
  type LazyContribution,
  type SlotComponents,
  type SlotContributionSources,
} from './define-contributions';
export * from './slot-host';
export { slotChunkName } from '@steel/contract/slots';
