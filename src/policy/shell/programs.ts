// What a command runs as its program, and what a line writes: the readings behind the write-then-run check,
// program-file options (awk -f, make -f), the program runners, and program-running environment names.
import { posix } from 'node:path';
import type { ShellReading } from '../../shell/types.js';
import { globsIntersect } from '../rules/glob.js';
import { dynamicGlob } from './dynamic.js';
import { isGitConfigEnv } from './git.js';
import { commandIdentity, type CommandIdentity } from './identity.js';
import { interpreterSpec, readInterpreter, STDIN_PATHS } from './interpreters.js';

/** Environment names whose value is a command line some program runs, or that change how a name resolves. */
export function isProgramEnv(name: string): boolean {
  return (
    isGitConfigEnv(name) ||
    ['PATH', 'PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'EDITOR', 'VISUAL', 'BROWSER', 'SHELL', 'PROMPT_COMMAND', 'LESSOPEN', 'LESSCLOSE'].includes(name) ||
    name.startsWith('BASH_FUNC_')
  );
}

/** Commands whose operands are a program to run (a wrapper, a watcher, a terminal, a scheduler). */
export const PROGRAM_RUNNERS: ReadonlySet<string> = new Set([
  'nodemon', 'concurrently', 'watchexec', 'entr', 'at', 'batch', 'xvfb-run', 'dbus-run-session', 'xterm', 'gnome-terminal',
  'konsole', 'tmux', 'screen', 'parallel', 'watch', 'su', 'runuser', 'chroot', 'nsenter', 'unshare', 'firejail',
  'systemd-run', 'expect', 'dtach', 'abduco', 'nohup', 'setsid', 'chronic', 'unbuffer', 'strace', 'ltrace', 'valgrind',
  'perf', 'eatmydata', 'fakeroot', 'proot', 'catchsegv', 'time', 'timeout', 'nice', 'ionice', 'stdbuf', 'taskset', 'chrt',
  'sudo', 'doas', 'xargs', 'flock', 'script', 'busybox',
]);

/**
 * A dynamic word that can only be a file path: it starts with a literal that is not an option's dash (or
 * with `~/`), and no expansion of it can be a standard-input path.
 */
export function isPathWord(word: string): boolean {
  const glob = /^~[A-Za-z0-9_.-]*\//.test(word) ? `/home/${dynamicGlob(word.slice(word.indexOf('/') + 1))}` : dynamicGlob(word);
  if (glob.startsWith('*') || glob.startsWith('-') || glob.startsWith('<') || glob.startsWith('>')) return false;
  for (const p of STDIN_PATHS) if (globsIntersect(glob, p)) return false;
  return true;
}

export function normalFile(path: string): string {
  return posix.normalize(path).replace(/^\.\//, '');
}

/** Files the line writes: writing redirections, tee's operands, curl -o / wget -O downloads. */
export function writtenFiles(reading: ShellReading): Set<string> {
  const out = new Set<string>();
  for (const c of reading.commands) {
    for (const r of c.redirects) if (r.writes && !r.dynamic) out.add(normalFile(r.target));
    const name = c.argv[0] === undefined ? '' : commandIdentity(c.argv[0]).basename;
    const args = c.argv.slice(1);
    if (name === 'tee') for (const a of args) if (!a.startsWith('-')) out.add(normalFile(a));
    if (name === 'curl' || name === 'wget') {
      args.forEach((a, i) => {
        if ((a === '-o' || a === '--output' || a === '-O' || a === '--output-document') && args[i + 1] !== undefined) out.add(normalFile(args[i + 1]!));
        const m = /^(?:--output|--output-document)=(.+)$/.exec(a);
        if (m) out.add(normalFile(m[1]!));
      });
    }
  }
  return out;
}

/** Options through which a filter or a build tool reads a program from a file (awk -f, sed -f, make -f, gdb -x). */
const PROGRAM_FILE_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  awk: ['-f', '--file'], gawk: ['-f', '--file'], mawk: ['-f'], nawk: ['-f'], busybox: [],
  sed: ['-f', '--file'], make: ['-f', '--file', '--makefile'], gmake: ['-f', '--file', '--makefile'],
  gdb: ['-x', '--command'], vim: ['-s', '-S'], vi: ['-s', '-S'], nvim: ['-s', '-S'], ed: [], m4: [],
}));

/** The program file an option names (`awk -f prog.awk`, `make -f -`), or null. */
export function optionProgramFile(basename: string, argv: readonly string[]): string | null {
  const opts = PROGRAM_FILE_OPTIONS.get(basename);
  if (!opts) return null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (opts.includes(a)) return argv[i + 1] ?? null;
    const eq = a.indexOf('=');
    if (eq > 0 && opts.includes(a.slice(0, eq))) return a.slice(eq + 1);
  }
  return null;
}

/** The file a command runs as its program: an interpreter's script, a program-file option, or a command named by a path. */
export function programFile(id: CommandIdentity, argv: readonly string[]): string | null {
  const spec = interpreterSpec(id.bare ?? id.basename);
  if (spec) return readInterpreter(spec, argv).script;
  return optionProgramFile(id.basename, argv) ?? (id.hasSlash ? id.written : null);
}

