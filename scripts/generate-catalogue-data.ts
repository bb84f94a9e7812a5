/**
 * Derives the catalogue's category tree from data/domain/catalogue.json, the single source of
 * it: the catalogue carries the tree with descriptions and attribute lists (products stay in the
 * CMS) and publishes its menu part as its navigation (mf-catalogue/src/entities/category). The
 * attributes' Persian labels go to the kit (`@steel/shared/attribute-labels`): every app that
 * shows a product's attributes (the catalogue, the inquiry app's compare page) names them alike.
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
  examples?: Array<{ attributes?: Record<string, unknown> }>;
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

const outputDir = path.join(repoRoot, 'mf-catalogue/src/entities/category/generated');
const kitOutputDir = path.join(repoRoot, 'mf-shared/src/catalogue/generated');

/**
 * The attributes whose every example value is a number (`diameter_mm`: 8, 6.5), sorted: a filter
 * value of one that is not a number is no state of a listing, whatever the CMS holds.
 */
function numericAttributes(categories: readonly SourceCategory[]): string[] {
  const kinds = new Map<string, Set<string>>();
  for (const category of categories)
    for (const sub of [...(category.subcategories ?? []), ...(category.groups ?? []).flatMap((g) => g.subcategories)])
      for (const example of sub.examples ?? [])
        for (const [attribute, value] of Object.entries(example.attributes ?? {})) {
          const kind = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? 'number' : 'other';
          kinds.set(attribute, (kinds.get(attribute) ?? new Set()).add(kind));
        }
  return [...kinds]
    .filter(([, seen]) => seen.size === 1 && seen.has('number'))
    .map(([attribute]) => attribute)
    .sort();
}

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
    numericAttributes: numericAttributes(source.categories),
  };
  fs.mkdirSync(outputDir, { recursive: true });
  writeIfChanged(path.join(outputDir, 'category-tree.json'), JSON.stringify(tree));
  fs.mkdirSync(kitOutputDir, { recursive: true });
  writeIfChanged(path.join(kitOutputDir, 'attribute-labels.json'), JSON.stringify(source.meta.attribute_labels_fa));
  generateWeightTables();
  generateOrderWorkflow();
}

/** Unchanged output keeps its mtime, so watch-mode builds do not rebuild for nothing. */
function writeIfChanged(file: string, content: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  fs.writeFileSync(file, content);
}

if (require.main === module) generateCatalogueData();
