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

// Trigrams hash into a table: an array index is much cheaper than a Map lookup, and a collision only adds
// candidates that the full match then rejects. The table is sized to the index (about 64 slots a rule, at
// most 2^16): a gate holds a score of indexes, most with a few rules, and 2^16 slots each cost every `check
// --stage` ~15 ms of allocation and GC.
const MAX_TABLE_BITS = 16;
const MIN_TABLE_BITS = 6;
function tableBits(rules: number): number {
  let bits = MIN_TABLE_BITS;
  while (bits < MAX_TABLE_BITS && 1 << bits < rules * 64) bits++;
  return bits;
}
function trigramKey(s: string, i: number, shift: number): number {
  return (Math.imul(s.charCodeAt(i), 0x9e3779b1) ^ Math.imul(s.charCodeAt(i + 1), 0x85ebca6b) ^ Math.imul(s.charCodeAt(i + 2), 0xc2b2ae35)) >>> shift;
}

export class PatternIndex {
  /** Built on the first match, once every rule is in: its size depends on their number. */
  private buckets: Array<IndexedRule[] | undefined> = [];
  /** 32 minus the table's bits: how far a hash is shifted to index the table. */
  private shift = 32;
  private built = false;
  private readonly unanchored: IndexedRule[] = [];
  private readonly all: IndexedRule[] = [];
  private generation = 0;

  add(entry: IndexedRule): void {
    this.all.push(entry);
    this.built = false;
  }

  /** Each rule under the trigram of its literals that has the fewest rules so far (in set order). */
  private build(): void {
    const bits = tableBits(this.all.length);
    this.shift = 32 - bits;
    this.buckets = new Array(1 << bits);
    this.unanchored.length = 0;
    for (const entry of this.all) {
      let bestKey: number | null = null;
      let bestSize = Infinity;
      for (const seg of entry.glob.segments) {
        for (let i = 0; i + 3 <= seg.length; i++) {
          const key = trigramKey(seg, i, this.shift);
          const size = this.buckets[key]?.length ?? 0;
          if (size < bestSize) {
            bestSize = size;
            bestKey = key;
          }
        }
      }
      if (bestKey === null) {
        this.unanchored.push(entry);
        continue;
      }
      const bucket = this.buckets[bestKey];
      if (bucket) bucket.push(entry);
      else this.buckets[bestKey] = [entry];
    }
    this.built = true;
  }

  get size(): number {
    return this.all.length;
  }

  entries(): readonly IndexedRule[] {
    return this.all;
  }

  /** The first rule (in set order) whose pattern matches the whole text, or null. */
  firstMatch(text: string): IndexedRule | null {
    if (!this.built) this.build();
    const gen = ++this.generation;
    let best: IndexedRule | null = null;
    for (const e of this.unanchored) {
      if ((best === null || e.order < best.order) && globMatches(e.glob, text)) best = e;
    }
    const shift = this.shift;
    for (let i = 0; i + 3 <= text.length; i++) {
      const bucket = this.buckets[trigramKey(text, i, shift)];
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
}
