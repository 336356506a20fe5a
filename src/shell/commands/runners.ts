// Tools that run commands given in their own arguments: `find -exec`, `xargs`, `watch`, `script -c`, `npx`,
// and options whose value is a program (`rsync -e`, `ssh -o ProxyCommand=`, `tar --to-command=`, `vim -c
// '!cmd'`, `man -P`, `zip -TT`, `gdb -ex '!cmd'`), plus programs in other languages that can run commands
// (awk `system()`, sed `e`, `make --eval`): those are opaque runs.
import type { Word } from '../model.js';
import { joinWords } from './git.js';
import type { CommandContext, Handler } from './interpret.js';
import { hasOption, optionValue, parseOptions } from './options.js';
import { scanSedScript } from './sed.js';
import { INTERACTIVE_SHELL } from './wrappers.js';

const find: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.dynamic || !['-exec', '-execdir', '-ok', '-okdir'].includes(w.value)) continue;
    let j = i + 1;
    while (j < words.length && !(!words[j]!.dynamic && (words[j]!.value === ';' || (words[j]!.value === '+' && words[j - 1]!.value === '{}')))) j++;
    const cmd = words.slice(i + 1, j);
    const label = `find ${w.value}`;
    if (cmd.length === 0) continue;
    const first = cmd[0]!;
    if (first.dynamic || first.value.includes('{}')) {
      ctx.found.opaqueRun(label, joinWords(cmd).value);
    } else {
      // find puts each path in place of {}: those words are known only at run time
      ctx.found.command(label, cmd.map((c) => (c.value.includes('{}') ? { value: c.value, dynamic: true } : c)));
    }
    i = j;
  }
};

const xargs: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'prtx0bo',
    values: 'adEIlLnPs',
    optional: 'ei',
    longValues: ['arg-file', 'delimiter', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
    longOptional: ['eof', 'replace'],
  });
  if (hasOption(parsed, '--help', '--version', '--show-limits')) return;
  let replace: string | null = null;
  for (const o of parsed.options) {
    if (o.name === '-I' && o.value) replace = o.value.value;
    if (o.name === '-i' || o.name === '--replace') replace = o.value?.value ?? '{}';
  }
  const cmd = ctx.words.slice(parsed.next);
  const words: Word[] = cmd.length ? [...cmd] : [{ value: 'echo', dynamic: false }];
  const marked = replace ? words.map((w) => (w.value.includes(replace!) ? { value: w.value, dynamic: true } : w)) : words;
  ctx.found.command('xargs', marked, { stdin: 'inherited' });
};

const watch: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'bcCeghtxpwr',
    values: 'nqs',
    optional: 'd',
    longValues: ['interval', 'equexit', 'shotsfile'],
    longOptional: ['differences'],
  });
  const rest = ctx.words.slice(parsed.next);
  if (rest.length === 0) return;
  if (hasOption(parsed, '-x', '--exec')) ctx.found.command('watch', rest);
  // without -x, watch joins its arguments and runs them with `sh -c`
  else ctx.found.shell('watch', joinWords(rest));
};

const script: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'aefqkh',
    values: 'cTBIOmEo',
    optional: 't',
    longValues: ['command', 'timing', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format', 'echo', 'output-limit'],
  });
  const c = optionValue(parsed, '-c', '--command');
  if (c) ctx.found.shell('script -c', c);
  else ctx.found.opaqueRun('script', INTERACTIVE_SHELL);
};

const npx: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'yq', values: 'cp', longValues: ['call', 'package', 'shell'] });
  const c = optionValue(parsed, '-c', '--call');
  if (c) {
    ctx.found.shell(`${ctx.name} -c`, c);
    return;
  }
  ctx.found.command(ctx.name, ctx.words.slice(parsed.next));
};

