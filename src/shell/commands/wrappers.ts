// Wrappers: commands that run another command given as their own words, after options of their own
// grammar (`timeout 5 nice -n 2 env -i git push` runs `git push`). Each reads exactly its options, so the
// command it runs is the word bash would see it exec, and is read again like any command.
import type { Word } from '../model.js';
import { splitEnvString } from './env-split.js';
import type { CommandContext, Handler } from './interpret.js';
import { hasOption, leadingAssignments, optionValue, parseOptions, type OptionSpec } from './options.js';

/** A wrapper whose command is every operand from the first one. */
function simpleWrapper(spec: OptionSpec, opts: { noCommandIf?: string[]; shellIfNone?: string; label?: string } = {}): Handler {
  return (ctx) => {
    const parsed = parseOptions(ctx.words, 1, spec);
    if (opts.noCommandIf && hasOption(parsed, ...opts.noCommandIf)) return;
    const rest = ctx.words.slice(parsed.next);
    if (rest.length === 0) {
      if (opts.shellIfNone) ctx.found.opaqueRun(`${ctx.name}`, opts.shellIfNone);
      return;
    }
    ctx.found.command(opts.label ?? ctx.name, rest);
  };
}

/** A wrapper with positional operands of its own before the command (`timeout DURATION cmd`). */
function positionalWrapper(spec: OptionSpec, positionals: number, opts: { noCommandIf?: string[]; shellIfNone?: string } = {}): Handler {
  return (ctx) => {
    const parsed = parseOptions(ctx.words, 1, spec);
    if (opts.noCommandIf && hasOption(parsed, ...opts.noCommandIf)) return;
    const rest = ctx.words.slice(parsed.next + positionals);
    if (rest.length === 0) {
      if (opts.shellIfNone && ctx.words.length >= parsed.next + positionals) ctx.found.opaqueRun(ctx.name, opts.shellIfNone);
      return;
    }
    ctx.found.command(ctx.name, rest);
  };
}

const INTERACTIVE_SHELL = '(an interactive shell reading standard input)';

const env: Handler = (ctx) => {
  let words: Word[] = ctx.words.slice(1);
  let clears = false;
  const takeValue = (rest: string): Word | null => {
    if (rest) return { value: rest, dynamic: false };
    const next = words[1] ?? null;
    words = words.slice(1);
    return next;
  };
  options: for (let guard = 0; words.length > 0 && guard < 256; guard++) {
    const w = words[0]!;
    if (w.dynamic) break;
    const v = w.value;
    if (v === '--') {
      words = words.slice(1);
      break;
    }
    if (v === '-') {
      clears = true;
      words = words.slice(1);
      continue;
    }
    if (!v.startsWith('-')) break;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq === -1 ? v.slice(2) : v.slice(2, eq);
      const glued = eq === -1 ? '' : v.slice(eq + 1);
      if (name === 'help' || name === 'version') return;
      if (name === 'ignore-environment') clears = true;
      if (name === 'unset' || name === 'chdir' || name === 'split-string') {
        const value = takeValue(glued);
        if (name === 'split-string') {
          words = words.slice(1);
          if (!splitInto(value)) return;
          continue;
        }
      }
      words = words.slice(1);
      continue;
    }
    for (let p = 1; p < v.length; p++) {
      const c = v[p]!;
      if (c === 'i') clears = true;
      else if (c === 'u' || c === 'C' || c === 'P') {
        takeValue(v.slice(p + 1));
        break;
      } else if (c === 'S') {
        const value = takeValue(v.slice(p + 1));
        words = words.slice(1);
        if (!splitInto(value)) return;
        continue options;
      }
    }
    words = words.slice(1);
  }

  // `-S STRING`: env splits STRING into words that take its place; options may follow inside it
  function splitInto(value: Word | null): boolean {
    if (!value || value.dynamic) {
      ctx.found.opaqueRun('env -S', value?.value ?? '');
      return false;
    }
    const pieces = splitEnvString(value.value);
    if (pieces === null) {
      ctx.found.opaqueRun('env -S', value.value);
      return false;
    }
    words = [...pieces, ...words];
    return true;
  }

  const { assignments, next } = leadingAssignments(words, 0);
  const rest = words.slice(next);
  if (rest.length === 0) return;
  ctx.found.command('env', rest, { assignments, clearsEnvironment: clears });
};

