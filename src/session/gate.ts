// The gate as a session holds it: the session's rules (compiled again only when they change), the
// dev-stage sets when the session runs under them, the user's shell settings, and the mounts as virtual
// paths. Each request gets a context with its own mode (the session's, or its `mode:` prefix) and the
// session's working folder. Pure: the settings and the shell reader are handed in.
import { buildGateContext, type GateContext, type ShellReader } from '../policy/context.js';
import { ruleSet, STAGE_SET_NAMES } from '../policy/sets/index.js';
import type { ExtraTool, Mode, ModeSource, MountView, Rule, ShellPolicySettings } from '../policy/types.js';
import { parseMountString } from '../mounts/parse.js';
import { mountViewOf } from '../mounts/gate-view.js';
import type { MountSpec } from '../mounts/types.js';

/** What the gate reads of the user's effective settings; anything missing is the narrow default. */
export interface SessionGateSettings {
  readonly shell: ShellPolicySettings;
  readonly extraTools: readonly ExtraTool[];
  /**
   * `Orkeon:Security:PermissionGate:Enabled` as the settings say it. The runtime's gate (orkeon-repl reads
   * it from the exports); the embedded session decides its lines whatever it says.
   */
  readonly runtimeGate: boolean;
}

export interface SessionGateInput {
  readonly settings: SessionGateSettings;
  /** The five dev-stage sets in the gate (534 rules). */
  readonly stage: boolean;
  /** The `--mount` values as given; only their virtual side and write right reach the gate. */
  readonly userMounts: readonly string[];
  /** Whether a person can answer a question; without one an ask is a refusal. */
  readonly terminal: boolean;
  readonly readShell: ShellReader;
}

export class SessionGate {
  /** Built on first use, and again after setRules: with the stage sets that is some 534 globs compiled. */
  private built: { readonly context: GateContext; readonly warnings: readonly string[] } | null = null;
  private rules: readonly Rule[];
  private readonly mounts: MountView;

  constructor(private readonly input: SessionGateInput, rules: readonly Rule[] = []) {
    this.mounts = mountViewOf(parsedMounts(input.userMounts));
    this.rules = [...rules];
  }

  /** Puts the session's rules in the gate again (after /permissions add, remove or clear). */
  setRules(rules: readonly Rule[]): readonly string[] {
    this.rules = [...rules];
    this.built = null;
    return this.compiled().warnings;
  }

  /** Rules the gate holds back, each with why (dormant, set aside for the stage). */
  get warnings(): readonly string[] {
    return this.compiled().warnings;
  }

  get stage(): boolean {
    return this.input.stage;
  }

  get settings(): SessionGateSettings {
    return this.input.settings;
  }

  get mountView(): MountView {
    return this.mounts;
  }

  /** The context one request is decided in. */
  context(mode: Mode, modeSource: ModeSource, cwd: string): GateContext {
    return { ...this.compiled().context, mode, modeSource, mounts: { ...this.mounts, cwd } };
  }

  private compiled(): { readonly context: GateContext; readonly warnings: readonly string[] } {
    this.built ??= this.build(this.rules);
    return this.built;
  }

  private build(rules: readonly Rule[]) {
    return buildGateContext({
      mode: 'default',
      rules,
      stage: this.input.stage,
      shell: this.input.settings.shell,
      terminal: this.input.terminal,
      extraTools: this.input.settings.extraTools,
      readShell: this.input.readShell,
      mounts: this.mounts,
    });
  }
}

/** The dev-stage sets as /permissions groups them: each set's name and its number of rules. */
export function stageSetSizes(): { name: string; rules: number }[] {
  return STAGE_SET_NAMES.map((name) => ({ name, rules: ruleSet(name).length }));
}

/**
 * The gate's settings from the launcher's effective settings (typed `unknown` at the seam). A shape it
 * cannot read gives the narrow default: no interpreters, the default allowlist, no extra tool.
 */
export function gateSettingsOf(settings: unknown): SessionGateSettings {
  const s = (settings ?? {}) as { shell?: { allowInterpreters?: unknown; allowlist?: unknown }; tools?: { extra?: unknown }; gate?: { enabled?: unknown } };
  const allowlist = Array.isArray(s.shell?.allowlist) ? s.shell.allowlist.filter((x): x is string => typeof x === 'string') : [];
  const extra = Array.isArray(s.tools?.extra)
    ? s.tools.extra.filter((t): t is ExtraTool => t !== null && typeof t === 'object' && typeof (t as ExtraTool).name === 'string' && ((t as ExtraTool).access === 'read' || (t as ExtraTool).access === 'write'))
    : [];
  return { shell: { allowInterpreters: s.shell?.allowInterpreters === true, allowlist }, extraTools: extra, runtimeGate: s.gate?.enabled !== false };
}

/** The launcher's mode source as the gate names it. */
export function gateModeSource(source: 'option' | 'settings' | 'default'): ModeSource {
  return source === 'settings' ? 'fallback' : source;
}

function parsedMounts(texts: readonly string[]): MountSpec[] {
  const out: MountSpec[] = [];
  // The sandbox refuses a bad --mount with its own line before anything runs; the gate only needs the good ones.
  for (const text of texts) {
    const parsed = parseMountString(text);
    if (parsed.ok) out.push(parsed.value);
  }
  return out;
}
