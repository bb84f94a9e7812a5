/**
 * The markup of a slot's contributions (docs/architecture.md, "Extension slots"), and the types of
 * the mount prop `slots` and of a contributor's `./slots` module.
 */
// The types live with the mount props (`slots` is one): re-exported here beside the markup's names.
export type {
  ContributionMount,
  ContributionMountOptions,
  MountedContribution,
  SlotHost,
  SlotModule,
} from '../contracts/shell-context';

/** The element a contribution lives in, inside its slot. */
export const CONTRIBUTION_ATTRIBUTE = 'data-slot-contribution';
/** Set on a contribution's element when it holds server markup; its value is the root's useId prefix. */
export const CONTRIBUTION_SSR_ATTRIBUTE = 'data-slot-ssr';
/**
 * Set on a contribution's element once its root has rendered it in the browser (hydrated the
 * server's markup, or drawn its own): until then a server-rendered button is inert. What tests
 * wait for before they click.
 */
export const CONTRIBUTION_MOUNTED_ATTRIBUTE = 'data-slot-mounted';
