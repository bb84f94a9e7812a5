/**
 * Search engines and link previews (docs/behaviour.md, "Error pages"): they never get the error page, only the
 * layout (the status code still tells them). One rule for the browser's error pipeline and the
 * server's render and page cache.
 */
export const BOT_USER_AGENT = /bot\b|chrome-lighthouse|facebookexternalhit|google\b/i;

export const isBot = (userAgent: string) => BOT_USER_AGENT.test(userAgent);
