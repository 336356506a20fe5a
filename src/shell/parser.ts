// tree-sitter-bash through web-tree-sitter: loaded once per process, one parser reused, every tree deleted
// right after it is copied into plain objects. A parse error, a missing token, a node type the reader does
// not know, a tree deeper than the bound, a timeout or an exception is a refusal value, never a throw.
import { createRequire } from 'node:module';
import type { Language, Parser as TsParser, Tree, TreeCursor } from 'web-tree-sitter';
import { MAX_TREE_DEPTH } from './limits.js';
import { KNOWN_NODE_TYPES, type SyntaxNode } from './syntax.js';
import type { ShellRefusal } from './types.js';
import { loadGrammarModule } from './wasm-tiering.js';

let parser: TsParser | null = null;
/** The grammar's type and field names by id, and which types are named, read once per instance. */
let grammar: GrammarTables | null = null;
/** web-tree-sitter's own wasm functions, called without its per-call marshalling (null: use its API). */
let raw: RawBinding | null = null;
let loading: Promise<void> | null = null;
/** How many wasm instances were made: a new one replaces one that aborted (out of memory, say). */
let generation = 0;

/** Loads web-tree-sitter and the bash grammar once per process; later calls return the same promise. */
export function initParser(): Promise<void> {
  if (parser) return Promise.resolve();
  loading ??= load(generation).catch((err: unknown) => {
    loading = null;
    throw Object.assign(new Error(`cannot load the bash grammar: ${(err as Error)?.message ?? String(err)}`), {
      code: 'ORKEON_SHELL_GRAMMAR',
      cause: err,
    });
  });
  return loading;
}

async function load(instance: number): Promise<void> {
  // a wasm module that aborted is dead for good: a replacement needs a module instance of its own, which a
  // distinct URL gives (the dead one's memory stays with its module, which ES modules never unload)
  const specifier = instance === 0 ? 'web-tree-sitter' : `${import.meta.resolve('web-tree-sitter')}?instance=${instance}`;
  const { Parser, Language } = (await import(specifier)) as typeof import('web-tree-sitter');
  const bindings = bindingRegistry();
  // emscripten fills the options object it is given with the module's exports; web-tree-sitter keeps the
  // first one for the life of its module instance, so the object is shared by every copy of this file
  // loaded in the process (test runners load it once per test file) through a process-wide registry
  let module = bindings.get(specifier);
  if (!module) {
    module = {};
    bindings.set(specifier, module);
  }
  await Parser.init(module);
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  // the runtime just compiled tiers up or not as the process chose; the grammar's lexer stays on Liftoff
  const bash = await loadGrammarModule(() => Language.load(wasm));
  const p = new Parser();
  p.setLanguage(bash);
  grammar = grammarTables(bash);
  raw = rawBinding(module);
  parser = p;
  loading = null;
}

/** After an abort: refuse until a fresh instance is ready, and start making it. */
function replaceAbortedParser(): void {
  parser = null;
  raw = null;
  generation++;
  loading = load(generation).catch(() => {
    loading = null;
  });
}

export function isShellReaderReady(): boolean {
  return parser !== null;
}

/** Why a read cannot happen now: never initialised, or restarting after an abort. */
export function notReadyRefusal(): ShellRefusal {
  return generation > 0
    ? { code: 'parser-failure', message: 'the bash parser is restarting after a failure; retry the command in a moment' }
    : { code: 'parser-failure', message: 'the shell reader is not initialised (await initShellReader() first)' };
}

/**
 * The copied tree, and the first reason to refuse it (an ERROR or MISSING node, an unknown node type), if
 * any: the reader still looks at a broken tree to find line continuations before it re-parses.
 */
export type ParseResult =
  | { ok: true; root: SyntaxNode; problem: ShellRefusal | null }
  | { ok: false; refusal: ShellRefusal };

/**
 * Parses `text` and copies the tree. `deadline` is a `performance.now()` value past which the parse is
 * cancelled (tree-sitter calls the progress callback while it works).
 */
