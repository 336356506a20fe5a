// What a crew call the gate allowed runs as, always inside the confinement: shell_command as the line
// (one plain command as an argv, anything else under `bash -c`); file_read as a confined `cat` and
// file_write as a confined `cat >` of the content, both on the virtual path the call names, so a file tool
// reaches the mounts only and never a host path. Every other tool is not supported in a crew yet and
// says so. Pure: the call in, the program to run (or why not) out.
import path from 'node:path';
import type { ShellReader } from '../policy/context.js';
import { BUILTIN_TOOLS } from '../policy/tools.js';
import { lineArgv } from './line-argv.js';

export const CREW_TOOLS: readonly string[] = ['shell_command', 'file_read', 'file_write'];

export type CrewAction =
  | {
      readonly kind: 'run';
      readonly argv: readonly string[];
      /** The virtual working folder. */
      readonly workdir: string;
      readonly stdin: 'ignore' | { readonly text: string };
      readonly timeoutSeconds?: number;
      /** file_read: the lines the call asked for, from what `cat` printed. */
      readonly select?: (stdout: string) => string;
    }
  | { readonly kind: 'unsupported'; readonly why: string };

/** The virtual folder a shell_command runs in: its working_directory read from /workspace, else /workspace. */
export function crewWorkdir(args: Readonly<Record<string, unknown>>): string {
  const wd = args['working_directory'];
  return typeof wd === 'string' && wd.trim() !== '' ? path.posix.resolve('/workspace', wd) : '/workspace';
}

export function crewAction(tool: string, args: Readonly<Record<string, unknown>>, readShell: ShellReader): CrewAction {
  if (!CREW_TOOLS.includes(tool)) return { kind: 'unsupported', why: `a crew runs ${CREW_TOOLS.join(', ')}; ${tool} is not supported in a crew yet` };
  const takes = BUILTIN_TOOLS.get(tool)!.arguments;
  const extra = Object.keys(args).filter((k) => !takes.includes(k));
  if (extra.length > 0) return { kind: 'unsupported', why: `${tool} does not take ${extra.map((k) => `'${k}'`).join(', ')}; it takes: ${takes.join(', ')}` };
  switch (tool) {
    case 'shell_command':
      return shellCommand(args, readShell);
    case 'file_read':
      return fileRead(args);
    default:
      return fileWrite(args);
  }
}

function shellCommand(args: Readonly<Record<string, unknown>>, readShell: ShellReader): CrewAction {
  const command = args['command'];
  if (typeof command !== 'string' || command.trim() === '') return { kind: 'unsupported', why: 'shell_command needs "command", a string' };
  const timeout = args['timeout_seconds'];
  if (timeout !== undefined && timeout !== null && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
    return { kind: 'unsupported', why: 'timeout_seconds is a number of seconds above 0' };
  }
  const wd = args['working_directory'];
  if (wd !== undefined && wd !== null && typeof wd !== 'string') return { kind: 'unsupported', why: 'working_directory is a virtual path, as a string' };
  const read = readShell(command);
  // The gate read the same text and allowed it; a reading that fails now is refused, never run.
  if (!read.ok) return { kind: 'unsupported', why: read.refusal.message };
  return { kind: 'run', argv: lineArgv(read.reading, command), workdir: crewWorkdir(args), stdin: 'ignore', ...(typeof timeout === 'number' ? { timeoutSeconds: timeout } : {}) };
}

function utf8(encoding: unknown): boolean {
  return encoding === undefined || encoding === null || (typeof encoding === 'string' && /^utf-?8$/i.test(encoding.trim()));
}

function fileRead(args: Readonly<Record<string, unknown>>): CrewAction {
  const file = args['path'];
  if (typeof file !== 'string' || file === '') return { kind: 'unsupported', why: 'file_read needs "path", a virtual path' };
  if (!utf8(args['encoding'])) return { kind: 'unsupported', why: 'file_read reads utf-8 only in a crew' };
  const offset = args['offset'] ?? 0;
  const limit = args['limit'] ?? null;
  if (!(Number.isInteger(offset) && (offset as number) >= 0)) return { kind: 'unsupported', why: 'offset is a number of lines to skip (0 or more)' };
  if (!(limit === null || (Number.isInteger(limit) && (limit as number) > 0))) return { kind: 'unsupported', why: 'limit is a number of lines (1 or more)' };
  const select = (stdout: string): string => {
    if (offset === 0 && limit === null) return stdout;
    const lines = stdout.split('\n');
    const end = limit === null ? lines.length : (offset as number) + (limit as number);
    return lines.slice(offset as number, end).join('\n');
  };
  return { kind: 'run', argv: ['cat', '--', file], workdir: '/workspace', stdin: 'ignore', select };
}

function fileWrite(args: Readonly<Record<string, unknown>>): CrewAction {
  const file = args['path'];
  const content = args['content'];
  if (typeof file !== 'string' || file === '') return { kind: 'unsupported', why: 'file_write needs "path", a virtual path' };
  if (typeof content !== 'string') return { kind: 'unsupported', why: 'file_write needs "content", a string' };
  if (!utf8(args['encoding'])) return { kind: 'unsupported', why: 'file_write writes utf-8 only in a crew' };
  if (args['create_backup'] === true) return { kind: 'unsupported', why: 'create_backup is not supported in a crew yet; write the copy with its own file_write' };
  const append = args['append'] === true;
  // The content goes in on standard input, never through an argument or the shell's reading.
  const script = `mkdir -p -- "$(dirname -- "$1")" && cat ${append ? '>>' : '>'} "$1"`;
  return { kind: 'run', argv: ['sh', '-c', script, 'file_write', file], workdir: '/workspace', stdin: { text: content } };
}
