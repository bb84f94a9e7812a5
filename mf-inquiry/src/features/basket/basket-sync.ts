/**
 * The basket kept in the account (docs/architecture.md, "Extension slots", the inquiry remote).
 *
 * Signed out, the basket is the browser's (basket-store.ts). When the session becomes signed in,
 * the browser's lines and the account's are merged (unionOfBaskets) and written back; from then on
 * every change made on the page is written to the account too, shortly after it (one write for a
 * burst of presses), while the browser's copy stays as the page's mirror so the header's counter
 * never waits for the network. A write that fails leaves the lines in the browser and marks them
 * unsynced: the next change or sign-in merges them again, so nothing is lost.
 *
 * On sign-out the browser's copy is emptied: it is the account's now (kept there), and the next
 * person at this browser — a shared office computer is common — must not see or send the previous
 * buyer's bill of materials. Lines that never reached the account (the last write failed) are the
 * exception: they stay, as a signed-out basket, and join whichever account signs in next.
 */
import { useEffect } from 'react';
import { useShell, type ShellContext } from '@steel/shared';
import { basketLines, clearBasket, onBasketSaved, replaceBasket } from './basket-store';
import { sameLines, toAccountLines, toBasketLines, unionOfBaskets, type AccountLine } from './basket-merge';
import { findBasketProducts, readAccountBasket, writeAccountBasket } from './basket-account';

/** Which account the browser's copy mirrors, and whether its last change reached it. */
export const SYNC_STATE_KEY = 'steel-inquiry-basket-account';
/** A burst of presses (quantity typed digit by digit) is one write. */
export const SYNC_DELAY_MS = 700;

export interface SyncState {
  user: string;
  synced: boolean;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readState(): SyncState | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(SYNC_STATE_KEY) ?? 'null') as SyncState | null;
    return parsed && typeof parsed.user === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

function writeState(state: SyncState | null): void {
  if (state) storage()?.setItem(SYNC_STATE_KEY, JSON.stringify(state));
  else storage()?.removeItem(SYNC_STATE_KEY);
}

/**
 * What the account should hold once this browser's lines join it. A browser copy in step with an
 * account defers to the account — a line removed on another device stays removed, and a copy in
 * step with another account (a sign-out this page never saw) is that account's, not this one's.
 * Lines of a signed-out visit, or changes that did not reach the account, are merged in.
 */
export function basketToKeep(state: SyncState | null, local: AccountLine[], account: AccountLine[]): AccountLine[] {
  return state?.synced ? account : unionOfBaskets(local, account);
}

type SyncContext = Pick<ShellContext, 'bus' | 'session' | 'api'>;

/**
 * One sync per page: every part of the inquiry app on the page starts it, the first one wins. A
 * page has one shell bus; another bus is another shell (a remote mounted alone again, in a test),
 * which takes over.
 */
let running: { bus: object; stop: () => void } | null = null;

export function startBasketSync({ bus, session, api }: SyncContext): void {
  if (running?.bus === bus) return;
  running?.stop();

  /** The account the page is signed in to, as the sync last heard. */
  let user: string | null = null;
  /** The account's lines are merged into the page's for `user`: only then may a change be written alone. */
  let joined = false;
  /** The sync is replacing the page's lines itself: not a buyer's change to write back. */
  let applying = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;

  const signedInUser = () => {
    const current = session.isAuthenticated() ? session.getUser() : null;
    return current ? String(current.id) : null;
  };

  const apply = (lines: Parameters<typeof replaceBasket>[0]) => {
    applying = true;
    try {
      replaceBasket(lines);
    } finally {
      applying = false;
    }
  };

  async function join(forUser: string): Promise<void> {
    const run = ++generation;
    let merged = false;
    try {
      const account = await readAccountBasket(api);
      if (run !== generation) return;
      const local = basketLines();
      const keep = basketToKeep(readState(), toAccountLines(local), account);
      const found = await findBasketProducts(
        api,
        keep.map((line) => line.product_slug).filter((slug) => !local.some((known) => known.product.slug === slug)),
      );
      if (run !== generation) return;
      const lines = toBasketLines(keep, local, found);
      apply(lines);
      joined = merged = true;
      const kept = toAccountLines(lines);
      if (!sameLines(kept, account)) await writeAccountBasket(api, kept);
      if (run === generation) writeState({ user: forUser, synced: true });
    } catch {
      // The CMS did not answer: the page keeps its lines and the next change or sign-in tries again.
      // Merged but not written, they are the account's unsynced lines; unread, the state stays as it
      // was (a mirror in step still defers to the account; a change meanwhile marks itself unsynced).
      if (merged && run === generation) writeState({ user: forUser, synced: false });
    }
  }

  async function push(forUser: string): Promise<void> {
    const run = ++generation;
    try {
      await writeAccountBasket(api, toAccountLines(basketLines()));
      if (run === generation) writeState({ user: forUser, synced: true });
    } catch {
      // Kept unsynced: merged again on the next change or sign-in.
    }
  }

  function leave(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    generation++;
    joined = false;
    const state = readState();
    if (state?.synced) apply([]);
    writeState(null);
  }

  function follow(): void {
    const current = signedInUser();
    if (current === user) return;
    user = current;
    joined = false;
    if (current) void join(current);
    else if (readState()) leave();
  }

  bus.on('session:changed', follow);
  // The session bus replays its last event to a late subscriber; read the store too in case it never emitted.
  follow();

  const stopFollowingChanges = onBasketSaved(() => {
    if (applying || !user) return;
    const forUser = user;
    writeState({ user: forUser, synced: false });
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void (joined ? push(forUser) : join(forUser));
    }, SYNC_DELAY_MS);
  });

  running = {
    bus,
    stop: () => {
      bus.off('session:changed', follow);
      stopFollowingChanges();
      if (timer) clearTimeout(timer);
      generation++;
    },
  };
}

/** Starts the basket's account sync for the page (once), from any of the inquiry app's components. */
export function useBasketSync(): void {
  const shell = useShell();
  useEffect(() => startBasketSync(shell), [shell]);
}

/** After an inquiry is sent: the basket is empty in the browser and in the account. */
export async function emptyBasketEverywhere(api: SyncContext['api']): Promise<void> {
  // The account first: a merge that runs after the browser's copy is emptied then finds nothing to bring back.
  await writeAccountBasket(api, []).catch(() => undefined);
  clearBasket();
}
