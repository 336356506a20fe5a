// A rule set compiled for matching: rules grouped by tool, effect and argument, and within a group indexed
// by one trigram of a literal each pattern requires. A text is scanned once, trigram by trigram; only the
// rules whose trigram occurs are matched in full. Cost grows with the rules that could match, not with the
// size of the set (see bench/policy.bench.js for 534, 5,000 and 50,000 rules).
import type { Rule } from '../types.js';
import { compileGlob, globMatches, globsIntersect, type CompiledGlob } from './glob.js';

export interface IndexedRule {
  readonly rule: Rule;
  readonly glob: CompiledGlob;
  /** Position in the set: among several matches the first rule is reported. */
  readonly order: number;
  stamp: number;
}

// Trigrams hash into a fixed table: an array index is much cheaper than a Map lookup, and a collision only
// adds candidates that the full match then rejects.
const TABLE_BITS = 16;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
function trigramKey(s: string, i: number): number {
  return (Math.imul(s.charCodeAt(i), 0x9e3779b1) ^ Math.imul(s.charCodeAt(i + 1), 0x85ebca6b) ^ Math.imul(s.charCodeAt(i + 2), 0xc2b2ae35)) >>> (32 - TABLE_BITS);
}

export class PatternIndex {
  private readonly buckets: Array<IndexedRule[] | undefined> = new Array(TABLE_MASK + 1);
  private readonly unanchored: IndexedRule[] = [];
  private readonly all: IndexedRule[] = [];
  private generation = 0;

  add(entry: IndexedRule): void {
    this.all.push(entry);
    let bestKey: number | null = null;
    let bestSize = Infinity;
    for (const seg of entry.glob.segments) {
      for (let i = 0; i + 3 <= seg.length; i++) {
        const key = trigramKey(seg, i);
        const size = this.buckets[key]?.length ?? 0;
        if (size < bestSize) {
          bestSize = size;
          bestKey = key;
        }
      }
    }
    if (bestKey === null) {
      this.unanchored.push(entry);
      return;
    }
    const bucket = this.buckets[bestKey];
    if (bucket) bucket.push(entry);
    else this.buckets[bestKey] = [entry];
  }

  get size(): number {
    return this.all.length;
  }

  entries(): readonly IndexedRule[] {
    return this.all;
  }

  /** The first rule (in set order) whose pattern matches the whole text, or null. */
  firstMatch(text: string): IndexedRule | null {
    const gen = ++this.generation;
    let best: IndexedRule | null = null;
    for (const e of this.unanchored) {
      if ((best === null || e.order < best.order) && globMatches(e.glob, text)) best = e;
    }
    for (let i = 0; i + 3 <= text.length; i++) {
      const bucket = this.buckets[trigramKey(text, i)];
      if (bucket === undefined) continue;
      for (const e of bucket) {
        if (e.stamp === gen) continue;
        e.stamp = gen;
        if ((best === null || e.order < best.order) && globMatches(e.glob, text)) best = e;
      }
    }
    return best;
  }

  /** The first rule whose pattern and the given pattern (`*` for what bash expands) can match one string. */
  firstIntersecting(pattern: string): IndexedRule | null {
    // entries are kept in set order, so the first hit is the first rule
    for (const e of this.all) if (globsIntersect(e.rule.pattern ?? '', pattern)) return e;
    return null;
  }
}

export interface ToolRules {
  readonly denyWhole: readonly IndexedRule[];
  readonly allowWhole: readonly IndexedRule[];
  readonly deny: ReadonlyMap<string, PatternIndex>;
  readonly allow: ReadonlyMap<string, PatternIndex>;
}

const EMPTY_TOOL: ToolRules = { denyWhole: [], allowWhole: [], deny: new Map(), allow: new Map() };

export class CompiledRules {
  private readonly tools = new Map<string, { denyWhole: IndexedRule[]; allowWhole: IndexedRule[]; deny: Map<string, PatternIndex>; allow: Map<string, PatternIndex> }>();
  readonly rules: readonly Rule[];
  private readonly sets: ReadonlySet<string>;

  /** `structural` rules are listed and counted but matched by code (their pattern names what is matched). */
  constructor(rules: readonly Rule[], structural: (rule: Rule) => boolean = () => false) {
    this.rules = rules;
    this.sets = new Set(rules.map((r) => r.set));
    rules.forEach((rule, order) => {
      if (structural(rule)) return;
      let t = this.tools.get(rule.tool);
      if (!t) {
        t = { denyWhole: [], allowWhole: [], deny: new Map(), allow: new Map() };
        this.tools.set(rule.tool, t);
      }
      const entry: IndexedRule = { rule, glob: compileGlob(rule.pattern ?? ''), order, stamp: 0 };
      if (rule.argument === null) {
        (rule.effect === 'deny' ? t.denyWhole : t.allowWhole).push(entry);
        return;
      }
      const byArg = rule.effect === 'deny' ? t.deny : t.allow;
      let idx = byArg.get(rule.argument);
      if (!idx) {
        idx = new PatternIndex();
        byArg.set(rule.argument, idx);
      }
      idx.add(entry);
    });
  }

  forTool(tool: string): ToolRules {
    return this.tools.get(tool) ?? EMPTY_TOOL;
  }

  /** Whether any deny rule names this tool (used to decide whether an unreadable program could hide a match). */
  hasDenyOn(tool: string, argument: string): boolean {
    const t = this.tools.get(tool);
    return !!t && (t.denyWhole.length > 0 || (t.deny.get(argument)?.size ?? 0) > 0);
  }

  /** Whether a set's rules are loaded (a dev-stage set brings its structural checks with it). */
  hasSet(set: string): boolean {
    return this.sets.has(set);
  }

  /** The rules of one set, in order. */
  ofSet(set: string): Rule[] {
    return this.rules.filter((r) => r.set === set);
  }
}
