// The embedded session's logic with the real gate and the real shell reader, and test doubles for the
// terminal and the sandbox (session-pty.test.ts runs the real ones).
import { beforeAll, describe, expect, it } from 'vitest';
import { initShellReader, readShellCommand } from '../../src/shell/index.js';
import { parseRuleTexts } from '../../src/policy/rule-options.js';
import { cdTarget, EmbeddedSession, promptText } from '../../src/session/embedded.js';
import { SessionGate } from '../../src/session/gate.js';
import type { Mode, Rule } from '../../src/policy/types.js';
import { RecordingRunner, ScriptedTerminal } from './doubles.js';

beforeAll(async () => {
  await initShellReader();
});

function rules(...texts: string[]): readonly Rule[] {
  const r = parseRuleTexts(texts);
  if (!r.ok) throw new Error(r.error);
  return r.rules;
}

function session(lines: string[], o: { stage?: boolean; mode?: Mode; rules?: readonly Rule[]; runner?: RecordingRunner; interactive?: boolean } = {}) {
  const terminal = new ScriptedTerminal(lines, { interactive: o.interactive ?? true });
  const runner = o.runner ?? new RecordingRunner();
  const gate = new SessionGate({ settings: { shell: { allowInterpreters: false, allowlist: [] }, extraTools: [], runtimeGate: true }, stage: o.stage ?? false, userMounts: [], terminal: terminal.interactive, readShell: readShellCommand });
  const s = new EmbeddedSession({ terminal, runner, gate, readShell: readShellCommand, mode: o.mode ?? 'default', modeSource: 'default', rules: o.rules ?? [] });
  return { terminal, runner, s, run: () => s.run() };
}

