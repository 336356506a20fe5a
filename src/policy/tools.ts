// The built-in tools the gate knows: the arguments each takes (the top-level fields of its input, in
// snake_case, as a rule names them) and the access it declares. http_api and github read their access per
// call (seed 000 "Modes", seed 002 / ADR 0008); every other built-in declares one class.
import type { Access } from './types.js';

export interface BuiltinTool {
  readonly name: string;
  readonly arguments: readonly string[];
  /** The access a call declares when it does not depend on the call. */
  readonly access: Access;
  /** Offered in plan and dontAsk (local reads, memory_recall, spawn_agent), whatever the call. */
  readonly offeredReadOnly: boolean;
  /** For a per-call tool: the class that decides the catalogue (github and rag_eval: with file edits). */
  readonly catalogueAccess?: Access;
}

const t = (
  name: string,
  args: string[],
  access: Access,
  offeredReadOnly = access === 'read',
  catalogueAccess?: Access,
): BuiltinTool => ({ name, arguments: args, access, offeredReadOnly, ...(catalogueAccess ? { catalogueAccess } : {}) });

const TABLE: readonly BuiltinTool[] = [
  t('shell_command', ['command', 'working_directory', 'timeout_seconds'], 'execute'),
  // local reads
  t('file_read', ['path', 'offset', 'limit', 'encoding'], 'read'),
  t('glob', ['path', 'pattern'], 'read'),
  t('grep', ['path', 'pattern', 'glob', 'case_insensitive', 'context_lines', 'max_results'], 'read'),
  t('node_outline', ['path'], 'read'),
  t('node_read', ['path', 'selector'], 'read'),
  t('count_pattern', ['path', 'pattern'], 'read'),
  t('documents_of', ['path', 'kind'], 'read'),
  t('directory_search', ['path', 'query', 'max_depth'], 'read'),
  t('structural_search', ['pattern', 'language', 'glob'], 'read'),
  t('symbol_source', ['symbol', 'language'], 'read'),
  t('list_mounts', [], 'read'),
  t('memory_recall', ['query', 'topic', 'limit'], 'read'),
  t('rag_search', ['query', 'collection', 'top_k'], 'read'),
  t('run_validation', ['command'], 'read'),
  // file edits and the tools filed with them
  t('file_write', ['path', 'content', 'encoding', 'append', 'create_backup'], 'edit'),
  t('edit_file', ['path', 'old_string', 'new_string', 'replace_all'], 'edit'),
  t('node_replace', ['path', 'selector', 'sha256', 'text'], 'edit'),
  t('node_insert', ['path', 'anchor', 'position', 'text'], 'edit'),
  t('node_ensure', ['path', 'kind', 'name', 'module', 'text'], 'edit'),
  t('edit_batch', ['operations', 'validate'], 'edit'),
  t('structural_rewrite', ['paths', 'glob', 'pattern', 'fix', 'language', 'dry_run'], 'edit'),
  t('rag_ingest', ['path', 'collection'], 'edit'),
  t('rag_eval', ['corpus', 'collection', 'report'], 'edit'),
  t('memory_push', ['topic', 'title', 'body'], 'edit'),
  // spawn_agent: an edit, but the host offers it to every act whatever the catalogue
  t('spawn_agent', ['agent', 'prompt', 'tools'], 'edit', true),
  // network reads
  t('web_search', ['query', 'max_results'], 'network-read'),
  t('web_fetch', ['url'], 'network-read'),
  t('web_scrape', ['url', 'selector'], 'network-read'),
  t('scrape_element', ['url', 'selector'], 'network-read'),
  // per call
  t('http_api', ['url', 'method', 'headers', 'body', 'content_type'], 'network-read', false, 'network-read'),
  t('github', ['action', 'owner', 'repo', 'number', 'title', 'body', 'head', 'base', 'query', 'labels'], 'execute', false, 'edit'),
  // dev-stage tools of Orkeon Code
  t('run_tests', ['command'], 'execute'),
  t('run_build', ['project'], 'execute'),
];

export const BUILTIN_TOOLS: ReadonlyMap<string, BuiltinTool> = new Map(TABLE.map((tool) => [tool.name, tool]));

const GITHUB_READS = new Set(['list_issues', 'get_pr', 'search_repos', 'get_repo']);
const HTTP_READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const METHOD_OVERRIDE_HEADERS = new Set(['x-http-method-override', 'x-http-method', 'x-method-override']);

/** An argument read as Orkeon reads it: keys compared case aside (`Method`, `BODY`). */
function argCaseAside(args: Readonly<Record<string, unknown>>, name: string): { present: boolean; value: unknown } {
  if (Object.prototype.hasOwnProperty.call(args, name)) return { present: true, value: args[name] };
  const lower = name.toLowerCase();
  for (const key of Object.keys(args)) if (key.toLowerCase() === lower) return { present: true, value: args[key] };
  return { present: false, value: undefined };
}

/** Header names from an object, or from a JSON string holding one; any other shape carries none. */
export function headerNames(headers: unknown): string[] {
  let h = headers;
  if (typeof h === 'string') {
    try {
      h = JSON.parse(h);
    } catch {
      return [];
    }
  }
  if (h === null || typeof h !== 'object' || Array.isArray(h)) return [];
  return Object.keys(h as object);
}

/**
 * http_api: a read for GET, HEAD, OPTIONS and an absent method; an execution for any other method (an
 * empty one included), and for a read method that carries a body (any non-null body, an empty string
 * included) or a method-override header (any case, in an object or a JSON string).
 */
export function httpApiAccess(args: Readonly<Record<string, unknown>>): Access {
  const method = argCaseAside(args, 'method');
  if (method.present && method.value !== null && method.value !== undefined) {
    if (typeof method.value !== 'string' || !HTTP_READ_METHODS.has(method.value.trim().toUpperCase())) return 'execute';
  }
  const body = argCaseAside(args, 'body');
  if (body.present && body.value !== null && body.value !== undefined) return 'execute';
  const headers = argCaseAside(args, 'headers');
  if (headers.present && headerNames(headers.value).some((n) => METHOD_OVERRIDE_HEADERS.has(n.trim().toLowerCase()))) {
    return 'execute';
  }
  return 'network-read';
}

/** github: a read for list_issues, get_pr, search_repos, get_repo (trimmed, case aside); else an execution. */
export function githubAccess(args: Readonly<Record<string, unknown>>): Access {
  const action = argCaseAside(args, 'action').value;
  if (typeof action === 'string' && GITHUB_READS.has(action.trim().toLowerCase())) return 'network-read';
  return 'execute';
}

/** The access one call declares. A tool that declares neither a read nor an edit is a write (execute). */
export function declaredAccess(tool: string, args: Readonly<Record<string, unknown>>, extra?: { access: 'read' | 'write' }): Access {
  if (tool === 'http_api') return httpApiAccess(args);
  if (tool === 'github') return githubAccess(args);
  const builtin = BUILTIN_TOOLS.get(tool);
  if (builtin) return builtin.access;
  if (extra) return extra.access === 'read' ? 'read' : 'execute';
  return 'execute';
}
