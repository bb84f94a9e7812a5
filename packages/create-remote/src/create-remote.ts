/**
 * Writes a standalone repository for a new remote: the template's files with the app's name and
 * title filled in, a package.json pinning the platform's packages (platform.ts) and an `.npmrc`
 * sending `@steel/*` to the company registry (everything else comes from the public one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { platformFacts } from './platform';
import type { PlatformFacts } from './platform-facts';

export interface RemoteOptions {
  /** The app's name, as the platform team registers it (`deploy apps add <name>`). */
  name: string;
  /** The folder to write; it must not exist or be empty. */
  folder: string;
  /** The Persian title of its first page (its heading and its menu entry). */
  title: string;
  /** The registry serving `@steel/*`; without one, the user's npm configuration must name it. */
  registry?: string;
}

const TEMPLATE = path.join(__dirname, '../template');
/** npm leaves `.gitignore` out of published packages, so the template's is stored under another name. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' };

/** Why a name cannot be a remote's, by the contract's rule (platform.ts); null when it can. */
export function nameProblem(name: string, facts: PlatformFacts = platformFacts()): string | null {
  if (!new RegExp(facts.remoteName.pattern).test(name)) {
    return `"${name}" is not a remote's name: ${facts.remoteName.pattern} (lower-case letters, digits, hyphens)`;
  }
  if (facts.remoteName.reserved.includes(name)) return `"${name}" is reserved by the platform`;
  return null;
}

function templateFiles(folder = TEMPLATE): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? templateFiles(file) : entry.name.endsWith('.tmpl') ? [file] : [];
  });
}

export function remotePackageJson(name: string, facts: PlatformFacts) {
  return {
    name: `@steel/${name}`,
    version: '1.0.0',
    private: true,
    description: `Remote \`${name}\`: the pages under /${name}.`,
    // The build type-checks the app's code; the test checks the tests' too, then runs them.
    scripts: { build: 'steel-build', test: 'tsc -p . && jest' },
    // Read by steel-build and the app server from the built entries (as the monorepo's remotes have them).
    exports: {
      './app': './src/app/lifecycles.tsx',
      './page-definitions': './src/app/page-definitions.ts',
      './remote': './src/app/remote.ts',
      './server': './src/server.tsx',
      './package.json': './package.json',
    },
    dependencies: facts.dependencies,
    devDependencies: facts.devDependencies,
  };
}

/** Writes the repository; returns the files written, relative to the folder. */
export function createRemote({ name, folder, title, registry }: RemoteOptions): string[] {
  const facts = platformFacts();
  const problem = nameProblem(name, facts);
  if (problem) throw new Error(problem);
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty`);
  const fill = (text: string) => text.replaceAll('{{name}}', name).replaceAll('{{title}}', title);
  const written: string[] = [];
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
    fs.writeFileSync(path.join(folder, relative), text);
    written.push(relative);
  };
  for (const file of templateFiles()) {
    const relative = path.relative(TEMPLATE, file).replace(/\.tmpl$/, '');
    write(RENAMED[relative] ?? relative, fill(fs.readFileSync(file, 'utf8')));
  }
  write('package.json', `${JSON.stringify(remotePackageJson(name, facts), null, 2)}\n`);
  if (registry) write('.npmrc', `@steel:registry=${registry}\n`);
  return written;
}
