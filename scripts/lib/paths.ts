import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
/** The domain facts (category tree, factories, weights, exchange fields, Persian strings); DOMAIN_DIR overrides. */
export const domainDir = process.env.DOMAIN_DIR ?? path.resolve(repoRoot, 'data/domain');
export const buildsDir = process.env.BUILDS_DIR ?? path.join(repoRoot, '.builds');

export const APPS = ['shell', 'catalogue', 'blog', 'panel'] as const;
export type AppName = (typeof APPS)[number];
export const APP_FOLDERS: Record<AppName, string> = {
  shell: path.join(repoRoot, 'shell'),
  catalogue: path.join(repoRoot, 'mf-catalogue'),
  blog: path.join(repoRoot, 'mf-blog'),
  panel: path.join(repoRoot, 'mf-panel'),
};
