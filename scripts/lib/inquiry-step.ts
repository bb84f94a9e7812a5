/**
 * Whether `npm start` registers and deploys the inquiry team's app (lib/inquiry-app.ts does it),
 * decided from the builds folder alone.
 */
export const INQUIRY = { name: 'inquiry', paths: '/inquiry/**', team: 'inquiry-team' } as const;

/** What `npm start` does about the inquiry app on a builds folder. */
export type InquiryStep =
  /** No app was ever registered or removed here (no apps.json): register it, then deploy it. */
  | 'register-and-deploy'
  /** Registered, with nothing live (a first deploy that failed): deploy it. */
  | 'deploy'
  /** Live already, or the platform's registry leaves it out (removed, or never wanted): nothing. */
  | 'nothing';

/**
 * Only a builds folder that still serves the seeded list gets the app registered: once the
 * platform has changed the list, its word stands — an inquiry app it removed is not brought back.
 */
export function inquiryStep(state: {
  registry: Array<{ name: string }> | null;
  liveVersion: string | null;
}): InquiryStep {
  if (state.registry === null) return 'register-and-deploy';
  if (!state.registry.some((app) => app.name === INQUIRY.name)) return 'nothing';
  return state.liveVersion ? 'nothing' : 'deploy';
}
