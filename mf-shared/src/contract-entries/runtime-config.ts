/**
 * `@steel/shared/runtime-config`, as apps import it today: the runtime config is the contract's
 * (`@steel/contract`); reading it from the page is the kit's.
 */
export * from '@steel/contract/runtime-config';
export { readRuntimeConfig } from '../runtime/read-runtime-config';
