import { publish } from '@steel/server/publish';
import { activate } from '@steel/server/activate';
import type { AppName } from './paths';

/** Publishes a dist folder as an immutable version and makes it live; returns the version. */
export async function publishAndActivate(buildsDir: string, app: AppName, distDir: string): Promise<string> {
  const { version } = await publish(buildsDir, app, distDir);
  await activate(buildsDir, app, version);
  return version;
}