export function parseShell(text: string, deadline: number): ParseResult {
  if (!parser) {
    if (generation > 0) return { ok: false, refusal: notReadyRefusal() };
    throw Object.assign(new Error('the shell reader is not initialised; await initShellReader() first'), {
      code: 'ORKEON_SHELL_NOT_INITIALISED',
    });
  }
  let tree: ParsedTree | null = null;
  try {
    let timedOut = false;
    const progress = () => {
      if (performance.now() > deadline) timedOut = true;
      return timedOut;
    };
    tree = raw ? rawParse(raw, parser, text, progress) : apiParse(parser, text, progress);
    if (!tree || timedOut) {
      parser.reset();
      return { ok: false, refusal: { code: 'parse-timeout', message: 'the command took too long to parse; split it into smaller commands' } };
    }
    return copyTree(tree, text);
  } catch (err) {
    if ((err as Error)?.name === 'RuntimeError' || /Aborted/.test(String((err as Error)?.message))) {
      tree = null;
      replaceAbortedParser();
      return { ok: false, refusal: { code: 'parser-failure', message: 'the bash parser ran out of resources on this command and restarts; the command is refused' } };
    }
    try {
      parser.reset();
    } catch {
      // the parser is already in its initial state
    }
    return {
      ok: false,
      refusal: { code: 'parser-failure', message: `the bash parser failed (${(err as Error)?.message ?? String(err)}); the command is refused` },
    };
  } finally {
    tree?.delete();
  }
}

/** A parsed tree: its address in wasm memory, and web-tree-sitter's Tree when it was parsed through the API. */
interface ParsedTree {
  readonly address: number;
  readonly tree: Tree | null;
  delete(): void;
}

/** Through web-tree-sitter's Parser.parse: a Tree object. */
function apiParse(p: TsParser, text: string, progress: () => boolean): ParsedTree | null {
  const tree = p.parse(text, null, { progressCallback: progress } as Parameters<TsParser['parse']>[2]);
  if (!tree) return null;
  return { address: (tree as unknown as Record<number, number>)[0]!, tree, delete: () => tree.delete() };
}

/**
 * What Parser.parse does for a string, without the Tree object it wraps the result in (a class whose
 * numbered fields V8 defines on a slow path, about as costly as the rest of a small parse's JS): the same
 * module callbacks set and cleared around the same wasm call, with no included ranges and no old tree.
 */
function rawParse(f: RawBinding, p: TsParser, text: string, progress: () => boolean): ParsedTree | null {
  const handles = p as unknown as Record<number, number>;
  const m = f.module;
  m['currentParseCallback'] = (index: number) => text.slice(index);
  m['currentProgressCallback'] = progress;
  m['currentLogCallback'] = null;
  let address = 0;
  try {
    f.enableLogger(handles[0]!, 0);
    address = f.parse(handles[0]!, handles[1]!, 0, 0, 0);
  } finally {
    m['currentParseCallback'] = null;
    m['currentProgressCallback'] = null;
    m['currentLogCallback'] = null;
  }
  if (!address) return null;
  return { address, tree: null, delete: () => f.treeDelete(address) };
}

/** The grammar's names by id, read once per language instead of once per node. */
interface GrammarTables {
  readonly types: readonly (string | null)[];
  readonly fields: readonly (string | null)[];
  /** Whether a type id is a named node (ids past the table, ERROR's 65535 among them, are asked once). */
  readonly named: boolean[];
  readonly language: Language;
}

function grammarTables(language: Language): GrammarTables {
  const named: boolean[] = [];
  for (let id = 0; id < language.nodeTypeCount; id++) named.push(language.nodeTypeIsNamed(id));
  return { types: language.types, fields: language.fields, named, language };
}

function isNamed(g: GrammarTables, typeId: number): boolean {
  return g.named[typeId] ?? namedPastTable(g, typeId);
}

const namedById = new Map<number, boolean>();

function namedPastTable(g: GrammarTables, typeId: number): boolean {
  let named = namedById.get(typeId);
  if (named === undefined) {
    named = g.language.nodeTypeIsNamed(typeId);
    namedById.set(typeId, named);
  }
  return named;
}

/**
 * One cursor over one tree: web-tree-sitter's own wasm functions, or its public TreeCursor when they are not
 * reachable. The public cursor keeps its state in JS and copies it into wasm memory and back around every
 * call (eight memory writes and four reads per step, the larger part of a copy); the functions it wraps read
 * and write that state in one transfer buffer, so a walk that makes no other call in between can leave it
 * there and call them directly. Both read the same functions and give the same tree (a test compares them).
 */
interface Walk {
  typeId(): number;
  start(): number;
  end(): number;
  fieldId(): number;
  missing(): boolean;
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): boolean;
  /** Frees the cursor; the walk is not used after. */
  close(): void;
}