/** `npm exec`/`npm x` (and pnpm, yarn): a command, or `-c STRING` shell text. */
const packageExec: Handler = (ctx) => {
  const { words } = ctx;
  let i = 1;
  while (i < words.length && !words[i]!.dynamic && words[i]!.value.startsWith('-')) {
    i += ['--prefix', '-C', '--dir', '-w', '--workspace', '--filter', '-F'].includes(words[i]!.value) ? 2 : 1;
  }
  const sub = words[i];
  if (!sub || sub.dynamic) return;
  const execs = ctx.name === 'npm' ? ['exec', 'x'] : ctx.name === 'pnpm' ? ['exec', 'dlx', 'x'] : ['exec', 'dlx'];
  if (!execs.includes(sub.value)) return;
  const parsed = parseOptions(words, i + 1, { flags: 'yq', values: 'cpw', longValues: ['call', 'package', 'workspace', 'shell-mode'] });
  const c = optionValue(parsed, '-c', '--call');
  if (c) {
    ctx.found.shell(`${ctx.name} ${sub.value} -c`, c);
    return;
  }
  ctx.found.command(`${ctx.name} ${sub.value}`, words.slice(parsed.next));
};

/** `uv run`, `poetry run`, `pipx run`, `bundle exec`, …: the words after the subcommand's options. */
function subcommandRunner(subs: readonly string[], valueOptions: readonly string[] = []): Handler {
  return (ctx) => {
    const sub = ctx.words[1];
    if (!sub || sub.dynamic || !subs.includes(sub.value)) return;
    let i = 2;
    while (i < ctx.words.length && !ctx.words[i]!.dynamic && ctx.words[i]!.value.startsWith('-')) {
      if (ctx.words[i]!.value === '--') {
        i++;
        break;
      }
      i += valueOptions.includes(ctx.words[i]!.value) ? 2 : 1;
    }
    ctx.found.command(`${ctx.name} ${sub.value}`, ctx.words.slice(i));
  };
}

const gdb: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.dynamic) continue;
    const v = w.value;
    const m = /^--?(ex|eval-command|iex|init-eval-command)(=(.*))?$/s.exec(v);
    if (m) {
      const value: Word | undefined = m[2] !== undefined ? { value: m[3]!, dynamic: false } : words[++i];
      if (value) gdbCommand(ctx, value);
      continue;
    }
    if (v === '--args') {
      ctx.found.command('gdb --args', words.slice(i + 1));
      return;
    }
  }
};

function gdbCommand(ctx: CommandContext, value: Word): void {
  const m = /^\s*(?:!|shell\s+)(.*)$/s.exec(value.value);
  if (m) {
    ctx.found.shell('gdb -ex', { value: m[1]!, dynamic: value.dynamic });
    return;
  }
  if (value.dynamic || /^\s*(python|py|pi|python-interactive|guile|gu|pipe|\||source|make|run|r|start|starti)\b/.test(value.value)) {
    ctx.found.opaqueRun('gdb -ex', value.value);
  }
}

const rsync: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.dynamic) continue;
    const v = w.value;
    if (v === '--') break;
    if (v === '--rsh' || v === '-e' || /^-[A-Za-z]*e$/.test(v)) {
      if (words[i + 1]) ctx.found.shell('rsync -e', words[i + 1]!);
      i++;
    } else if (v.startsWith('--rsh=')) ctx.found.shell('rsync -e', v.slice('--rsh='.length));
    else if (/^-[A-Za-z]*e./.test(v) && !v.startsWith('--')) ctx.found.shell('rsync -e', v.slice(v.indexOf('e') + 1));
  }
};

/** ssh-family `-o Key=Value`: the keys whose value ssh runs locally as a command. */
const SSH_COMMAND_KEYS = new Set(['proxycommand', 'localcommand', 'knownhostscommand']);

function sshOption(ctx: CommandContext, text: Word): void {
  const m = /^\s*([A-Za-z]+)\s*(?:=\s*|\s+)(.*)$/s.exec(text.value);
  if (!m) {
    if (text.dynamic) ctx.found.opaqueRun(`${ctx.name} -o`, text.value);
    return;
  }
  const key = m[1]!.toLowerCase();
  if (!SSH_COMMAND_KEYS.has(key)) return;
  const value = m[2]!;
  if (!text.dynamic && value.trim().toLowerCase() === 'none') return;
  ctx.found.shell(`${ctx.name} -o ${m[1]}`, { value, dynamic: text.dynamic });
}

