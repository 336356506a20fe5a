// Claude Code as a session command: `orkeon-code [folder] [options] -- claude …`. The command is Claude
// Code when its program is `claude` or a path ending in `/claude`. Its arguments are read for what the
// guard must change or refuse: the user's `--settings` (merged into the generated settings, settings-file.ts)
// and the options that would switch the hook off or move the session away from this machine.

/** Whether a session command is Claude Code. */
export function isClaudeCodeCommand(argv: readonly string[] | null): boolean {
  if (argv === null || argv.length === 0) return false;
  const program = argv[0]!;
  return program === 'claude' || program.endsWith('/claude');
}

/** Options that would leave the session unguarded, and why. */
export const REFUSED_OPTIONS: ReadonlyMap<string, string> = new Map(Object.entries({
  '--bare': 'it skips hooks, so no call would reach the gate',
  '--safe-mode': 'it turns hooks off, so no call would reach the gate',
  '--bg': 'a background session outlives the guard orkeon-code sets up for it',
  '--background': 'a background session outlives the guard orkeon-code sets up for it',
  '--desktop': 'the session would run in the desktop app, outside this guard',
  '--cloud': 'the session would run in the cloud, outside this guard',
  '--remote-control': 'the session would be driven from elsewhere, outside this guard',
}));

export type ClaudeArgs =
  | { readonly ok: true; readonly args: readonly string[]; readonly settings: string | null }
  | { readonly ok: false; readonly message: string };

/** Claude Code's arguments without `--settings` (whose value is returned), or why they cannot be guarded. */
export function readClaudeArgs(args: readonly string[]): ClaudeArgs {
  const out: string[] = [];
  let settings: string | null = null;
  let seen = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    const name = a.startsWith('--') ? a.split('=')[0]! : a;
    const refused = REFUSED_OPTIONS.get(name);
    if (refused !== undefined) return { ok: false, message: `claude ${name} cannot run under orkeon-code: ${refused}; start it without ${name}` };
    if (a === '--settings' || a.startsWith('--settings=')) {
      seen++;
      if (seen > 1) return { ok: false, message: 'give claude --settings once: Claude Code reads only one, and orkeon-code merges that one with its hook' };
      if (a === '--settings') {
        const v = args[i + 1];
        if (v === undefined) return { ok: false, message: 'claude --settings needs a file or a JSON string' };
        settings = v;
        i++;
      } else {
        settings = a.slice('--settings='.length);
      }
      continue;
    }
    out.push(a);
  }
  return { ok: true, args: out, settings };
}

/** A word the POSIX shell reads back as exactly `text` (Claude Code runs hook commands and the prefix through one). */
export function shellWord(text: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'"'"'`)}'`;
}

export function shellLine(argv: readonly string[]): string {
  return argv.map(shellWord).join(' ');
}
