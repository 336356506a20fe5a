// Claude Code's tools as the seed's tools (seed 000, "Modes" and "Règles"): each Claude Code call becomes
// one or more gate calls, with host paths read as virtual paths (paths.ts). A call that reads several
// ways (a path through a symbolic link, each edit of a MultiEdit) becomes one gate call per reading, and
// the caller lets any deny win.
//
//   Bash          → shell_command.command (as written, and with the mounts' host paths read as virtual),
//                   working_directory (the virtual working folder)
//   Read          → file_read.path (offset, limit)
//   Write         → file_write.path, content
//   Edit          → edit_file.path, old_string, new_string, replace_all
//   MultiEdit     → edit_file for each edit
//   Glob          → glob.path, pattern (the pattern's fixed leading folders moved into path)
//   Grep          → grep.path, pattern, glob
//   WebFetch      → http_api url, method GET: a read by the seed's per-call rule
//   anything else → the tool under its own name, which declares nothing to the gate: a write (NotebookEdit
//                   also as edit_file on its notebook, so the file rules see what it writes)
import { redactHostPaths } from '../../mounts/map.js';
import { readGlob, readHostPath, tableOf, type HostMount, type LinkReader, hostLinks } from './paths.js';
import type { HookCall } from './hook-input.js';

export interface GateCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export interface MappedCall {
  /** The seed's tool the Claude Code tool was read as (or its own name for a tool the gate does not know). */
  readonly seedTool: string;
  readonly calls: readonly GateCall[];
  /** The virtual working folder, when Claude Code's is under a mount. */
  readonly cwd: string | null;
}

export interface MapRefusal {
  readonly kind: 'input' | 'outside';
  readonly seedTool: string;
  /** One line, naming no host path. */
  readonly message: string;
  readonly remedy: string;
}

export type MapResult = { readonly ok: true; readonly mapped: MappedCall } | { readonly ok: false; readonly refusal: MapRefusal };

/** Claude Code's tools that name a file, and the seed's tool each becomes. */
export const CLAUDE_FILE_TOOLS: Readonly<Record<string, string>> = {
  Read: 'file_read',
  Write: 'file_write',
  Edit: 'edit_file',
  MultiEdit: 'edit_file',
  Glob: 'glob',
  Grep: 'grep',
  NotebookEdit: 'NotebookEdit',
};

const OUTSIDE_REMEDY = 'name a file under /workspace (the project), by its path in the project; Claude Code\'s file tools reach the project only';

export function mapToolCall(call: HookCall, mounts: readonly HostMount[], links: LinkReader = hostLinks): MapResult {
  const input = call.toolInput;
  const cwdRead = readHostPath(call.cwd, '/', mounts, links);
  // The folder the kernel is in: the walked reading (the last one) of Claude Code's working folder.
  const cwd = cwdRead.ok ? cwdRead.virtual[cwdRead.virtual.length - 1]! : null;
  const where: Where = { cwd: call.cwd, vcwd: cwd, mounts, links };
  switch (call.toolName) {
    case 'Bash':
      return mapBash(input, cwd, mounts);
    case 'Read':
      return mapPathTool('file_read', input, 'file_path', where, (path) => pick({ path }, input, ['offset', 'limit']));
    case 'Write': {
      const content = input['content'];
      if (typeof content !== 'string') return refuse('input', 'file_write', 'Write needs its content as a string');
      return mapPathTool('file_write', input, 'file_path', where, (path) => ({ path, content }));
    }
    case 'Edit': {
      const edit = readEdit(input, 'Edit');
      if (typeof edit === 'string') return refuse('input', 'edit_file', edit);
      return mapPathTool('edit_file', input, 'file_path', where, (path) => ({ path, ...edit }));
    }
    case 'MultiEdit':
      return mapMultiEdit(input, where);
    case 'Glob':
      return mapGlob(input, where);
    case 'Grep':
      return mapGrep(input, where);
    case 'WebFetch': {
      const url = input['url'];
      if (typeof url !== 'string' || url === '') return refuse('input', 'http_api', 'WebFetch needs a url (a string)');
      return ok('http_api', [{ tool: 'http_api', args: { url, method: 'GET' } }], cwd);
    }
    case 'NotebookEdit':
      return mapNotebookEdit(input, where);
    default:
      // A tool that declares nothing to the gate: a write (seed 000, "Modes"), under its own name so a rule
      // can name it (`deny WebSearch`, `deny mcp__github__create_pull_request`).
      return ok(call.toolName, [{ tool: call.toolName, args: { ...input } }], cwd);
  }
}