const ssh: Handler = (ctx) => {
  const { words } = ctx;
  const programOption = ctx.name === 'ssh' ? null : ctx.name === 'sftp' ? ['-S', '-D'] : ['-S'];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const v = w.value;
    if (w.dynamic) {
      if (/^-[A-Za-z]*o/.test(v)) ctx.found.opaqueRun(`${ctx.name} -o`, v);
      continue;
    }
    if (v === '--') break;
    if (!v.startsWith('-')) {
      // ssh stops reading options at the host; scp and sftp read them anywhere before operands
      if (ctx.name === 'ssh' || ctx.name === 'autossh') break;
      continue;
    }
    for (let p = 1; p < v.length; p++) {
      const c = v[p]!;
      if (c === 'o') {
        const rest = v.slice(p + 1);
        const value = rest ? { value: rest, dynamic: false } : words[++i];
        if (value) sshOption(ctx, value);
        break;
      }
      if (programOption?.includes(`-${c}`)) {
        const rest = v.slice(p + 1);
        const value = rest ? { value: rest, dynamic: false } : words[++i];
        if (value) ctx.found.shell(`${ctx.name} -${c}`, value);
        break;
      }
      if ('bcDEeFIiJLlmOpQRSWw'.includes(c)) {
        // an option with a value: the rest of the cluster or the next word
        if (p === v.length - 1) i++;
        break;
      }
    }
  }
};

const tar: Handler = (ctx) => {
  const { words } = ctx;
  const longShell = ['--to-command', '--use-compress-program', '--info-script', '--new-volume-script', '--rsh-command'];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.dynamic) continue;
    const v = w.value;
    const eq = v.indexOf('=');
    const name = eq === -1 ? v : v.slice(0, eq);
    if (name === '--checkpoint-action') {
      const action = eq === -1 ? words[++i]?.value ?? '' : v.slice(eq + 1);
      const m = /^exec=(.*)$/s.exec(action);
      if (m) ctx.found.shell('tar --checkpoint-action=exec', m[1]!);
      continue;
    }
    if (longShell.includes(name)) {
      const value = eq === -1 ? words[++i] : { value: v.slice(eq + 1), dynamic: false };
      if (value) ctx.found.shell(`tar ${name}`, value);
      continue;
    }
    if (/^-[A-Za-z]*[IF]/.test(v) && !v.startsWith('--')) {
      const at = v.search(/[IF]/);
      const rest = v.slice(at + 1);
      const value = rest ? { value: rest, dynamic: false } : words[++i];
      if (value) ctx.found.shell(`tar -${v[at]}`, value);
    }
  }
};

/** vim `-c CMD`, `+CMD`, `--cmd CMD`: `!cmd` is shell; other commands that reach a shell are opaque. */
function vimCommand(ctx: CommandContext, value: Word): void {
  const v = value.value;
  const bang = /^[\s:]*(?:silent!?\s*)?!(.*)$/s.exec(v);
  if (bang) {
    ctx.found.shell(`${ctx.name} -c`, { value: bang[1]!, dynamic: value.dynamic });
    return;
  }
  const withoutQuitBangs = v.replace(/\b(q|qa|qall|wq|wqa|x|xa|quit|quitall|wall|w|e|edit|bd|bdelete)!/g, '$1');
  if (value.dynamic || /!|system|job_?start|termopen|terminal|\bpy(thon)?3?\b|\blua\b|\bperl\b|\bruby\b|\btcl\b|\bmz|libcall|\bsh(ell)?\b|\bmake\b|\bgrep\b|\bexe(cute)?\b|\bso(urce)?\b/i.test(withoutQuitBangs)) {
    ctx.found.opaqueRun(`${ctx.name} -c`, v);
  }
}