const command: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'pvV' });
  if (hasOption(parsed, '-v', '-V')) return;
  ctx.found.command('command', ctx.words.slice(parsed.next));
};

const builtin: Handler = (ctx) => {
  const rest = ctx.words.slice(ctx.words[1]?.value === '--' ? 2 : 1);
  ctx.found.command('builtin', rest);
};

const exec: Handler = simpleWrapper({ flags: 'cl', values: 'a' });

const time: Handler = simpleWrapper({ flags: 'pvaqV', values: 'fo', longValues: ['format', 'output'] });

const nice: Handler = simpleWrapper({ values: 'n', longValues: ['adjustment'], numericOption: true });

const timeout: Handler = positionalWrapper(
  { flags: 'v', values: 'sk', longValues: ['signal', 'kill-after'] },
  1,
);

const stdbuf: Handler = simpleWrapper({ values: 'ioe', longValues: ['input', 'output', 'error'] });

const setsid: Handler = simpleWrapper({ flags: 'cfw' });

const ionice: Handler = simpleWrapper(
  { flags: 'ptuPh', values: 'cn', longValues: ['class', 'classdata'] },
  { noCommandIf: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] },
);

const flock: Handler = (ctx) => {
  const spec: OptionSpec = {
    flags: 'sxenuoFv',
    values: 'wEc',
    longValues: ['timeout', 'wait', 'conflict-exit-code', 'command'],
  };
  const parsed = parseOptions(ctx.words, 1, spec);
  const early = optionValue(parsed, '-c', '--command');
  if (early) {
    ctx.found.shell('flock -c', early);
    return;
  }
  // flock FILE -c STRING | flock FILE COMMAND ARGS… | flock FD
  const after = parsed.next + 1;
  const next = ctx.words[after];
  if (!next) return;
  if (!next.dynamic && (next.value === '-c' || next.value === '--command')) {
    const text = ctx.words[after + 1];
    if (text) ctx.found.shell('flock -c', text);
    return;
  }
  if (!next.dynamic && next.value.startsWith('--command=')) {
    ctx.found.shell('flock -c', next.value.slice('--command='.length));
    return;
  }
  ctx.found.command('flock', ctx.words.slice(after));
};

const chrt: Handler = positionalWrapper(
  { flags: 'abdfiormRve', values: 'TPD', longValues: ['sched-runtime', 'sched-period', 'sched-deadline'] },
  1,
  { noCommandIf: ['-p', '--pid', '-m', '--max'] },
);

const taskset: Handler = positionalWrapper({ flags: 'acp' }, 1, { noCommandIf: ['-p', '--pid'] });

const sudo: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'AbEeHiKklnPSsVv',
    values: 'CDghpRrTtUu',
    longValues: ['close-from', 'chdir', 'group', 'host', 'prompt', 'chroot', 'role', 'type', 'command-timeout', 'other-user', 'user'],
    longOptional: ['preserve-env'],
  });
  if (ctx.name === 'sudoedit' || hasOption(parsed, '-e', '--edit', '-v', '--validate', '-k', '-K', '--reset-timestamp', '--remove-timestamp', '-V', '--version', '-h', '--help')) {
    if (!hasOption(parsed, '-k')) return;
  }
  const { assignments, next } = leadingAssignments(ctx.words, parsed.next);
  const rest = ctx.words.slice(next);
  const shell = hasOption(parsed, '-s', '--shell', '-i', '--login');
  if (rest.length === 0) {
    if (shell) ctx.found.opaqueRun(`${ctx.name} ${hasOption(parsed, '-i', '--login') ? '-i' : '-s'}`, INTERACTIVE_SHELL);
    return;
  }
  // with -s/-i sudo runs `$SHELL -c` on the words, each escaped: the shell sees the same words
  ctx.found.command(ctx.name, rest, { assignments });
};

const doas: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'nsL', values: 'uC' });
  if (hasOption(parsed, '-C', '-L')) return;
  const rest = ctx.words.slice(parsed.next);
  if (rest.length === 0) {
    if (hasOption(parsed, '-s')) ctx.found.opaqueRun('doas -s', INTERACTIVE_SHELL);
    return;
  }
  ctx.found.command('doas', rest);
};

const pkexec: Handler = simpleWrapper({ longValues: ['user'] });

