// tree-sitter-bash through web-tree-sitter: loaded once per process, one parser reused, every tree deleted
// right after it is copied into plain objects. A parse error, a missing token, a node type the reader does
// not know, a tree deeper than the bound, a timeout or an exception is a refusal value, never a throw.
import { createRequire } from 'node:module';
import type { Parser as TsParser, Tree } from 'web-tree-sitter';
import { MAX_TREE_DEPTH } from './limits.js';
import { KNOWN_NODE_TYPES, type SyntaxNode } from './syntax.js';
import type { ShellRefusal } from './types.js';

let parser: TsParser | null = null;
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
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  const bash = await Language.load(wasm);
  const p = new Parser();
  p.setLanguage(bash);
  parser = p;
  loading = null;
}

/** After an abort: refuse until a fresh instance is ready, and start making it. */
function replaceAbortedParser(): void {
  parser = null;
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
    if (generation > 0) {
      return { ok: false, refusal: { code: 'parser-failure', message: 'the bash parser is restarting after a failure; retry the command in a moment' } };
    }
    throw Object.assign(new Error('the shell reader is not initialised; await initShellReader() first'), {
      code: 'ORKEON_SHELL_NOT_INITIALISED',
    });
  }
  let tree: Tree | null = null;
  try {
    let timedOut = false;
    tree = parser.parse(text, null, {
      progressCallback: () => {
        if (performance.now() > deadline) timedOut = true;
        return timedOut;
      },
    } as Parameters<TsParser['parse']>[2]);
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

interface Frame {
  node: SyntaxNode;
}

function copyTree(tree: Tree, text: string): ParseResult {
  if (tree.rootNode.type !== 'program') {
    return { ok: false, refusal: { code: 'parse-error', offset: 0, message: 'bash cannot parse the command' } };
  }
  const hasError = tree.rootNode.hasError;
  const language = tree.language;
  const types = language.types;
  const fields = language.fields;
  const cursor = tree.walk();
  let problem: ShellRefusal | null = null;
  try {
    const root = makeNode('program', true, null, cursor.startIndex, cursor.endIndex);
    const stack: Frame[] = [{ node: root }];
    if (!cursor.gotoFirstChild()) return finish(root, hasError, problem);
    for (;;) {
      // each cursor property is a call into wasm: read only the four the reader needs
      const typeId = cursor.nodeTypeId;
      let named = namedById.get(typeId);
      if (named === undefined) {
        named = language.nodeTypeIsNamed(typeId);
        namedById.set(typeId, named);
      }
      const type = types[typeId] ?? 'ERROR';
      const start = cursor.startIndex;
      if (!problem) {
        if (type === 'ERROR' || typeId === 65535) {
          problem = { code: 'parse-error', offset: start, message: `bash cannot parse the command near offset ${start} (${excerpt(text, start)}); check quotes, brackets and here-document delimiters` };
        } else if (hasError && cursor.nodeIsMissing) {
          problem = { code: 'parse-error', offset: start, message: `the command is incomplete near offset ${start}: '${type}' is missing` };
        } else if (named && !KNOWN_NODE_TYPES.has(type)) {
          problem = { code: 'unknown-node', offset: start, message: `the reader does not know the shell construct '${type}' at offset ${start}; the command is refused rather than guessed` };
        }
      }
      if (stack.length > MAX_TREE_DEPTH) {
        return { ok: false, refusal: { code: 'too-deep', offset: start, message: `the command nests deeper than ${MAX_TREE_DEPTH} levels; flatten it` } };
      }
      const fieldId = cursor.currentFieldId;
      const node = makeNode(type, named, fieldId ? (fields[fieldId] ?? null) : null, start, cursor.endIndex);
      stack[stack.length - 1]!.node.children.push(node);
      if (cursor.gotoFirstChild()) {
        stack.push({ node });
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || stack.length <= 1) return finish(root, hasError, problem);
        stack.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Whether a node type is named, by type id (one wasm call per type, once per process). */
const namedById = new Map<number, boolean>();

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
