export { Slot, ServerSlots } from './slot';
export { slotModule, type SlotComponents } from './define-contributions';
export * from './slot-host';