function mapBash(input: Readonly<Record<string, unknown>>, cwd: string | null, mounts: readonly HostMount[]): MapResult {
  const command = input['command'];
  if (typeof command !== 'string') return refuse('input', 'shell_command', 'Bash needs its command as a string');
  if (cwd === null) {
    return refuse('outside', 'shell_command', "Claude Code's shell is in a folder outside every mount of the session", 'cd back into the project (/workspace) before running a command');
  }
  // The model may name the project by its host path (Claude Code tells it that path): the gate reads the
  // command both as written and with the mounts' host paths read as virtual, so a rule on /workspace/…
  // cannot be passed by writing the same file's host path.
  const readings = [command];
  const mapped = redactHostPaths(tableOf(mounts), command);
  if (mapped !== command) readings.push(mapped);
  return ok(
    'shell_command',
    readings.map((c) => ({ tool: 'shell_command', args: { command: c, working_directory: cwd } })),
    cwd,
  );
}

type PathArgs = (virtualPath: string) => Record<string, unknown>;

/** Where a call's relative paths are read from: Claude Code's working folder (host) and its virtual reading. */
interface Where {
  readonly cwd: string;
  readonly vcwd: string | null;
  readonly mounts: readonly HostMount[];
  readonly links: LinkReader;
}

function mapPathTool(seedTool: string, input: Readonly<Record<string, unknown>>, field: string, where: Where, args: PathArgs): MapResult {
  const { cwd, vcwd, mounts, links } = where;
  const raw = input[field];
  if (typeof raw !== 'string') return refuse('input', seedTool, `${field} must be a path (a string)`);
  const read = readHostPath(raw, cwd, mounts, links);
  if (!read.ok) return read.why === 'outside' ? refuse('outside', seedTool, `${field}: ${read.message}`, OUTSIDE_REMEDY) : refuse('input', seedTool, `${field}: ${read.message}`);
  return ok(seedTool, read.virtual.map((path) => ({ tool: seedTool, args: args(path) })), vcwd);
}

function readEdit(edit: Readonly<Record<string, unknown>>, what: string): { old_string: string; new_string: string; replace_all?: boolean } | string {
  const oldString = edit['old_string'];
  const newString = edit['new_string'];
  if (typeof oldString !== 'string' || typeof newString !== 'string') return `${what} needs old_string and new_string as strings`;
  const replaceAll = edit['replace_all'];
  if (replaceAll !== undefined && typeof replaceAll !== 'boolean') return `${what}: replace_all must be true or false`;
  return { old_string: oldString, new_string: newString, ...(replaceAll === undefined ? {} : { replace_all: replaceAll }) };
}

function mapMultiEdit(input: Readonly<Record<string, unknown>>, where: Where): MapResult {
  const edits = input['edits'];
  if (!Array.isArray(edits) || edits.length === 0) return refuse('input', 'edit_file', 'MultiEdit needs a non-empty list of edits');
  const read: Array<{ old_string: string; new_string: string; replace_all?: boolean }> = [];
  for (const [i, e] of edits.entries()) {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return refuse('input', 'edit_file', `MultiEdit: edit ${i} is not an object`);
    const one = readEdit(e as Record<string, unknown>, `MultiEdit: edit ${i}`);
    if (typeof one === 'string') return refuse('input', 'edit_file', one);
    read.push(one);
  }
  const first = mapPathTool('edit_file', input, 'file_path', where, (path) => ({ path }));
  if (!first.ok) return first;
  const paths = first.mapped.calls.map((c) => c.args['path'] as string);
  const calls = paths.flatMap((path) => read.map((edit) => ({ tool: 'edit_file', args: { path, ...edit } })));
  return ok('edit_file', calls, first.mapped.cwd);
}

