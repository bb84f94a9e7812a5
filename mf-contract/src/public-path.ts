import type { RemoteName } from './remotes';

/**
 * Built files name their own folder with this placeholder (the build cannot know its version):
 * the shell's index.html its assets, a server entry the images it renders. The app server puts the
 * live version's folder in its place when it serves them. Part of the contract between a build
 * (@steel/build, wherever it runs) and the server, so both read it from here. `app`: `shell` or a
 * remote's name.
 */
export const publicPathPlaceholder = (app: RemoteName) => `/__${app.toUpperCase()}_PUBLIC_PATH__/`;
