/**
 * Ends the current task and resumes in a new one, so the browser may paint and handle input in
 * between: start-up work split at such points makes several short tasks instead of one long one
 * (a long task is what a phone's visitor feels, and what Total Blocking Time counts). Uses
 * `scheduler.yield()` where the browser has it — the continuation then runs before other queued
 * work — and a zero-delay timer elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
