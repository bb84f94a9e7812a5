/**
 * `@steel/shared/contract`, as apps import it today: the contract now lives in `@steel/contract`
 * (docs/architecture.md, "Contracts between apps"); new code imports that package.
 */
export * from '@steel/contract';