const vim: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const v = w.value;
    if (!w.dynamic && v === '--') break;
    if (!w.dynamic && (v === '-c' || v === '--cmd')) {
      if (words[i + 1]) vimCommand(ctx, words[i + 1]!);
      i++;
    } else if (v.startsWith('+') && v.length > 1) {
      vimCommand(ctx, { value: v.slice(1), dynamic: w.dynamic });
    }
  }
};

const man: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'acdDfhikKlLuVwWZt',
    values: 'CEMmPpRrSsTe',
    optional: 'HIX',
    longValues: ['config-file', 'pager', 'encoding', 'manpath', 'locale', 'systems', 'sections', 'extension', 'preprocessor', 'recode', 'prompt'],
    longOptional: ['html', 'gxditview'],
  });
  const pager = optionValue(parsed, '-P', '--pager');
  if (pager) ctx.found.shell('man -P', pager);
  const html = optionValue(parsed, '-H', '--html');
  if (html) ctx.found.shell('man -H', html);
};

const less: Handler = (ctx) => {
  for (const w of ctx.words.slice(1)) {
    const m = /^\+!(.*)$/s.exec(w.value);
    if (m) ctx.found.shell('less +!', { value: m[1]!, dynamic: w.dynamic });
  }
};

const zip: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const v = words[i]!.value;
    if (words[i]!.dynamic) continue;
    if (v === '-TT' || v === '--unzip-command') {
      if (words[i + 1]) ctx.found.shell('zip -TT', words[i + 1]!);
      i++;
    } else if (v.startsWith('--unzip-command=')) ctx.found.shell('zip -TT', v.slice('--unzip-command='.length));
  }
};

/** An awk program that starts processes: `system()`, pipes to or from a command, gawk extensions. */
const AWK_RUNS = /\bsystem\s*\(|\|\s*getline|\|&|\b(print|printf)\b[^;{}]*\||@load|@include|\bclose\s*\(/;

const awk: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'bcCdDghlLMnNoOpPrsStVy',
    values: 'fFvEeiWl',
    longValues: ['file', 'field-separator', 'assign', 'source', 'exec', 'include', 'load'],
  });
  const programs: Word[] = [];
  for (const o of parsed.options) {
    if ((o.name === '-e' || o.name === '--source') && o.value) programs.push(o.value);
    if ((o.name === '-E' || o.name === '--exec' || o.name === '-i' || o.name === '--include' || o.name === '-l' || o.name === '--load') && o.value) {
      ctx.found.opaqueRun(`${ctx.name} ${o.name}`, o.value.value);
    }
  }
  const fromFile = hasOption(parsed, '-f', '--file');
  if (!fromFile && programs.length === 0 && ctx.words[parsed.next]) programs.push(ctx.words[parsed.next]!);
  for (const p of programs) {
    if (p.dynamic || AWK_RUNS.test(p.value)) ctx.found.opaqueRun(`${ctx.name} program`, p.value);
  }
};

const sed: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, {
    flags: 'nrEsuzi',
    values: 'efl',
    optional: 'i',
    longValues: ['expression', 'file', 'line-length'],
    longOptional: ['in-place'],
  });
  if (hasOption(parsed, '--sandbox')) return;
  const scripts: Word[] = [];
  for (const o of parsed.options) if ((o.name === '-e' || o.name === '--expression') && o.value) scripts.push(o.value);
  if (scripts.length === 0 && !hasOption(parsed, '-f', '--file') && ctx.words[parsed.next]) scripts.push(ctx.words[parsed.next]!);
  for (const s of scripts) {
    if (s.dynamic) {
      if (/e/.test(s.value)) ctx.found.opaqueRun(`${ctx.name} script`, s.value);
      continue;
    }
    const runs = scanSedScript(s.value);
    for (const text of runs.shell) ctx.found.shell(`${ctx.name} e`, text);
    for (const text of runs.opaque) ctx.found.opaqueRun(`${ctx.name} e`, text);
  }
};