/**
 * The wasm exports the raw parse and walk call. The cursor functions each take the tree and read or move
 * the cursor held in the transfer buffer.
 */
interface RawBinding {
  readonly module: Record<string, unknown>;
  readonly parse: (parser: number, inputBuffer: number, oldTree: number, ranges: number, rangeCount: number) => number;
  readonly enableLogger: (parser: number, enabled: number) => void;
  readonly treeDelete: (tree: number) => void;
  readonly rootNode: (tree: number) => void;
  readonly nodeHasError: (tree: number) => number;
  readonly cursorNew: (tree: number) => void;
  readonly cursorDelete: (tree: number) => void;
  readonly typeId: (tree: number) => number;
  readonly start: (tree: number) => number;
  readonly end: (tree: number) => number;
  readonly fieldId: (tree: number) => number;
  readonly missing: (tree: number) => number;
  readonly firstChild: (tree: number) => number;
  readonly nextSibling: (tree: number) => number;
  readonly parent: (tree: number) => number;
}

/** web-tree-sitter 0.25's exported functions, or null when the module object does not hold them all. */
function rawBinding(module: Record<string, unknown>): RawBinding | null {
  const names = {
    parse: '_ts_parser_parse_wasm',
    enableLogger: '_ts_parser_enable_logger_wasm',
    treeDelete: '_ts_tree_delete',
    rootNode: '_ts_tree_root_node_wasm',
    nodeHasError: '_ts_node_has_error_wasm',
    cursorNew: '_ts_tree_cursor_new_wasm',
    cursorDelete: '_ts_tree_cursor_delete_wasm',
    typeId: '_ts_tree_cursor_current_node_type_id_wasm',
    start: '_ts_tree_cursor_start_index_wasm',
    end: '_ts_tree_cursor_end_index_wasm',
    fieldId: '_ts_tree_cursor_current_field_id_wasm',
    missing: '_ts_tree_cursor_current_node_is_missing_wasm',
    firstChild: '_ts_tree_cursor_goto_first_child_wasm',
    nextSibling: '_ts_tree_cursor_goto_next_sibling_wasm',
    parent: '_ts_tree_cursor_goto_parent_wasm',
  } as const;
  const out: Record<string, unknown> = { module };
  for (const [key, name] of Object.entries(names)) {
    const f = module[name];
    if (typeof f !== 'function') return null;
    out[key] = f;
  }
  // the callbacks the module's imports call are read from these properties (web-tree-sitter sets them too)
  if (!('currentParseCallback' in module)) return null;
  return out as unknown as RawBinding;
}

class RawWalk implements Walk {
  constructor(
    private readonly f: RawBinding,
    private readonly tree: number,
  ) {}
  typeId(): number {
    return this.f.typeId(this.tree);
  }
  start(): number {
    return this.f.start(this.tree);
  }
  end(): number {
    return this.f.end(this.tree);
  }
  fieldId(): number {
    return this.f.fieldId(this.tree);
  }
  missing(): boolean {
    return this.f.missing(this.tree) === 1;
  }
  firstChild(): boolean {
    return this.f.firstChild(this.tree) === 1;
  }
  nextSibling(): boolean {
    return this.f.nextSibling(this.tree) === 1;
  }
  parent(): boolean {
    return this.f.parent(this.tree) === 1;
  }
  close(): void {
    this.f.cursorDelete(this.tree);
  }
}

class ApiWalk implements Walk {
  constructor(private readonly cursor: TreeCursor) {}
  typeId(): number {
    return this.cursor.nodeTypeId;
  }
  start(): number {
    return this.cursor.startIndex;
  }
  end(): number {
    return this.cursor.endIndex;
  }
  fieldId(): number {
    return this.cursor.currentFieldId;
  }
  missing(): boolean {
    return this.cursor.nodeIsMissing;
  }
  firstChild(): boolean {
    return this.cursor.gotoFirstChild();
  }
  nextSibling(): boolean {
    return this.cursor.gotoNextSibling();
  }
  parent(): boolean {
    return this.cursor.gotoParent();
  }
  close(): void {
    this.cursor.delete();
  }
}