/** `su [options] [-] [user [args]]`: `-c` is shell text; without it an interactive shell starts. */
const su: Handler = (ctx) => {
  const spec: OptionSpec = {
    flags: 'flmpP',
    values: ctx.name === 'runuser' ? 'cCgGswu' : 'cCgGsw',
    longValues: ['command', 'session-command', 'group', 'supp-group', 'shell', 'whitelist-environment', 'user'],
  };
  // getopt permutes: options may follow the user name, so read every word
  let text: Word | null = null;
  let user: string | null = null;
  let runAs: Word[] | null = null;
  let i = 1;
  while (i < ctx.words.length) {
    const parsed = parseOptions(ctx.words, i, spec);
    const c = optionValue(parsed, '-c', '--command', '--session-command');
    if (c) text = c;
    const u = optionValue(parsed, '--user', '-u');
    if (u && ctx.name === 'runuser') {
      // runuser -u USER [--] COMMAND [ARGS]: the command is argv, not shell text
      runAs = ctx.words.slice(parsed.next);
      break;
    }
    if (parsed.uncertain) break;
    i = parsed.next;
    if (i >= ctx.words.length) break;
    if (ctx.words[i]!.value === '-' || user === null) {
      if (ctx.words[i]!.value !== '-') user = ctx.words[i]!.value;
      i++;
      continue;
    }
    i++;
  }
  if (runAs) {
    ctx.found.command(ctx.name, runAs);
    return;
  }
  if (text) ctx.found.shell(`${ctx.name} -c`, text);
  else ctx.found.opaqueRun(ctx.name, INTERACTIVE_SHELL);
};

const busybox: Handler = (ctx) => {
  const applet = ctx.words[1];
  if (!applet || (!applet.dynamic && applet.value.startsWith('-'))) return;
  ctx.found.command('busybox', ctx.words.slice(1));
};

const coproc: Handler = (ctx) => {
  ctx.found.command('coproc', ctx.words.slice(1));
};

const chroot: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { longValues: ['userspec', 'groups'] });
  const rest = ctx.words.slice(parsed.next + 1);
  if (rest.length === 0) {
    if (ctx.words.length > parsed.next) ctx.found.opaqueRun('chroot', INTERACTIVE_SHELL);
    return;
  }
  ctx.found.command('chroot', rest);
};

const unshare: Handler = simpleWrapper(
  {
    flags: 'fcrh',
    values: 'RwSGl',
    optional: 'muinpUCT',
    longValues: ['propagation', 'setgroups', 'root', 'wd', 'setuid', 'setgid', 'map-user', 'map-group', 'map-users', 'map-groups', 'monotonic', 'boottime', 'load-interp'],
  },
  { shellIfNone: INTERACTIVE_SHELL },
);

const nsenter: Handler = simpleWrapper(
  { flags: 'FZh', values: 'tSGN', optional: 'muinpUCTrw', longValues: ['target', 'setuid', 'setgid', 'user-parent', 'net-socket'] },
  { shellIfNone: INTERACTIVE_SHELL },
);

const systemdRun: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'qtPGdrSh',
    values: 'pEHMu',
    longValues: ['unit', 'property', 'description', 'slice', 'uid', 'gid', 'nice', 'working-directory', 'setenv', 'on-active', 'on-boot', 'on-startup', 'on-unit-active', 'on-unit-inactive', 'on-calendar', 'timer-property', 'path-property', 'socket-property', 'service-type', 'host', 'machine', 'expand-environment'],
  });
  const rest = ctx.words.slice(parsed.next);
  if (rest.length === 0) {
    if (hasOption(parsed, '-S', '--shell')) ctx.found.opaqueRun('systemd-run --shell', INTERACTIVE_SHELL);
    return;
  }
  ctx.found.command('systemd-run', rest);
};

/** firejail and similar: every option is `--x` or `--x=y`. */
const longOnlyWrapper: Handler = (ctx) => {
  let i = 1;
  while (i < ctx.words.length && !ctx.words[i]!.dynamic && ctx.words[i]!.value.startsWith('-') && ctx.words[i]!.value !== '--') i++;
  if (ctx.words[i]?.value === '--' && !ctx.words[i]!.dynamic) i++;
  const rest = ctx.words.slice(i);
  if (rest.length === 0) ctx.found.opaqueRun(ctx.name, INTERACTIVE_SHELL);
  else ctx.found.command(ctx.name, rest);
};

