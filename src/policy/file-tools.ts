// What the dev crews' callback adds to the rules on file tools, once a stage's sets are in the gate: a path
// is read however it is written (./, //, src/../, /workspace/, ../workspace/…), glob and grep patterns are
// joined to their path, and each operation of an edit_batch is checked as the editor it stands for.
import { PROJECT_ROOT as PROJECT } from '../shell/paths.js';
import { resolveVirtual } from './shell/write-rights.js';

/** The readings of one path a rule is tried on: as written, lexically normal, and relative to the project. */
export function pathForms(path: string): string[] {
  const forms = new Set<string>([path]);
  const abs = resolveVirtual(PROJECT, path);
  forms.add(abs);
  if (abs === PROJECT) forms.add('.');
  else if (abs.startsWith(`${PROJECT}/`)) forms.add(abs.slice(PROJECT.length + 1));
  return [...forms];
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** The extra `path` texts the callback compares for glob, grep and count_pattern. */
export function joinedPathForms(tool: string, args: Readonly<Record<string, unknown>>): string[] {
  const path = str(args['path']) ?? '.';
  const join = (tail: string) => pathForms(`${path.replace(/\/+$/, '')}/${tail}`);
  if (tool === 'glob') {
    const pattern = str(args['pattern']);
    return pattern === null ? [] : join(pattern.replace(/^\/+/, ''));
  }
  if (tool === 'grep') return join((str(args['glob']) ?? '**').replace(/^\/+/, ''));
  if (tool === 'count_pattern') return join('**');
  return [];
}

export interface BatchOperation {
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

export type BatchReading = { readonly ok: true; readonly operations: BatchOperation[] } | { readonly ok: false; readonly why: string; readonly remedy: string };

// A Map: the type is the agent's word, and `constructor` must be an unknown type, not Object's.
const OP_TOOLS: ReadonlyMap<string, string> = new Map(Object.entries({
  replace: 'node_replace', node_replace: 'node_replace',
  insert: 'node_insert', node_insert: 'node_insert',
  ensure: 'node_ensure', node_ensure: 'node_ensure',
  edit: 'edit_file', edit_file: 'edit_file',
  write: 'file_write', file_write: 'file_write',
}));

/** Reads an edit_batch as the editors its operations stand for (intent types `ensure_*` are node_ensure). */
export function readEditBatch(args: Readonly<Record<string, unknown>>): BatchReading {
  const validate = args['validate'];
  if (validate !== undefined && validate !== null && validate !== 'parse') {
    return { ok: false, why: `edit_batch validate '${String(validate)}' runs a build`, remedy: "use validate: \"parse\"; the stage's build is run_build" };
  }
  const ops = args['operations'];
  if (!Array.isArray(ops) || ops.length === 0) return { ok: false, why: 'edit_batch without operations', remedy: 'send at least one operation, each with a type and a path' };
  const out: BatchOperation[] = [];
  for (const [i, op] of ops.entries()) {
    if (op === null || typeof op !== 'object' || Array.isArray(op)) return { ok: false, why: `operation ${i} is not an object`, remedy: 'send each operation as an object with a type and a path' };
    const o = op as Record<string, unknown>;
    const type = str(o['type']) ?? str(o['kind']) ?? '';
    const tool = OP_TOOLS.get(type) ?? (/^ensure_/.test(type) ? 'node_ensure' : undefined);
    if (!tool) return { ok: false, why: `operation ${i} has an unknown type '${type}'`, remedy: 'use replace, insert, ensure (or an ensure_* intent), edit or write' };
    if (typeof o['path'] !== 'string' || o['path'].length === 0) return { ok: false, why: `operation ${i} has no path`, remedy: 'give every operation its path' };
    const args2: Record<string, unknown> = { ...o };
    if (tool === 'edit_file' && args2['new_string'] === undefined) args2['new_string'] = o['text'];
    if (tool === 'file_write' && args2['content'] === undefined) args2['content'] = o['text'];
    out.push({ tool, args: args2 });
  }
  return { ok: true, operations: out };
}