const make: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const v = words[i]!.value;
    if (v === '--eval' || v === '-E') {
      if (words[i + 1]) ctx.found.opaqueRun('make --eval', words[i + 1]!.value);
      i++;
    } else if (v.startsWith('--eval=')) ctx.found.opaqueRun('make --eval', v.slice('--eval='.length));
    else if (/^-E./.test(v)) ctx.found.opaqueRun('make --eval', v.slice(2));
    else if (/^SHELL=/.test(v) || /^\.SHELLFLAGS=/.test(v)) ctx.found.opaqueRun('make SHELL', v);
  }
};

/** hyperfine's options whose value is shell it runs, and the options with how many values each takes. */
const HYPERFINE_SHELL_VALUED: ReadonlySet<string> = new Set(['-p', '--prepare', '-c', '--cleanup', '-s', '--setup', '--conclude', '--reference']);
const HYPERFINE_VALUED: ReadonlyMap<string, number> = new Map(Object.entries({ '-w': 1, '--warmup': 1, '-m': 1, '--min-runs': 1, '-M': 1, '--max-runs': 1, '-r': 1, '--runs': 1, '-L': 2, '--parameter-list': 2, '-P': 3, '--parameter-scan': 3, '-D': 1, '--parameter-step-size': 1, '-S': 1, '--shell': 1, '--style': 1, '--sort': 1, '-u': 1, '--time-unit': 1, '--export-asciidoc': 1, '--export-csv': 1, '--export-json': 1, '--export-markdown': 1, '--export-orgmode': 1, '-n': 1, '--command-name': 1, '--output': 1, '--input': 1 }));

const hyperfine: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const v = w.value;
    if (!w.dynamic && HYPERFINE_SHELL_VALUED.has(v)) {
      if (words[i + 1]) ctx.found.shell(`hyperfine ${v}`, words[i + 1]!);
      i++;
    } else if (!w.dynamic && v.startsWith('-')) {
      const eq = v.indexOf('=');
      if (eq === -1) i += HYPERFINE_VALUED.get(v) ?? 0;
    } else {
      ctx.found.shell('hyperfine', w);
    }
  }
};

/** Tools whose command arguments use their own syntax: what they run is opaque. */
function opaqueWhen(test: (ctx: CommandContext) => boolean, label?: string): Handler {
  return (ctx) => {
    if (test(ctx)) ctx.found.opaqueRun(label ?? ctx.name, joinWords(ctx.words.slice(1)).value);
  };
}

const TMUX_RUNNING = new Set(['new-session', 'new', 'new-window', 'neww', 'split-window', 'splitw', 'respawn-pane', 'respawnp', 'respawn-window', 'respawnw', 'run-shell', 'run', 'if-shell', 'if', 'pipe-pane', 'pipep', 'send-keys', 'send', 'display-popup', 'popup', 'source-file', 'source']);

const socat: Handler = (ctx) => {
  for (const w of ctx.words.slice(1)) {
    const m = /^(EXEC|SYSTEM):(.*?)(,[a-z-]+(=[^,]*)?)*$/is.exec(w.value);
    if (m) {
      if (m[1]!.toUpperCase() === 'SYSTEM') ctx.found.shell('socat SYSTEM', { value: m[2]!, dynamic: w.dynamic });
      else ctx.found.opaqueRun('socat EXEC', m[2]!);
    }
  }
};

const netcat: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const v = words[i]!.value;
    if (v === '-c' || v === '--sh-exec') {
      if (words[i + 1]) ctx.found.shell(`${ctx.name} ${v}`, words[i + 1]!);
      i++;
    } else if (v === '-e' || v === '--exec' || v === '--lua-exec') {
      if (words[i + 1]) ctx.found.opaqueRun(`${ctx.name} ${v}`, words[i + 1]!.value);
      i++;
    }
  }
};

const at: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'mMlrdbvc', values: 'qfFt' });
  if (hasOption(parsed, '-l', '-r', '-d', '-c')) return;
  const file = optionValue(parsed, '-f');
  if (file) {
    ctx.found.opaqueRun(`${ctx.name} -f`, file.value);
    return;
  }
  const { stdin, stdinText } = ctx.base;
  if (stdinText !== null) ctx.found.shell(ctx.name, stdinText);
  else ctx.found.opaqueRun(ctx.name, `(commands on standard input: ${stdin})`);
};

