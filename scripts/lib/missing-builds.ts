import fs from 'node:fs';
import path from 'node:path';
import { APPS, type AppName } from './paths';

/** Apps with no live build in `buildsDir` (never built, or live.json points at a missing folder). */
export function missingBuilds(buildsDir: string): AppName[] {
  let live: Partial<Record<AppName, string>> = {};
  try {
    live = JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as typeof live;
  } catch {
    return [...APPS];
  }
  return APPS.filter((app) => {
    const version = live[app];
    return !version || !fs.existsSync(path.join(buildsDir, app, version));
  });
}