function mapGlob(input: Readonly<Record<string, unknown>>, where: Where): MapResult {
  const { cwd, vcwd, mounts, links } = where;
  const pattern = input['pattern'];
  if (typeof pattern !== 'string' || pattern === '') return refuse('input', 'glob', 'Glob needs a pattern (a string)');
  const base = optionalString(input['path']);
  if (base === false) return refuse('input', 'glob', 'Glob: path must be a string');
  const read = readGlob(pattern, base ?? cwd, cwd, mounts, links);
  if (!read.ok) return read.why === 'outside' ? refuse('outside', 'glob', `the pattern's folder: ${read.message}`, OUTSIDE_REMEDY) : refuse('input', 'glob', read.message);
  return ok('glob', read.readings.map((r) => ({ tool: 'glob', args: { path: r.base, pattern: r.pattern } })), vcwd);
}

function mapGrep(input: Readonly<Record<string, unknown>>, where: Where): MapResult {
  const { cwd, vcwd, mounts, links } = where;
  const pattern = input['pattern'];
  if (typeof pattern !== 'string') return refuse('input', 'grep', 'Grep needs a pattern (a string)');
  const base = optionalString(input['path']);
  if (base === false) return refuse('input', 'grep', 'Grep: path must be a string');
  const glob = optionalString(input['glob']);
  if (glob === false) return refuse('input', 'grep', 'Grep: glob must be a string');
  const read = readHostPath(base ?? cwd, cwd, mounts, links);
  if (!read.ok) return read.why === 'outside' ? refuse('outside', 'grep', `path: ${read.message}`, OUTSIDE_REMEDY) : refuse('input', 'grep', `path: ${read.message}`);
  return ok('grep', read.virtual.map((path) => ({ tool: 'grep', args: { path, pattern, ...(glob === null ? {} : { glob }) } })), vcwd);
}

function mapNotebookEdit(input: Readonly<Record<string, unknown>>, where: Where): MapResult {
  const source = input['new_source'];
  if (source !== undefined && typeof source !== 'string') return refuse('input', 'NotebookEdit', 'NotebookEdit: new_source must be a string');
  const read = mapPathTool('NotebookEdit', input, 'notebook_path', where, (path) => ({ ...input, notebook_path: path }));
  if (!read.ok) return read;
  const calls: GateCall[] = [];
  for (const c of read.mapped.calls) {
    calls.push(c);
    calls.push({ tool: 'edit_file', args: { path: c.args['notebook_path'], new_string: source ?? '' } });
  }
  return ok('NotebookEdit', calls, read.mapped.cwd);
}

/** null when absent, false when present and not a string. */
function optionalString(v: unknown): string | null | false {
  if (v === undefined || v === null) return null;
  return typeof v === 'string' ? v : false;
}

function pick(base: Record<string, unknown>, input: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, unknown> {
  const out = { ...base };
  for (const n of names) if (input[n] !== undefined) out[n] = input[n];
  return out;
}

function ok(seedTool: string, calls: GateCall[], cwd: string | null): MapResult {
  return { ok: true, mapped: { seedTool, calls, cwd } };
}

function refuse(kind: MapRefusal['kind'], seedTool: string, message: string, remedy?: string): MapResult {
  return {
    ok: false,
    refusal: { kind, seedTool, message, remedy: remedy ?? 'send the call with the arguments Claude Code\'s tool takes, as its schema types them' },
  };
}
