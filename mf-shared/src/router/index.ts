/**
 * The parts of React Router the apps use, in one module every app imports them from
 * (`@steel/shared/router`; a lint rule keeps `react-router` itself out of app code).
 *
 * Shared through federation (mf-build's shared-dependencies.ts): a page loads one copy, from the
 * first app that offers a compatible kit, instead of a tree-shaken copy inside every remote (about
 * 11 KB gzip each). A shared module is not tree-shaken, so it is this list, not React Router's whole
 * API (65 KB), that is shared. Each app still renders its own router; nothing crosses apps.
 *
 * Adding a name is a minor version of the kit, removing one a major: a remote built with a newer
 * kit takes its own copy when the page offers only an older one.
 */
export { BrowserRouter, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router';
