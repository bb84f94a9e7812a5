import { stateOfFolder } from '../platform-state/state-of-folder';

/** One writer of the live set (and one gate) at a time per builds folder, across processes: the platform state's deploy lock. */
export function withDeployLock<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  return stateOfFolder(buildsDir).withDeployLock(fn);
}
