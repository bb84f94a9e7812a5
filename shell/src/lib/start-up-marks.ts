/**
 * User-timing marks of a page's start-up steps, which the bench reads to show where a phone's time
 * goes (scripts/bench-federation-cost.ts): `steel:shell-start` once the shell's modules have run,
 * then per remote `steel:<app>:load` (its entry and code asked for), `steel:<app>:loaded` (code
 * run, bootstrapped) and `steel:<app>:mounted` (hydrated or rendered), and per contributor to a
 * page's slots `steel:<app>:slots-load` and `steel:<app>:slots-loaded` (its `./slots` module asked
 * for, and run). A mark costs microseconds;
 * a browser without user timing records nothing.
 */
export function markStartUp(step: string): void {
  globalThis.performance?.mark?.(`steel:${step}`);
}
