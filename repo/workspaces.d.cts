/** The types of repo/workspaces.cjs, for the TypeScript that reads it (the scripts, the tests). */
export interface Workspace {
  /** Where it lives, from the root (`mf-blog`, `deploy/server`). */
  folder: string;
  /** Its package's name (`@steel/blog`). */
  name: string;
  /** Whether its code is React's (a `.tsx` file in its src/). */
  react: boolean;
  /** Whether it is a remote: its package exports `./app`, the module federation exposes. */
  remote: boolean;
  /** Whether it has a `src/` folder. */
  hasSources: boolean;
}
export function workspaces(root?: string): Workspace[];
export function workspacePatterns(root?: string): string[];
export function asPattern(folder: string): string;
