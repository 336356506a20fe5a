// Where /output lives on the host when --output does not say: one folder per project under
// `$ORKEON_CODE_HOME/output/`, named for people (the folder's name) and kept apart for machines (a short
// hash of its real path: two projects called `app` do not share an output).
import { createHash } from 'node:crypto';
import path from 'node:path';

/** `<orkeonHome>/output/<folder-name>-<first 10 hex of sha256(real path)>`. Pure. */
export function defaultOutputDir(orkeonHome: string, projectRealPath: string): string {
  const name = path.basename(projectRealPath).replace(/[^A-Za-z0-9._-]/g, '_') || 'root';
  const hash = createHash('sha256').update(projectRealPath).digest('hex').slice(0, 10);
  return path.join(orkeonHome, 'output', `${name}-${hash}`);
}
