import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDir } from './sandbox';

/**
 * A temporary folder for the suite (removed after it) and, per call, the path of a file `name` in a new folder of its
 * own there: one store per test, never sharing a file or its lock with another. The folder is made unless `made` is
 * false (a test that puts something else in its place).
 */
export function useFreshFiles(prefix: string): (name: string, options?: { made?: boolean }) => string {
  const temp = useTempDir(prefix);
  let counter = 0;
  return (name, { made = true } = {}) => {
    const folder = join(temp.path, `${name}-${++counter}`);
    if (made) mkdirSync(folder);
    return join(folder, name);
  };
}
