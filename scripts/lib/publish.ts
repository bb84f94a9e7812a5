import { publish } from '../../deploy/server/src/deploy/publish';
import { activate } from '../../deploy/server/src/deploy/activate';
import type { AppName } from './paths';

/** Publishes a dist folder as an immutable version and makes it live; returns the version. */
export async function publishAndActivate(buildsDir: string, app: AppName, distDir: string): Promise<string> {
  const { version } = await publish(buildsDir, app, distDir);
  await activate(buildsDir, app, version);
  return version;
}