const nixShell: Handler = (ctx) => {
  const { words } = ctx;
  for (let i = 1; i < words.length; i++) {
    const v = words[i]!.value;
    if (v === '--run' || v === '--command') {
      if (words[i + 1]) ctx.found.shell(`nix-shell ${v}`, words[i + 1]!);
      i++;
    }
  }
};

const nix: Handler = (ctx) => {
  const sub = ctx.words[1]?.value;
  if (sub !== 'develop' && sub !== 'shell') return;
  const { words } = ctx;
  for (let i = 2; i < words.length; i++) {
    if (words[i]!.value === '-c' || words[i]!.value === '--command') {
      ctx.found.command(`nix ${sub} -c`, words.slice(i + 1));
      return;
    }
  }
};

export const runnerHandlers: ReadonlyArray<[string, Handler]> = [
  ['find', find],
  ['gfind', find],
  ['xargs', xargs],
  ['watch', watch],
  ['script', script],
  ['npx', npx],
  ['bunx', npx],
  ['pnpx', npx],
  ['npm', packageExec],
  ['pnpm', packageExec],
  ['yarn', packageExec],
  ['uvx', (ctx) => ctx.found.command('uvx', ctx.words.slice(parseOptions(ctx.words, 1, { values: 'p', longValues: ['from', 'with', 'python', 'index-url'] }).next))],
  ['uv', subcommandRunner(['run', 'tool'], ['--with', '--python', '-p', '--project', '--directory', '--env-file', '--group', '--extra', '--package', '--index-url'])],
  ['pipx', subcommandRunner(['run'], ['--spec', '--python', '--pip-args'])],
  ['poetry', subcommandRunner(['run'])],
  ['pipenv', subcommandRunner(['run'])],
  ['bundle', subcommandRunner(['exec'])],
  ['conda', subcommandRunner(['run'], ['-n', '--name', '-p', '--prefix', '--cwd'])],
  ['mamba', subcommandRunner(['run'], ['-n', '--name', '-p', '--prefix', '--cwd'])],
  ['micromamba', subcommandRunner(['run'], ['-n', '--name', '-p', '--prefix', '--cwd'])],
  ['direnv', (ctx) => (ctx.words[1]?.value === 'exec' ? ctx.found.command('direnv exec', ctx.words.slice(3)) : undefined)],
  ['nix-shell', nixShell],
  ['nix', nix],
  ['gdb', gdb],
  ['rsync', rsync],
  ['ssh', ssh],
  ['autossh', ssh],
  ['scp', ssh],
  ['sftp', ssh],
  ['tar', tar],
  ['gtar', tar],
  ['bsdtar', tar],
  ['vim', vim],
  ['vi', vim],
  ['nvim', vim],
  ['view', vim],
  ['ex', vim],
  ['gvim', vim],
  ['vimdiff', vim],
  ['rvim', vim],
  ['man', man],
  ['less', less],
  ['zip', zip],
  ['awk', awk],
  ['gawk', awk],
  ['mawk', awk],
  ['nawk', awk],
  ['busybox-awk', awk],
  ['sed', sed],
  ['gsed', sed],
  ['make', make],
  ['gmake', make],
  ['hyperfine', hyperfine],
  ['parallel', opaqueWhen(() => true, 'parallel')],
  ['expect', opaqueWhen((ctx) => ctx.words.some((w) => w.value === '-c' || w.value === '-i'), 'expect -c')],
  ['tmux', opaqueWhen((ctx) => ctx.words.some((w) => TMUX_RUNNING.has(w.value)), 'tmux')],
  ['screen', opaqueWhen((ctx) => ctx.words.length > 1, 'screen')],
  ['socat', socat],
  ['nc', netcat],
  ['ncat', netcat],
  ['netcat', netcat],
  ['at', at],
  ['batch', at],
];