const fakeroot: Handler = simpleWrapper({ flags: 'uh', values: 'lsib', longValues: ['lib', 'faked', 'fd-base'] }, { shellIfNone: INTERACTIVE_SHELL });

const plain: Handler = simpleWrapper({});

const unbuffer: Handler = simpleWrapper({ flags: 'p' });

const caffeinate: Handler = simpleWrapper({ flags: 'dimsu', values: 'tw' });

const numactl: Handler = simpleWrapper({
  flags: 'lsHSab',
  values: 'imNCpPw',
  longValues: ['interleave', 'membind', 'cpunodebind', 'physcpubind', 'preferred', 'preferred-many', 'weighted-interleave'],
});

const rlwrap: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'AcEhiImnNoqrRUvWX',
    values: 'bCDefgHlMOPsStwz',
    optional: 'ap',
    longValues: ['break-chars', 'command-name', 'histsize', 'file', 'history-filename', 'logfile', 'multi-line', 'only-cook', 'prompt-colour', 'pre-given', 'quote-characters', 'substitute-prompt', 'set-term-name', 'wait-before-prompt', 'filter', 'extra-char-after-completion', 'extra-char-before-completion', 'forget-matching', 'history-format'],
  });
  const filter = optionValue(parsed, '-z', '--filter');
  if (filter) ctx.found.opaqueRun('rlwrap -z', filter.value);
  ctx.found.command('rlwrap', ctx.words.slice(parsed.next));
};

const xvfbRun: Handler = simpleWrapper({ flags: 'ah', values: 'nfeslpw', longValues: ['server-num', 'auth-file', 'error-file', 'server-args', 'xauth-protocol', 'wait'] });

const dbusRunSession: Handler = simpleWrapper({ longValues: ['config-file', 'dbus-daemon'] });

const valgrind: Handler = simpleWrapper({ flags: 'qvh' });

const sshAgent: Handler = simpleWrapper({ flags: 'acDdkTUu', values: 'aEOPt' });

const strace: Handler = simpleWrapper(
  { flags: 'cCdDfFhiknqrtTvVwxyYzZ', values: 'abeEIoOpPsSuUX', longValues: ['output', 'attach', 'string-limit', 'user', 'env', 'trace', 'signal', 'status', 'decode-fds', 'columns', 'detach-on', 'summary-sort-by', 'trace-path'] },
  { noCommandIf: ['-p', '--attach'] },
);

const ltrace: Handler = simpleWrapper({ flags: 'bcCfhiLrStTV', values: 'aAeEDFlnopsuwx', longValues: ['output', 'library', 'align', 'config'] }, { noCommandIf: ['-p'] });

const perf: Handler = (ctx) => {
  const sub = ctx.words[1];
  if (!sub || sub.dynamic || !['stat', 'record', 'trace', 'ftrace', 'mem', 'c2c', 'sched', 'lock', 'kmem', 'kvm'].includes(sub.value)) return;
  const parsed = parseOptions(ctx.words, 2, { flags: 'aAdgnqsvBT', values: 'ceoprtCFGIjmMrSuxyzDLk', longValues: ['event', 'output', 'pid', 'tid', 'cpu', 'repeat', 'field-separator', 'delay', 'call-graph', 'freq', 'mmap-pages', 'cgroup', 'uid', 'interval-print', 'metrics', 'filter'] });
  if (hasOption(parsed, '-p', '--pid', '-t', '--tid', '-a')) return;
  ctx.found.command(`perf ${sub.value}`, ctx.words.slice(parsed.next));
};

/** `entr [-acdnprsz] utility [args]`: with `-s` the first operand is shell text. */
const entr: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'acdnprsz' });
  const rest = ctx.words.slice(parsed.next);
  if (rest.length === 0) return;
  if (hasOption(parsed, '-s')) ctx.found.shell('entr -s', rest[0]!);
  else ctx.found.command('entr', rest);
};

/** `sg GROUP [-c] COMMAND`: the command is one string run by /bin/sh. */
const sg: Handler = (ctx) => {
  let i = 2;
  if (ctx.words[i]?.value === '-c' && !ctx.words[i]!.dynamic) i++;
  const text = ctx.words[i];
  if (text) ctx.found.shell('sg', text);
};

