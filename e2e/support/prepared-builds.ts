/**
 * The builds the specs deploy beyond the run's own (the inquiry team's app, which is not in the
 * seeded registry, and the crafted builds of crafted-builds.ts), each made once per run by the build
 * step that runs beside jest (scripts/e2e.ts `--build-only`) rather than inside the end-to-end run,
 * where both cores are busy with browsers. A spec run on its own makes the one it needs when it is
 * missing. Each is a folder a spec only reads: it publishes it into a builds folder of its own.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/paths';
import { buildApp } from '../../scripts/lib/webpack-build';
import { buildAppReplacing } from './crafted-builds';

/**
 * One build: an app as its team builds it (type check included), or with one of its own imports
 * swapped for the file `replacement` gives.
 */
interface Recipe {
  app: string;
  swap?: {
    request: RegExp;
    /** The replacing file; `inputs` is a folder of the recipe's own for a file it writes first. */
    replacement: (inputs: string) => string;
    label: string;
  };
}

const fixture = (file: string) => () => path.join(repoRoot, 'e2e/fixtures', file);

/** Random bytes as base64: brotli gets them back to about `bytes` bytes on the wire, no smaller. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64');

const RECIPES = {
  /** The inquiry team's app as it builds it (inquiry-slots, shipping-price). */
  inquiry: { app: 'inquiry' },
  /** The catalogue's product view with a 100 KB dependency beside it (deploy-gate-budgets). */
  'catalogue-heavy-product-view': {
    app: 'catalogue',
    swap: {
      request: /product-views$/,
      replacement: (inputs) => {
        const heavy = path.join(inputs, 'heavy-dependency.js');
        fs.writeFileSync(heavy, `globalThis.steelHeavyDependency = ${JSON.stringify(incompressible(100 * 1024))};\n`);
        const productViews = path.join(repoRoot, 'mf-catalogue/src/features/product/product-views.tsx');
        const wrapper = path.join(inputs, 'product-views-with-heavy-dependency.js');
        fs.writeFileSync(wrapper, `import ${JSON.stringify(heavy)};\nexport * from ${JSON.stringify(productViews)};\n`);
        return wrapper;
      },
      label: 'the catalogue with a heavy product view',
    },
  },
  /** The catalogue's product view with a 300 ms busy loop in its effect (deploy-gate-budgets). */
  'catalogue-busy-product-view': {
    app: 'catalogue',
    swap: {
      request: /product-views$/,
      replacement: fixture('product-views-with-busy-loop.ts'),
      label: 'the catalogue with a busy product view',
    },
  },
  /** The blog with one more page in its page list (deploy-gate). */
  'blog-archive-page': {
    app: 'blog',
    swap: {
      request: /^\.\/(app\/)?page-definitions$/,
      replacement: fixture('blog-archive-pages.ts'),
      label: 'the blog with an archive page',
    },
  },
  /** The inquiry app whose product.actions contribution throws (inquiry-slots). */
  'inquiry-contributions-that-throw': {
    app: 'inquiry',
    swap: {
      request: /features\/basket\/add-to-inquiry$/,
      replacement: fixture('inquiry-contributions-that-throw.tsx'),
      label: 'inquiry (product.actions throws)',
    },
  },
  /** The same, throwing only for a signed-in buyer (inquiry-slots). */
  'inquiry-contributions-that-throw-signed-in': {
    app: 'inquiry',
    swap: {
      request: /features\/basket\/add-to-inquiry$/,
      replacement: fixture('inquiry-contributions-that-throw-signed-in.tsx'),
      label: 'inquiry (product.actions throws for a signed-in buyer)',
    },
  },
} satisfies Record<string, Recipe>;

export type PreparedBuildName = keyof typeof RECIPES;

const preparedBuildsDir = path.resolve(repoRoot, process.env.E2E_PREPARED_BUILDS_DIR ?? '.tmp/e2e-prepared-builds');

/** The folder of the build `name`: made by the run's build step, or now when it is missing. */
export async function preparedBuild(name: PreparedBuildName): Promise<string> {
  const dist = path.join(preparedBuildsDir, name);
  // The app manifest is written last, and the folder renamed into place only once it is whole.
  if (fs.existsSync(path.join(dist, 'app-manifest.json'))) return dist;
  const recipe: Recipe = RECIPES[name];
  const inputs = path.join(preparedBuildsDir, '.inputs', name);
  const building = path.join(preparedBuildsDir, '.building', `${name}-${process.pid}`);
  fs.mkdirSync(inputs, { recursive: true });
  fs.rmSync(building, { recursive: true, force: true });
  const { swap } = recipe;
  if (swap) await buildAppReplacing(recipe.app, building, swap.request, () => swap.replacement(inputs), swap.label);
  else await buildApp(recipe.app, { dist: building });
  // Another worker may have made the same one meanwhile, and be reading it: theirs stays.
  if (fs.existsSync(path.join(dist, 'app-manifest.json'))) fs.rmSync(building, { recursive: true, force: true });
  else {
    fs.rmSync(dist, { recursive: true, force: true });
    fs.renameSync(building, dist);
  }
  return dist;
}

/** Every one of them afresh, one after another (the build step beside jest). */
export async function prepareEveryBuild(): Promise<void> {
  fs.rmSync(preparedBuildsDir, { recursive: true, force: true });
  for (const name of Object.keys(RECIPES) as PreparedBuildName[]) {
    const started = Date.now();
    process.stdout.write(`Preparing ${name}… `);
    await preparedBuild(name);
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
