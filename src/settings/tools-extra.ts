// tools.extra: `name[:read|:write]` entries, a string with commas or a list. A name without a class is a
// write; `*` lists every extra tool (as writes); a built-in tool keeps its own class and cannot be listed.
import { BUILTIN_TOOLS } from '../policy/tools.js';
import type { ExtraTool } from '../policy/types.js';

export interface ExtraEntry {
  readonly text: string;
  /** The name as far as it can be read (before `:`), even for an invalid entry. */
  readonly name: string;
  readonly tool: ExtraTool | null;
  readonly error: string | null;
}

const ENTRY = /^(\*|[A-Za-z0-9_][A-Za-z0-9_.-]*)(?::([A-Za-z]+))?$/;

export function parseExtraEntries(value: unknown): { entries: ExtraEntry[]; error: string | null } {
  let items: unknown[];
  if (typeof value === 'string') items = value.split(',');
  else if (Array.isArray(value)) items = value;
  else return { entries: [], error: 'tools.extra is a string ("search_issues:read, *") or a list of such entries' };
  const entries: ExtraEntry[] = [];
  for (const item of items) {
    if (typeof item !== 'string') {
      entries.push({ text: String(item), name: '', tool: null, error: 'an entry is a string `name[:read|:write]`' });
      continue;
    }
    const text = item.trim();
    if (!text) continue;
    const name = text.split(':')[0]!.trim();
    const m = ENTRY.exec(text);
    if (!m) {
      entries.push({ text, name, tool: null, error: `'${text}' is not name[:read|:write]` });
      continue;
    }
    const cls = m[2];
    if (cls !== undefined && cls !== 'read' && cls !== 'write') {
      entries.push({ text, name, tool: null, error: `'${cls}' is not a class: use read or write` });
      continue;
    }
    if (m[1] === '*' && cls === 'read') {
      entries.push({ text, name, tool: null, error: '`*:read` would mark every extra tool read-only; list read tools by name' });
      continue;
    }
    if (BUILTIN_TOOLS.has(m[1]!)) {
      entries.push({ text, name, tool: null, error: `${m[1]} is a built-in tool: it keeps its own class and cannot be listed` });
      continue;
    }
    entries.push({ text, name: m[1]!, tool: { name: m[1]!, access: cls === 'read' ? 'read' : 'write' }, error: null });
  }
  return { entries, error: null };
}

/** Merges valid entries by name: read only if every entry for that name says read. */
export function mergeExtra(entries: readonly ExtraEntry[]): ExtraTool[] {
  const byName = new Map<string, ExtraTool>();
  for (const e of entries) {
    if (!e.tool) continue;
    const prev = byName.get(e.tool.name);
    byName.set(e.tool.name, prev && (prev.access === 'write' || e.tool.access === 'write') ? { name: e.tool.name, access: 'write' } : e.tool);
  }
  return [...byName.values()];
}
