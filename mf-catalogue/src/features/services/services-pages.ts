import { breadcrumbJsonLd, lazyPage, preloadMarkdown, type PageDefinition } from '@steel/shared';
import { SERVICES_PAGE_SPECS, serviceListQuery, type ServicesPageSpec } from './services-specs';

// The view renders each service's markdown body: its own chunk, so other pages skip the markdown stack.
const ServicesView = lazyPage(() => import(/* webpackChunkName: "services" */ './services-view'), {
  chunk: 'services',
  alsoForBrowserRender: preloadMarkdown,
});

const servicesPage = (spec: ServicesPageSpec): PageDefinition => ({
  path: spec.path,
  ...(spec.listed ? { sitemap: [{ path: spec.path }], nav: spec.listed } : {}),
  data: (url, { api }) => spec.kinds.map((kind) => serviceListQuery(api, kind)),
  head: () => ({
    title: spec.title,
    description: spec.description,
    canonical: spec.path,
    jsonLd: [breadcrumbJsonLd(spec.breadcrumb, spec.path)],
  }),
  Page: ServicesView,
});

export const serviceEquipmentPages: PageDefinition[] = SERVICES_PAGE_SPECS.map(servicesPage);
