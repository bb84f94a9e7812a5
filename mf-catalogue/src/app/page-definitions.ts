import type { PageDefinition } from '@steel/shared';
import { homePage } from '../features/home/home-page';
import { catalogueTreePage } from './catalogue-tree-page';
import { productBySlugPage } from '../features/product/product-by-slug-page';
import { staticPages } from '../features/static-pages/static-page';
import { searchPage } from '../features/search/search-page';
import { weightTablePage } from '../features/weight-table/weight-table-page';
import { warehouseReservationPage } from '../features/warehouse-reservation/warehouse-reservation-page';
import { factoryListPage, factoryPage } from '../features/factories/factory-pages';
import { expertsPage } from '../features/experts/experts-page';
import { serviceEquipmentPages } from '../features/services/services-pages';
import { boursePage } from '../features/bourse/bourse-page';
import { CATEGORY_SLUGS } from './owned-paths';

/** Every page of the catalogue: the browser's routes and the server's render both read this list. */
export const cataloguePages: PageDefinition[] = [
  homePage,
  ...CATEGORY_SLUGS.map(catalogueTreePage),
  productBySlugPage,
  ...staticPages,
  weightTablePage,
  warehouseReservationPage,
  factoryListPage,
  factoryPage,
  expertsPage,
  ...serviceEquipmentPages,
  boursePage,
  searchPage,
];
