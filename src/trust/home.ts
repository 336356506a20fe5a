// Where orkeon-code keeps its own files, and whose home folder the trust question warns about.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** `$ORKEON_CODE_HOME`, else `~/.orkeon-code`. A relative ORKEON_CODE_HOME is read from the working folder. */
export function orkeonHome(env: Env): string {
  const configured = env.ORKEON_CODE_HOME;
  if (configured !== undefined && configured !== '') return path.resolve(configured);
  return path.join(userHome(env), '.orkeon-code');
}

/** The registry's one place: `$ORKEON_CODE_HOME/trusted-folders.json`. */
export function registryPathOf(env: Env): string {
  return path.join(orkeonHome(env), 'trusted-folders.json');
}

/** `$HOME` when set (tests and sudo'd shells set it), else what the system says. */
export function userHome(env: Env): string {
  const home = env.HOME;
  return home !== undefined && home !== '' ? path.resolve(home) : os.homedir();
}

/** The home folder's real path (what the wide-trust warning compares with), null when it does not exist. */
export function realHome(env: Env): string | null {
  try {
    return fs.realpathSync.native(userHome(env));
  } catch {
    return null;
  }
}