export const wrapperHandlers: ReadonlyArray<[string, Handler]> = [
  ['env', env],
  ['command', command],
  ['builtin', builtin],
  ['exec', exec],
  ['nohup', simpleWrapper({})],
  ['time', time],
  ['nice', nice],
  ['timeout', timeout],
  ['gtimeout', timeout],
  ['stdbuf', stdbuf],
  ['setsid', setsid],
  ['ionice', ionice],
  ['flock', flock],
  ['chrt', chrt],
  ['taskset', taskset],
  ['sudo', sudo],
  ['sudoedit', sudo],
  ['doas', doas],
  ['pkexec', pkexec],
  ['su', su],
  ['runuser', su],
  ['busybox', busybox],
  ['toybox', busybox],
  ['coproc', coproc],
  ['chroot', chroot],
  ['unshare', unshare],
  ['nsenter', nsenter],
  ['systemd-run', systemdRun],
  ['firejail', longOnlyWrapper],
  ['fakeroot', fakeroot],
  ['fakechroot', fakeroot],
  ['eatmydata', plain],
  ['unbuffer', unbuffer],
  ['caffeinate', caffeinate],
  ['numactl', numactl],
  ['rlwrap', rlwrap],
  ['xvfb-run', xvfbRun],
  ['dbus-run-session', dbusRunSession],
  ['dbus-launch', simpleWrapper({ longValues: ['config-file'] })],
  ['valgrind', valgrind],
  ['catchsegv', plain],
  ['ssh-agent', sshAgent],
  ['strace', strace],
  ['ltrace', ltrace],
  ['perf', perf],
  ['entr', entr],
  ['sg', sg],
  ['proxychains', simpleWrapper({ flags: 'q', values: 'f' })],
  ['proxychains4', simpleWrapper({ flags: 'q', values: 'f' })],
  ['torsocks', simpleWrapper({ flags: 'diqh', values: 'uaP', longValues: ['user', 'pass', 'address', 'port'] })],
  ['chpst', simpleWrapper({ flags: 'vP0123', values: 'uUebmdofcrpln' })],
  ['setpriv', simpleWrapper({ flags: 'd', longValues: ['reuid', 'regid', 'groups', 'inh-caps', 'ambient-caps', 'bounding-set', 'securebits', 'pdeathsig', 'selinux-label', 'apparmor-profile', 'landlock-access', 'landlock-rule', 'ruid', 'euid', 'rgid', 'egid'] })],
  ['prlimit', simpleWrapper({ flags: 'o', values: 'p', longValues: ['pid', 'output'] }, { noCommandIf: ['-p', '--pid'] })],
  ['cgexec', simpleWrapper({ values: 'g' })],
  ['bwrap', longOnlyWrapperWithValues()],
];

/** bwrap: `--opt VALUE…` options with known arities, then the command. */
function longOnlyWrapperWithValues(): Handler {
  const arity: Record<string, number> = {
    '--args': 1, '--argv0': 1, '--userns': 1, '--userns2': 1, '--pidns': 1, '--uid': 1, '--gid': 1, '--hostname': 1,
    '--chdir': 1, '--setenv': 2, '--unsetenv': 1, '--lock-file': 1, '--sync-fd': 1, '--bind': 2, '--bind-try': 2,
    '--dev-bind': 2, '--dev-bind-try': 2, '--ro-bind': 2, '--ro-bind-try': 2, '--remount-ro': 1, '--exec-label': 1,
    '--file-label': 1, '--proc': 1, '--dev': 1, '--tmpfs': 1, '--mqueue': 1, '--dir': 1, '--file': 2, '--bind-data': 2,
    '--ro-bind-data': 2, '--symlink': 2, '--seccomp': 1, '--add-seccomp-fd': 1, '--block-fd': 1, '--userns-block-fd': 1,
    '--info-fd': 1, '--json-status-fd': 1, '--cap-add': 1, '--cap-drop': 1, '--perms': 1, '--size': 1, '--chmod': 2,
    '--overlay-src': 1, '--overlay': 3, '--tmp-overlay': 1, '--ro-overlay': 1,
  };
  return (ctx) => {
    let i = 1;
    while (i < ctx.words.length) {
      const w = ctx.words[i]!;
      if (w.dynamic || !w.value.startsWith('--')) break;
      if (w.value === '--') {
        i++;
        break;
      }
      i += 1 + (arity[w.value] ?? 0);
    }
    ctx.found.command('bwrap', ctx.words.slice(i));
  };
}

export { INTERACTIVE_SHELL };
