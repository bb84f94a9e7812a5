/** Whether process `pid` exists on this machine (signal 0 asks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
