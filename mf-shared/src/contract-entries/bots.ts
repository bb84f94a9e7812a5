/** `@steel/shared/bots`, as apps import it today: the bot rule lives in `@steel/contract`. */
export * from '@steel/contract/bots';
