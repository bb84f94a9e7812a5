/** `@steel/shared/server`: what an app's server entry needs (Node only; never in a browser bundle). */
export * from './render-remote-page';
