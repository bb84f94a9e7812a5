/**
 * Derives the front end's category data from data/domain/catalogue.json, the single source
 * of the category tree. Two files, so the shell's header carries only the menu (a few KB) while
 * the catalogue carries the tree with descriptions and attribute lists (products stay in the CMS).
 * Runs on install, before every build and before tests, with the other data the apps carry a
 * copy of (generate-weight-tables.ts, generate-order-workflow.ts); the output is git-ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainDir, repoRoot } from './lib/paths';
import { generateWeightTables } from './generate-weight-tables';
import { generateOrderWorkflow } from './generate-order-workflow';

interface SourceSubcategory {
  slug: string;
  title_fa: string;
  title_en: string;
  description_fa?: string;
  attributes?: string[];
  uncertain?: boolean;
}
interface SourceGroup {
  slug: string;
  title_fa: string;
  title_en: string;
  subcategories: SourceSubcategory[];
}
interface SourceCategory {
  slug: string;
  title_fa: string;
  title_en: string;
  description_fa?: string;
  groups?: SourceGroup[];
  subcategories?: SourceSubcategory[];
}
interface SourceCatalogue {
  meta: { attribute_labels_fa: Record<string, string> };
  categories: SourceCategory[];
}

const outputDir = path.join(repoRoot, 'mf-shared/src/catalogue/generated');

function subcategory(source: SourceSubcategory) {
  return {
    slug: source.slug,
    titleFa: source.title_fa,
    titleEn: source.title_en,
    descriptionFa: source.description_fa ?? '',
    attributes: source.attributes ?? [],
    ...(source.uncertain ? { uncertain: true } : {}),
  };
}

export function generateCatalogueData(): void {
  const source = JSON.parse(fs.readFileSync(path.join(domainDir, 'catalogue.json'), 'utf8')) as SourceCatalogue;
  const tree = {
    attributeLabelsFa: source.meta.attribute_labels_fa,
    categories: source.categories.map((category) => ({
      slug: category.slug,
      titleFa: category.title_fa,
      titleEn: category.title_en,
      descriptionFa: category.description_fa ?? '',
      groups: (category.groups ?? []).map((group) => ({
        slug: group.slug,
        titleFa: group.title_fa,
        titleEn: group.title_en,
        subcategories: group.subcategories.map(subcategory),
      })),
      subcategories: (category.subcategories ?? []).map(subcategory),
    })),
  };
  // Slugs and titles only: the phone menu drawer lists the whole tree down to sub-categories.
  const menuEntry = (entry: { slug: string; titleFa: string }) => ({ slug: entry.slug, titleFa: entry.titleFa });
  const menu = tree.categories.map((category) => ({
    ...menuEntry(category),
    groups: category.groups.map((group) => ({
      ...menuEntry(group),
      subcategories: group.subcategories.map(menuEntry),
    })),
    subcategories: category.subcategories.map(menuEntry),
  }));
  fs.mkdirSync(outputDir, { recursive: true });
  writeIfChanged(path.join(outputDir, 'category-tree.json'), JSON.stringify(tree));
  writeIfChanged(path.join(outputDir, 'category-menu.json'), JSON.stringify(menu));
  generateWeightTables();
  generateOrderWorkflow();
}

/** Unchanged output keeps its mtime, so watch-mode builds do not rebuild for nothing. */
function writeIfChanged(file: string, content: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.writeFileSync(file, content);
}

if (require.main === module) generateCatalogueData();
