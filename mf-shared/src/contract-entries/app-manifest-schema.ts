/** `@steel/shared/manifest-schema`, as apps import it today: the schema lives in `@steel/contract`. */
export * from '@steel/contract/app-manifest-schema';
