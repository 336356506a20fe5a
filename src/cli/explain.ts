// `orkeon-code explain [--json] [--] "<command>"`: what the shell front-end read, before any rule: each simple
// command's normalised words, which of them bash expands at run time, and what nested it. A command refused
// before or at parsing prints the refusal and exits 1. The shell module is imported in the action only.
import type { Command } from 'commander';
import type { ShellReading, ShellRefusal, SimpleCommand } from '../shell/types.js';
import { EXIT, UsageError } from './exit-codes.js';

interface ExplainOptions {
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('explain')
    .description('show how the shell front-end reads a command: its simple commands, normalised words and nesting')
    .argument('[command...]', 'the shell command (quote it, or put it after --)')
    .option('--json', 'print the reading as JSON: {"commands":[…],"line":"…"}')
    .action(async (words: string[], opts: ExplainOptions) => {
      process.exitCode = await runExplain(words, opts);
    });
}

async function runExplain(words: string[], opts: ExplainOptions): Promise<number> {
  if (words.length === 0) throw new UsageError('give a command to explain, quoted: orkeon-code explain -- "git status"');
  const command = words.join(' ');
  const { readShellCommandAsync } = await import('../shell/index.js');
  const result = await readShellCommandAsync(command);
  if (!result.ok) {
    process.stdout.write(opts.json ? `${JSON.stringify(refusalJson(result.refusal))}\n` : refusalText(result.refusal));
    return EXIT.deny;
  }
  process.stdout.write(opts.json ? `${JSON.stringify(readingJson(result.reading))}\n` : readingText(result.reading));
  return EXIT.ok;
}

/** `{"error":"…","commands":[]}`: the refusal's code leads its message. */
export function refusalJson(r: ShellRefusal): { error: string; commands: [] } {
  return { error: `${r.code}: ${r.message}`, commands: [] };
}

/** The explain shape: argv, dynamic and via first, then what else the reader knows of each command. */
export function readingJson(reading: ShellReading): { commands: object[]; line: string } {
  return {
    commands: reading.commands.map((c) => ({
      argv: c.argv,
      dynamic: c.dynamic,
      via: c.via,
      words: c.words,
      assignments: c.assignments,
      redirects: c.redirects,
      stdin: c.stdin,
      runs: c.runs,
      opaque: c.opaque,
    })),
    line: reading.line,
  };
}

function refusalText(r: ShellRefusal): string {
  return `refused (${r.code})${r.offset !== undefined ? ` at offset ${r.offset}` : ''}: ${r.message}\n`;
}

/** Shows a word so that blanks and empty words are visible; dynamic words between «». */
function showWord(word: string, dynamic: boolean): string {
  const shown = word === '' || /[\s"'\\]/.test(word) ? JSON.stringify(word) : word;
  return dynamic ? `«${shown}»` : shown;
}

function commandText(c: SimpleCommand): string {
  const dyn = new Set(c.dynamic);
  const words = c.argv.map((w, i) => showWord(w, dyn.has(i)));
  const env = c.assignments.map((a) => `${a.name}=${showWord(a.value, a.dynamic)}`);
  return [...env, ...words].join(' ') || '(assignments only)';
}

function readingText(reading: ShellReading): string {
  const lines: string[] = [`line: ${reading.line}`];
  const width = String(reading.commands.length).length;
  reading.commands.forEach((c, i) => {
    const pad = ' '.repeat(width + 3);
    lines.push(`#${String(i).padStart(width)}  ${commandText(c)}`);
    if (c.via) lines.push(`${pad}via ${c.via}`);
    for (const r of c.redirects) {
      const target = r.operator.startsWith('<<') && r.operator !== '<<<' ? `(here-document, ${r.target.length} chars)` : showWord(r.target, r.dynamic);
      lines.push(`${pad}redirect ${r.fd ?? ''}${r.operator} ${target}${r.writes ? ' (writes)' : ''}`);
    }
    if (c.stdin !== 'inherited') lines.push(`${pad}stdin ${c.stdin}`);
    if (c.runs !== null) lines.push(`${pad}runs #${c.runs}`);
    for (const o of c.opaque) lines.push(`${pad}runs what cannot be read (${o.via}): ${showWord(o.text, false)}`);
  });
  if (reading.commands.some((c) => c.dynamic.length > 0 || c.assignments.some((a) => a.dynamic))) {
    lines.push('«…» is expanded by bash at run time');
  }
  return lines.join('\n') + '\n';
}