/** The root's type id and error flag, and a walk from it. */
function openWalk(parsed: ParsedTree): { rootType: number; hasError: boolean; walk: Walk } {
  const tree = parsed.tree;
  if (!tree) {
    // a tree without its Tree object was made by rawParse, with the raw functions this walk calls too
    const f = raw!;
    const address = parsed.address;
    f.rootNode(address); // the root node into the transfer buffer …
    const hasError = f.nodeHasError(address) === 1; // … read there …
    f.cursorNew(address); // … and replaced by a cursor on it, which stays there for the whole walk
    const walk = new RawWalk(f, address);
    return { rootType: walk.typeId(), hasError, walk };
  }
  const root = tree.rootNode;
  return { rootType: root.typeId, hasError: root.hasError, walk: new ApiWalk(tree.walk()) };
}

/** Which parse and walk make trees: the raw ones when web-tree-sitter's module was reachable (tests compare the two). */
export function treeWalkKind(): 'raw' | 'api' {
  return raw ? 'raw' : 'api';
}

/** Parses and copies with web-tree-sitter's public API only, for tests that compare it with what parseShell uses. */
export function parseShellViaApi(text: string): ParseResult {
  if (!parser) throw new Error('the shell reader is not initialised');
  const tree = apiParse(parser, text, () => false);
  if (!tree) throw new Error('no tree');
  try {
    return copyTree(tree, text);
  } finally {
    tree.delete();
  }
}

interface Frame {
  node: SyntaxNode;
}

function copyTree(tree: ParsedTree, text: string): ParseResult {
  const g = grammar!;
  const types = g.types;
  const fields = g.fields;
  const { rootType, hasError, walk } = openWalk(tree);
  let problem: ShellRefusal | null = null;
  try {
    if ((types[rootType] || 'ERROR') !== 'program') {
      return { ok: false, refusal: { code: 'parse-error', offset: 0, message: 'bash cannot parse the command' } };
    }
    const root = makeNode('program', true, null, walk.start(), walk.end());
    const stack: Frame[] = [{ node: root }];
    if (!walk.firstChild()) return finish(root, hasError, problem);
    for (;;) {
      // each cursor read is a call into wasm: read only the four the reader needs
      const typeId = walk.typeId();
      const named = isNamed(g, typeId);
      const type = types[typeId] ?? 'ERROR';
      const start = walk.start();
      if (!problem) {
        if (type === 'ERROR' || typeId === 65535) {
          problem = { code: 'parse-error', offset: start, message: `bash cannot parse the command near offset ${start} (${excerpt(text, start)}); check quotes, brackets and here-document delimiters` };
        } else if (hasError && walk.missing()) {
          problem = { code: 'parse-error', offset: start, message: `the command is incomplete near offset ${start}: '${type}' is missing` };
        } else if (named && !KNOWN_NODE_TYPES.has(type)) {
          problem = { code: 'unknown-node', offset: start, message: `the reader does not know the shell construct '${type}' at offset ${start}; the command is refused rather than guessed` };
        }
      }
      if (stack.length > MAX_TREE_DEPTH) {
        return { ok: false, refusal: { code: 'too-deep', offset: start, message: `the command nests deeper than ${MAX_TREE_DEPTH} levels; flatten it` } };
      }
      const fieldId = walk.fieldId();
      const node = makeNode(type, named, fieldId ? (fields[fieldId] ?? null) : null, start, walk.end());
      stack[stack.length - 1]!.node.children.push(node);
      if (walk.firstChild()) {
        stack.push({ node });
        continue;
      }
      while (!walk.nextSibling()) {
        if (!walk.parent() || stack.length <= 1) return finish(root, hasError, problem);
        stack.pop();
      }
    }
  } finally {
    walk.close();
  }
}

function finish(root: SyntaxNode, hasError: boolean, problem: ShellRefusal | null): ParseResult {
  // tree-sitter can flag an error it did not materialise as a node: refuse it all the same
  if (hasError && !problem) problem = { code: 'parse-error', offset: 0, message: 'bash cannot parse the command' };
  return { ok: true, root, problem };
}

function makeNode(type: string, named: boolean, field: string | null, start: number, end: number): SyntaxNode {
  return { type, named, field, start, end, children: [] };
}

function excerpt(text: string, at: number): string {
  const s = text.slice(Math.max(0, at - 10), at + 10).replace(/\s+/g, ' ');
  return JSON.stringify(s);
}

/** Module objects handed to web-tree-sitter, by specifier, shared by every copy of this file in the process. */
function bindingRegistry(): Map<string, Record<string, unknown>> {
  const key = Symbol.for('orkeon-code.web-tree-sitter.modules');
  const g = globalThis as unknown as Record<symbol, Map<string, Record<string, unknown>> | undefined>;
  return (g[key] ??= new Map());
}