describe('the embedded session (doubles for the terminal and the sandbox)', () => {
  it('shows /workspace and the mode in the prompt', async () => {
    const { terminal, run } = session(['/mode acceptEdits']);
    expect(await run()).toBe(0);
    expect(terminal.prompts).toEqual([promptText('/workspace', 'default'), promptText('/workspace', 'acceptEdits')]);
    expect(promptText('/workspace', 'default')).toBe('orkeon /workspace (default)> ');
  });

  it('runs an allowed line at once: a plain command as an argv, a line with operators under bash -c', async () => {
    const { runner, terminal, run } = session(['ls src', 'ls src | wc -l'], { rules: rules('allow shell_command command=ls*', 'allow shell_command command=wc*') });
    await run();
    expect(terminal.questions).toBe(0);
    expect(runner.runs).toEqual([
      { argv: ['ls', 'src'], workdir: '/workspace', capture: false },
      { argv: ['bash', '-c', 'ls src | wc -l'], workdir: '/workspace', capture: false },
    ]);
    expect(terminal.lent).toBe(2);
  });

  it('[y] runs it once: the next time it is asked again', async () => {
    const { runner, terminal, run } = session(['npm test', 'y', 'npm test', 'y']);
    await run();
    expect(terminal.questions).toBe(2);
    expect(runner.commands).toEqual(['npm test', 'npm test']);
    expect(terminal.transcript).toContain('? shell_command requires approval (mode default): npm test\napprove shell_command? [y] once / [s] session / [n] no ');
  });

  it('[s] runs it and every later shell command without asking; /permissions neither lists nor clears it', async () => {
    const { runner, terminal, s, run } = session(['npm test', 's', 'git status', '/permissions list', '/permissions clear', '/permissions', 'git log --oneline']);
    await run();
    expect(terminal.questions).toBe(1);
    expect(runner.commands).toEqual(['npm test', 'git status', 'git log --oneline']);
    expect(s.state.approvedForSession).toEqual(['shell_command']);
    expect(s.state.rules).toEqual([]);
    expect(terminal.transcript).toContain('no rules in this session');
    expect(terminal.transcript).toContain('rules of this session: none');
    expect(terminal.transcript).not.toMatch(/approved|\[s\] answer/i);
  });

  it('[s] spares the mode\'s questions only: a line asked about for what it holds is asked every time', async () => {
    const { runner, terminal, run } = session(['npm test', 's', 'ls', '$TOOL status', 'n', 'ls']);
    await run();
    expect(runner.commands).toEqual(['npm test', 'ls', 'ls']);
    expect(terminal.questions).toBe(2);
    expect(terminal.transcript).toContain('? shell_command requires approval (mode default): $TOOL status');
  });

  it('[s] does not reach a deny: the rule still refuses', async () => {
    const { runner, terminal, run } = session(['npm test', 's', 'git push'], { stage: true });
    await run();
    expect(runner.commands).toEqual(['npm test']);
    expect(terminal.transcript).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
  });

  it('[n] refuses; a line that is not an answer asks the whole question again; end of input refuses', async () => {
    const { runner, terminal, run } = session(['npm test', 'maybe', '', 'n', 'npm test']);
    expect(await run()).toBe(0);
    expect(runner.runs).toHaveLength(0);
    expect(terminal.questions).toBe(4);
    expect(terminal.transcript.split('? shell_command requires approval (mode default): npm test').length - 1).toBe(4);
    expect(terminal.transcript).toContain('not run: refused at the question');
    expect(terminal.transcript).toContain('not run: no answer (end of input)');
  });

  it('a session command typed at the question runs, and the line is decided again as the session now stands', async () => {
    const { runner, terminal, run } = session(['npm test', '/permissions list', 'y', 'npm test', '/permissions add deny shell_command command=npm*', 'ls', '/mode bypassPermissions']);
    await run();
    expect(terminal.transcript).toContain('no rules in this session');
    expect(runner.commands).toEqual(['npm test', 'ls']);
    // Asked twice for the first line (again after /permissions list), once for the second (the deny added
    // refused it), once for ls (the mode changed to bypassPermissions runs it).
    expect(terminal.questions).toBe(4);
    expect(terminal.transcript).toContain('refused by `deny shell_command command=npm*` (session)');
  });

  it('a deny is never asked about, and shows its rule, its set and its remedy', async () => {
    const { runner, terminal, run } = session(['git push origin main', 'git -C src push'], { stage: true });
    await run();
    expect(terminal.questions).toBe(0);
    expect(runner.runs).toHaveLength(0);
    expect(terminal.transcript).toContain('refused: git push origin main (mode default)');
    expect(terminal.transcript).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
    expect(terminal.transcript).toContain('rule: deny shell_command command=*git * push (set git-readonly)');
    expect(terminal.transcript).toContain('instead: read with git status, git log, git diff or git show');
  });

  it('a mode: prefix decides that line only', async () => {
    const { runner, terminal, run } = session(['plan: ls', 'bypassPermissions: ls', 'ls', 'n']);
    await run();
    expect(terminal.transcript).toContain('refused: ls (mode plan)');
    expect(terminal.transcript).toContain('mode plan (request-prefix) refuses an execution (shell_command)');
    expect(runner.commands).toEqual(['ls']); // bypassPermissions: ran without a question
    expect(terminal.questions).toBe(1); // the plain `ls` is asked again in the session's mode
    expect(terminal.prompts.filter((p) => p.startsWith('orkeon ')).every((p) => p.includes('(default)'))).toBe(true);
  });

  it('/mode and /plan change the outcome: plan refuses, bypassPermissions runs, plan toggles back', async () => {
    const lines = ['/mode', '/mode', 'ls', '/mode', 'ls', '/plan', 'ls', '/plan', 'ls', '/mode', '/mode dontAsk', 'ls', '/mode'];
    const { runner, terminal, s, run } = session(lines);
    await run();
    expect(terminal.prompts.filter((p) => p.startsWith('orkeon ')).map((p) => /\((\w+)\)> $/.exec(p)![1])).toEqual([
      'default', 'acceptEdits', 'plan', 'plan', 'bypassPermissions', 'bypassPermissions', 'plan', 'plan', 'bypassPermissions', 'bypassPermissions', 'default', 'dontAsk', 'dontAsk', 'default',
    ]);
    expect(terminal.questions).toBe(0);
    expect(runner.commands).toEqual(['ls', 'ls']);
    expect(terminal.transcript.split('refused: ls (mode plan)').length - 1).toBe(2);
    expect(terminal.transcript).toContain('refused: ls (mode dontAsk)');
    expect(s.state.mode).toBe('default');
  });

  it('/permissions add and remove change the outcome; a deny added replaces the allow', async () => {
    const lines = [
      '/permissions add allow shell_command command=npm test*',
      'npm test',
      '/permissions add deny shell_command command=npm test*',
      'npm test',
      '/permissions remove deny shell_command command=npm test*',
      'npm test',
      'n',
      '/permissions add allow shell_command cmd=npm test*',
    ];
    const { runner, terminal, s, run } = session(lines);
    await run();
    expect(runner.commands).toEqual(['npm test']);
    expect(terminal.transcript).toContain('added deny shell_command command=npm test* (it replaces allow shell_command command=npm test*)');
    expect(terminal.transcript).toContain('refused by `deny shell_command command=npm test*` (session)');
    expect(terminal.questions).toBe(1);
    expect(terminal.transcript).toContain("shell_command does not take 'cmd'; it takes: command, working_directory, timeout_seconds");
    expect(s.state.rules).toEqual([]);
  });

  it('an allow rule must cover every command of the line', async () => {
    const { runner, terminal, run } = session(['npm test && curl -s x | sh', 'n'], { rules: rules('allow shell_command command=npm test*') });
    await run();
    expect(runner.runs).toHaveLength(0);
    expect(terminal.transcript).toContain('refused: npm test && curl -s x | sh');
  });

  it('without a terminal a question is a refusal that names what would allow it', async () => {
    const { runner, terminal, run } = session(['npm test'], { interactive: false });
    await run();
    expect(runner.runs).toHaveLength(0);
    expect(terminal.questions).toBe(0);
    expect(terminal.transcript).toContain('allow shell_command command=npm test*');
  });

  it('shows a non-zero exit status, and a signal on a line of its own', async () => {
    const runner = new RecordingRunner((r) => (r.argv.join(' ') === 'bash -c false' ? { exitCode: 1 } : { exitCode: 130, signal: 'SIGINT' }));
    const { terminal, run } = session(['false', 'sleep 9'], { runner, mode: 'bypassPermissions' });
    await run();
    expect(terminal.transcript).toContain('[exit 1]\n');
    expect(terminal.transcript).toContain('\n\n[exit 130, SIGINT]\n');
  });

  it('keeps the folder a lone cd lands in (bash reads it back with pwd -P), under a mount only', async () => {
    const runner = new RecordingRunner((r) => (r.argv[0] === 'bash' && r.argv[2] === 'cd -- "$1" && pwd -P' ? { stdout: r.argv[4] === 'src' ? '/workspace/src\n' : r.argv[4] === '/tmp' ? '/tmp\n' : '/workspace\n' } : {}));
    const { terminal, s, run } = session(['cd src', 'ls', 'cd /tmp', 'cd', 'pwd'], { runner, mode: 'bypassPermissions' });
    await run();
    // `cd` alone goes back to /workspace without a run: the project's root is always there.
    expect(runner.runs.map((r) => r.workdir)).toEqual(['/workspace', '/workspace/src', '/workspace/src', '/workspace']);
    expect(runner.runs[0]).toMatchObject({ argv: ['bash', '-c', 'cd -- "$1" && pwd -P', 'cd', 'src'], capture: true });
    // pwd is a bash builtin: it runs under bash, in the folder kept.
    expect(runner.runs[3]!.argv).toEqual(['bash', '-c', 'pwd']);
    expect(terminal.prompts).toContain('orkeon /workspace/src (bypassPermissions)> ');
    expect(terminal.transcript).toContain('cd: /tmp is not kept');
    expect(s.state.cwd).toBe('/workspace');
  });

  it('reads only a lone static cd as a move', () => {
    const read = (t: string) => {
      const r = readShellCommand(t);
      if (!r.ok) throw new Error(r.refusal.message);
      return cdTarget(r.reading);
    };
    expect(read('cd src')).toBe('src');
    expect(read('cd "my dir"')).toBe('my dir');
    expect(read('cd')).toBe('/workspace');
    expect(read('cd src && ls')).toBeNull();
    expect(read('cd $HOME')).toBeNull();
    expect(read('cd -')).toBeNull();
  });

  it('/help says how cd, the question and the modes work; unknown /words are refused; /exit ends', async () => {
    const { terminal, runner, run } = session(['/help', '/nope', '/exit', 'ls']);
    expect(await run()).toBe(0);
    expect(terminal.transcript).toContain('`cd DIR` alone on a line moves it');
    expect(terminal.transcript).toContain('[s] runs it and every later shell command the mode would ask');
    expect(terminal.transcript).toContain('/nope is not a session command');
    expect(runner.runs).toHaveLength(0);
    expect(terminal.unread).toEqual(['ls']);
  });
});
