/**
 * What a cold visit to each page kind of an app downloads of that app before the page is
 * interactive, measured by the build from its own chunk graph and recorded in its app manifest
 * (`weights`), for the deploy gate's weight budgets (docs/architecture.md, "Deploying a remote"):
 *
 * - every page: the app's entry (a remote's `remoteEntry.js`, the shell's `main`) and, for a remote,
 *   the exposed app (`./app`) with the chunks it pulls in;
 * - for a remote, the kit's remote core (`@steel/shared/remote-core`), whole: the remotes share it
 *   among themselves, but the shell does not provide it, so a cold visit downloads the copy of the
 *   remote it lands on;
 * - the page's own chunk (`lazyPage`) and what it pulls in;
 * - CSS: the shell's stylesheet; a remote's, which a server-rendered page carries in its head;
 * - a contributor's slot contributions: the entry and the exposed `./slots` with what it pulls in,
 *   which every page hosting one of its slots downloads, and its remote core (a host built from the
 *   same kit code lends its own, but the budget holds for one that does not); then, per slot it
 *   fills (`slotContributionsKey(slot)`), that and the slot's own chunk (`slotChunkName`), which
 *   only a page hosting that slot downloads — the deploy gate adds them up per host page kind. A
 *   build that does not know its slots records the `./slots` module alone (`SLOT_CONTRIBUTIONS`).
 *
 * Bytes are brotli's at its highest quality, as the app server serves them. Chunks a page loads
 * only once it runs in the browser (a markdown body on a client navigation, a chart on a click)
 * are not part of a cold visit; the other shared libraries are the shell's.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type webpack from 'webpack';
import {
  EVERY_PAGE,
  SLOT_CONTRIBUTIONS,
  slotChunkName,
  slotContributionsKey,
  type PageRoute,
  type PageWeight,
  type SlotName,
} from '@steel/contract';
import { REMOTE_CORE_MODULE } from './shared-dependencies';

/**
 * The chunk groups of a browser build: every named group's files (scripts and stylesheets), and
 * which are entries. The kit's remote core is loaded by federation as a shared module, in a group
 * webpack leaves unnamed: that group's chunks (the core and the libraries it pulls in, jalaali-js
 * and lucide-react's common part) are recorded as the group `remote-core`.
 */
export interface ChunkGroups {
  files: Record<string, string[]>;
  entries: string[];
}

/** The module through which an app takes the shared remote core: its group loads the app's own copy. */
const REMOTE_CORE_CONSUMER = new RegExp(`^consume-shared-module\\|[^|]*\\|${REMOTE_CORE_MODULE}@`);

export function chunkGroupsOf(stats: webpack.Stats): ChunkGroups {
  const { namedChunkGroups = {}, entrypoints = {} } = stats.toJson({
    all: false,
    chunkGroups: true,
    entrypoints: true,
  });
  const scripts = (names: Iterable<string>) => [...names].filter((file) => /\.(js|css)$/.test(file));
  const files: Record<string, string[]> = {};
  for (const [name, group] of Object.entries(namedChunkGroups))
    files[name] = scripts((group.assets ?? []).map((asset) => asset.name));
  const coreGroup = stats.compilation.chunkGroups.find((group) =>
    group.origins.some((origin) => REMOTE_CORE_CONSUMER.test(origin.module?.identifier() ?? '')),
  );
  if (coreGroup) files[REMOTE_CORE_GROUP] = scripts(coreGroup.chunks.flatMap((chunk) => [...chunk.files]));
  return { files, entries: Object.keys(entrypoints) };
}

/** The federation plugin's group for an exposed module (`./app` → `__federation_expose_app`). */
const EXPOSED_GROUP = /^__federation_expose_/;
/** The group of `./slots`: loaded on the pages that host the app's contributions, not on its own pages. */
const SLOTS_GROUP = '__federation_expose_slots';
const REMOTE_CORE_GROUP = 'remote-core';
/** A remote's stylesheet, in a chunk of its own (the remote's lifecycles import it by this name). */
const STYLES_GROUP = 'styles';

/** A chunk's name: its file name without the content hash and extension (`product.fc357c7e.js` → `product`). */
export const chunkNameOf = (file: string) => path.basename(file).replace(/(\.[0-9a-f]{8})?\.(js|css)$/, '');

export function pageWeights(
  dist: string,
  groups: ChunkGroups,
  pages: readonly Pick<PageRoute, 'path' | 'chunk'>[],
  isShell: boolean,
  contributedSlots: readonly SlotName[] = [],
): Record<string, PageWeight> {
  const sizes = new Map<string, number>();
  const compressed = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const bytes = fs.readFileSync(path.join(dist, file));
      size = zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const filesOf = (names: readonly string[]) => names.flatMap((name) => groups.files[name] ?? []);
  const everyVisit = filesOf([
    ...groups.entries,
    ...Object.keys(groups.files).filter((name) => EXPOSED_GROUP.test(name) && name !== SLOTS_GROUP),
    ...(isShell ? [] : [STYLES_GROUP, REMOTE_CORE_GROUP]),
  ]);
  const coreFiles = new Set(groups.files[REMOTE_CORE_GROUP] ?? []);
  const weigh = (files: readonly string[]): PageWeight => {
    const weight: PageWeight = { js: 0, css: 0, chunks: {} };
    for (const file of new Set(files)) {
      const size = compressed(file);
      // A remote's stylesheet is a script that hands the CSS text over: it counts as CSS.
      const isCss = file.endsWith('.css') || (!isShell && (groups.files[STYLES_GROUP] ?? []).includes(file));
      if (isCss) weight.css += size;
      else weight.js += size;
      // The core's chunks are numbered differently by every build: reported by the group's name.
      const chunk = coreFiles.has(file) ? REMOTE_CORE_GROUP : chunkNameOf(file);
      weight.chunks[chunk] = (weight.chunks[chunk] ?? 0) + size;
    }
    return weight;
  };
  if (isShell) return { [EVERY_PAGE]: weigh(everyVisit) };
  const weights = Object.fromEntries(
    pages.map((page) => [page.path, weigh([...everyVisit, ...(page.chunk ? filesOf([page.chunk]) : [])])]),
  );
  if (groups.files[SLOTS_GROUP]) {
    // With its remote core: a host built from other kit code has no copy the contributor can take.
    const slotsModule = [...groups.entries, SLOTS_GROUP, STYLES_GROUP, REMOTE_CORE_GROUP];
    // No page hosts every slot: with the slots known, each is weighed, and the gate adds them up per page kind.
    if (!contributedSlots.length) weights[SLOT_CONTRIBUTIONS] = weigh(filesOf(slotsModule));
    for (const slot of contributedSlots)
      weights[slotContributionsKey(slot)] = weigh(filesOf([...slotsModule, slotChunkName(slot)]));
  }
  return weights;
}
