// The shell_command decision on what the front-end read. Pure: a reading and a context in, findings out.
// Deny rules are tried on every reading of the line (as typed, as bash reads it, each simple command with
// and without its assignments, its unsplit words, git's dashed executables as `git <verb>`, what an option
// runs); an allow rule must match every simple command; structural checks close what a glob cannot see.
import type { ShellReading, SimpleCommand } from '../../shell/types.js';
import type { CompiledRules, PatternIndex } from '../rules/index.js';
import { allowRuleReason, denyRuleReason, reason } from '../reasons.js';
import { ruleOfSet } from '../sets/index.js';
import type { MountView, Reason, ShellPolicySettings } from '../types.js';
import { checkAllowlist, NEUTRAL_WRAPPERS } from './allowlist.js';
import { dynamicGlob } from './dynamic.js';
import {
  GIT_CONFIG_WRITE_RULE,
  GIT_LIST_VERBS,
  GIT_READ_VERBS,
  GIT_THREE_PATTERN_VERBS,
  gitConfigWrite,
  gitReadonlyRuleFor,
  readGit,
} from './git.js';
import { commandIdentity, isGitName } from './identity.js';
import { interpreterSpec, isStdinPath, readInterpreter } from './interpreters.js';
import { firstReadOnlyPath, pathWords, resolveVirtual } from './write-rights.js';
import { denyForms, lastVia } from './forms.js';
import { isPathWord, isProgramEnv, normalFile, optionProgramFile, PROGRAM_RUNNERS, programFile, writtenFiles } from './programs.js';

export { denyForms } from './forms.js';

export interface ShellJudgeContext {
  readonly rules: CompiledRules;
  readonly shell: ShellPolicySettings;
  readonly mounts: MountView | null;
}

export interface ShellFindings {
  readonly denies: Reason[];
  readonly asks: Reason[];
  /** The allow rules that cover every simple command, or null when some command is not covered. */
  readonly allowedBy: Reason[] | null;
}

/** The indexes of words bash expands at run time; under `find`, a `{}` is the path find puts there. */
function dynamicIndexes(c: SimpleCommand, argv: readonly string[], via: string): ReadonlySet<number> {
  const isFind = via.startsWith('find');
  if (c.dynamic.length === 0 && !isFind) return NO_DYNAMIC;
  const dyn = new Set(c.dynamic);
  if (isFind) argv.forEach((w, k) => w.includes('{}') && dyn.add(k));
  return dyn;
}

const NO_DYNAMIC: ReadonlySet<number> = new Set();

const GIT_READONLY = 'git-readonly';
const INLINE = 'inline-interpreters';

export function judgeShellReading(raw: string, reading: ShellReading, ctx: ShellJudgeContext): ShellFindings {
  const denies: Reason[] = [];
  const asks: Reason[] = [];
  const tool = ctx.rules.forTool('shell_command');
  const denyIndex: PatternIndex | undefined = tool.deny.get('command');
  const gitReadonly = ctx.rules.hasSet(GIT_READONLY);
  const inline = ctx.rules.hasSet(INLINE);
  const anyCommandDeny = ctx.rules.hasDenyOn('shell_command', 'command');

  // 1. deny rules on every reading of the line: the first rule that matches decides (deny wins whatever
  // else is found, so the structural reading is skipped)
  if (denyIndex) {
    for (const text of denyForms(raw, reading)) {
      const m = denyIndex.firstMatch(text);
      if (m) return { denies: [denyRuleReason(m.rule, text)], asks, allowedBy: null };
    }
  }

  const denyStructural = (set: string, ruleText: string, matched: string, message: string) => {
    if (denies.some((d) => d.rule === ruleText)) return;
    const rule = ruleOfSet(set, ruleText);
    denies.push(
      rule
        ? { ...denyRuleReason(rule, matched, 'structural'), message }
        : reason('structural', { rule: ruleText, set, matched, remedy: 'rewrite the command without it', message }),
    );
  };
  const ask = (kind: Reason['kind'], matched: string, message: string, remedy: string, set: string | null = null, rule: string | null = null) =>
    asks.push(reason(kind, { rule, set, matched, message, remedy }));

  /** A program bash only knows at run time: never allowed; refused when a deny rule could match an expansion. */
  const dynamicProgram = (c: SimpleCommand, dyn: ReadonlySet<number>, what: string, appendStar = false, code = false) => {
    if (code && inline) {
      // code handed to an interpreter (or eval) at run time is inline code the set refuses
      denyStructural(INLINE, '(structural) an interpreter running code expanded at run time', c.argv.join(' ') + (appendStar ? ' …' : ''), `${what}: inline code`);
      return;
    }
    const words = c.argv.map((w, k) => (dyn.has(k) ? dynamicGlob(w) : w));
    if (appendStar) words.push('*');
    const pattern = words.join(' ');
    const shown = c.argv.join(' ') + (appendStar ? ' …' : '');
    const m = denyIndex?.firstIntersecting(pattern) ?? null;
    if (m || tool.denyWhole.length) {
      const rule = m?.rule ?? tool.denyWhole[0]!.rule;
      denies.push({ ...denyRuleReason(rule, shown, 'dynamic'), message: `${what}: it could expand to a command \`${rule.text}\` (${rule.set}) refuses` });
    } else {
      ask('dynamic', shown, `${what}; the gate cannot read what it runs`, 'write the command name, git verb or program literally (no $…, globs or braces there), or approve it with a terminal');
    }
  };

  /** A program the gate cannot read at all (fed on a pipe): any deny rule on shell_command could match it. */
  const unreadableProgram = (c: SimpleCommand, what: string) => {
    const shown = c.argv.join(' ');
    if (inline) {
      denyStructural(INLINE, '(structural) an interpreter reading its program from standard input', shown, `${what}: inline code`);
      return;
    }
    const m = tool.denyWhole[0] ?? denyIndex?.entries()[0];
    if (m) denies.push({ ...denyRuleReason(m.rule, shown, 'structural'), message: `${what}: the program could be anything, \`${m.rule.text}\` included` });
    else ask('structural', shown, `${what}; the gate cannot read the program`, 'put the program in a script file in the project and run that file, or approve it with a terminal');
  };

  const cwds = ctx.mounts ? [ctx.mounts.cwd] : [];
  if (ctx.mounts) {
    for (const c of reading.commands) {
      if (c.argv[0] === 'cd' && c.argv[1] !== undefined && !c.dynamic.includes(1)) cwds.push(resolveVirtual(ctx.mounts.cwd, c.argv[1]));
    }
  }

  const written = writtenFiles(reading);

  // names whose value the front-end already read as the commands it runs (or listed as opaque)
  const readVias = new Set<string>();
  for (const c of reading.commands) {
    const via = lastVia(c);
    readVias.add(via);
    readVias.add(via.slice(via.lastIndexOf(' ') + 1)); // `export GIT_PAGER`
    for (const o of c.opaque) readVias.add(o.via);
  }
  const allowlistOpen = ctx.shell.allowlist.includes('*');
  // bash expands aliases in a non-interactive shell only after `shopt -s expand_aliases` (or in POSIX mode):
  // otherwise an alias defined on the line never runs
  const expandsAliases = reading.commands.some(
    (c) => (c.argv[0] === 'shopt' && c.argv.includes('expand_aliases') && !c.argv.includes('-u')) || (c.argv[0] === 'set' && c.argv.includes('posix')),
  );
  const viaNames = new Set<string>();
  for (const c of reading.commands) {
    if (c.via === '') viaNames.add('');
    else for (const part of c.via.split(' > ')) viaNames.add(part.split(' ')[0]!);
  }
  // GIT_CONFIG* hands git a whole configuration (like git -c): asked whatever the front-end read in it
  const riskyEnv = (name: string) => (name === 'PATH' ? !allowlistOpen : /^GIT_CONFIG/.test(name) || (isProgramEnv(name) && !readVias.has(name)));

  for (const c of reading.commands) {
    for (const a of c.assignments) {
      if (riskyEnv(a.name)) {
        ask('structural', `${a.name}=${a.value}`, `${a.name} names a program to run or changes which program a name runs`, `run without setting ${a.name} on the command line, or approve it with a terminal`);
      }
    }
    const argv = c.argv;
    if (argv.length === 0) continue;
    const via = lastVia(c);
    const fromXargs = via.startsWith('xargs');
    const dyn = dynamicIndexes(c, argv, via);
    const name = argv[0]!;
    if (dyn.has(0)) {
      dynamicProgram(c, dyn, `the command name '${name}' is expanded at run time`);
      continue;
    }
    const id = commandIdentity(name);
    if (id.nonAscii) {
      ask('structural', name, `the command name '${name}' holds a letter outside ASCII (it may imitate another name)`, 'type the command name in ASCII');
    }

    // allowlist and interpreters
    const allowed = checkAllowlist(id, argv, ctx.shell);
    if (!allowed.ok) {
      denies.push(reason(allowed.kind, { rule: allowed.kind === 'interpreter' ? 'Orkeon:Tools:Shell:AllowInterpreters' : 'Orkeon:Tools:Shell:Allowlist', set: 'allowlist', matched: argv.join(' '), remedy: allowed.remedy, message: allowed.why }));
    }

    // builtins that change what a name runs
    if (id.bare === 'alias' && expandsAliases && argv.slice(1).some((w) => w.includes('='))) {
      ask('structural', argv.join(' '), 'alias changes what a name runs; the gate does not follow aliases', 'call the command itself instead of defining an alias');
    }
    if ((id.bare === 'hash' && argv.includes('-p')) || (id.bare === 'enable' && argv.slice(1).some((w) => w.startsWith('-f')))) {
      ask('structural', argv.join(' '), `${id.bare} changes which program a name runs`, 'call the program by its own name');
    }
    if (['export', 'declare', 'typeset', 'readonly', 'local'].includes(id.bare ?? '')) {
      for (const w of argv.slice(1)) {
        const eq = w.indexOf('=');
        if (eq > 0 && riskyEnv(w.slice(0, eq))) {
          ask('structural', w, `${w.slice(0, eq)} names a program to run or changes which program a name runs`, `do not set ${w.slice(0, eq)} from the command line, or approve it with a terminal`);
        }
      }
    }
    if (id.bare === 'eval' && argv.slice(1).some((_, k) => dyn.has(k + 1))) {
      dynamicProgram(c, dyn, 'eval runs text expanded at run time', false, true);
    }

    // git
    if (isGitName(id) || id.gitDashedVerb) {
      const g = readGit(argv, id.gitDashedVerb);
      const shown = argv.join(' ');
      if (g.configs.length) {
        if (gitReadonly) denyStructural(GIT_READONLY, 'deny shell_command command=*git -c *', shown, 'git -c sets a configuration for one command, which can run a program (core.pager, alias.x=!…)');
        else ask('structural', shown, 'git -c sets a configuration for one command, which can run a program', 'run git without -c, or approve it with a terminal');
      }
      if (g.execPath !== null) ask('structural', shown, 'git --exec-path= makes git run its programs from another folder', 'run git without --exec-path');
      if (g.unknownOption) ask('structural', shown, `git option '${g.unknownOption}' is not one the gate knows`, 'write the verb right after git');
      if (g.verbIndex !== null && dyn.has(g.verbIndex)) {
        dynamicProgram(c, dyn, `the git verb '${g.verb}' is expanded at run time`);
      } else if (g.verb === null && fromXargs) {
        dynamicProgram(c, dyn, 'xargs hands git its verb at run time', true);
      } else if (g.verb !== null) {
        const verb = g.verb;
        if (gitReadonly) {
          const ruleText = verb === 'config' ? (gitConfigWrite(g.args) !== null ? GIT_CONFIG_WRITE_RULE : null) : gitReadonlyRuleFor(verb, g.args);
          if (ruleText) {
            const matched = ['git', verb, ...g.args].join(' ');
            denyStructural(GIT_READONLY, ruleText, matched, verb === 'config' ? 'git config writes: a key and a value, or a modifying option' : `git ${verb} changes the repository`);
          }
        }
        const known = GIT_READ_VERBS.has(verb) || GIT_THREE_PATTERN_VERBS.has(verb) || GIT_LIST_VERBS.has(verb);
        if (!known) {
          ask('structural', shown, `'git ${verb}' is not a git command the gate knows: an alias, a git-${verb} program or a write it does not list could run`, 'use a git verb by its own name (status, log, diff, show, …), or approve it with a terminal');
        }
        const runsProgram = g.args.find((a) => /^--(upload-pack|receive-pack|exec)(=|$)/.test(a) || (verb === 'grep' && /^(-O|--open-files-in-pager)/.test(a)));
        if (runsProgram) ask('structural', shown, `git ${verb} ${runsProgram} runs a program named on the command line`, `run git ${verb} without ${runsProgram}`);
      }
    }

    // interpreters and shells
    const spec = interpreterSpec(id.bare ?? id.basename);
    if (spec) {
      // PowerShell's options are words, never groups: read them as bash passes them, not option-split (a
      // dynamic word there is then any dynamic word of the command)
      const iv = spec.noGroups && c.words.length > 0 ? c.words : argv;
      const idyn = iv === argv ? dyn : new Set(dyn.size ? [...Array(iv.length).keys()].slice(1) : []);
      const r = readInterpreter(spec, iv);
      // options before the script (or before the inline option): a dynamic word there could be `-c …`
      const optionEnd = r.inlineOption !== null ? iv.indexOf(r.inlineOption) : (r.scriptIndex ?? iv.length);
      const dynamicOption = [...idyn].some((k) => k >= 1 && k < optionEnd);
      if (r.inlineOption !== null) {
        const codeIndex = iv.indexOf(r.inlineOption) + 1;
        if (idyn.has(codeIndex) || (fromXargs && codeIndex >= iv.length) || dynamicOption) {
          dynamicProgram(c, dyn, `${id.basename} ${r.inlineOption} runs code expanded at run time`, fromXargs, true);
        } else if (inline) {
          ask('structural', argv.join(' '), `${id.basename} ${r.inlineOption} runs inline code in a form the 28 inline-interpreters patterns do not name`, 'write the code to a script file in the project and run that file', INLINE, '(structural) inline code through an interpreter');
        }
      } else if (r.script !== null && r.script !== '-' && (isStdinPath(r.script) || (r.scriptIndex !== null && /^[<>]\(/.test(iv[r.scriptIndex] ?? '')))) {
        unreadableProgram(c, `${id.basename} runs ${r.script}, a program read from a pipe`);
      } else if (dynamicOption || (r.scriptIndex !== null && idyn.has(r.scriptIndex) && !isPathWord(iv[r.scriptIndex]!))) {
        dynamicProgram(c, dyn, `${id.basename} is handed options or a script expanded at run time`, false, true);
      } else if (fromXargs && r.script === null) {
        dynamicProgram(c, dyn, `xargs hands ${id.basename} its program at run time`, true, true);
      } else if (r.readsStdinProgram && (c.stdin !== 'inherited' && c.stdin !== 'file' ? true : r.script === '-')) {
        if (c.stdin === 'herestring' || c.stdin === 'heredoc') {
          if (inline) denyStructural(INLINE, '(structural) an interpreter reading its program from standard input', argv.join(' '), `${id.basename} reads its program from a ${c.stdin === 'heredoc' ? 'here-document' : 'here-string'}: inline code`);
        } else {
          unreadableProgram(c, `${id.basename} reads its program from standard input (${c.stdin === 'inherited' ? '-' : c.stdin})`);
        }
      }
    }

    // a program this same line writes, then runs (`printf … > t.sh && bash t.sh`, `curl -o x.sh … && ./x.sh`)
    if (written.size) {
      const file = programFile(id, argv);
      if (file !== null && written.has(normalFile(file))) {
        const shown = argv.join(' ');
        if (inline) denyStructural(INLINE, '(structural) a program the same command line writes, then runs', shown, `${file} is written by this command line and then run: inline code`);
        else if (anyCommandDeny) ask('structural', shown, `${file} is written by this command line and then run; the gate cannot read what it will hold`, 'write the script first, then run it in its own command');
      }
    }

    // a filter or build tool reading its program from standard input (`awk -f -`, `make -f /dev/stdin`)
    const optFile = spec ? null : optionProgramFile(id.basename, argv);
    if (optFile !== null && (optFile === '-' || isStdinPath(optFile) || /^[<>]\(/.test(optFile))) {
      unreadableProgram(c, `${id.basename} reads its program from ${optFile === '-' ? 'standard input' : optFile}`);
    }

    // options that run a program the front-end could not read (refused when what bash expands in it could be
    // something a deny rule names)
    for (const o of c.opaque) {
      const pattern = dynamicGlob(o.text);
      const m = pattern !== o.text ? (denyIndex?.firstIntersecting(pattern) ?? null) : null;
      if (m) denies.push({ ...denyRuleReason(m.rule, o.text, 'dynamic'), message: `${o.via} runs a program expanded at run time: it could be a command \`${m.rule.text}\` (${m.rule.set}) refuses` });
      else ask('structural', o.text, `${o.via} runs a program the gate cannot read`, `run the program directly instead of through ${o.via}, or approve it with a terminal`);
    }
    // a command that runs other programs, which the front-end neither resolved nor listed: at least asked
    if (PROGRAM_RUNNERS.has(id.basename) && argv.length > 1 && c.runs === null && c.opaque.length === 0 && !viaNames.has(id.basename)) {
      ask('structural', argv.join(' '), `${id.basename} runs a program the front-end did not read`, `run the program directly instead of through ${id.basename}, or approve it with a terminal`);
    }

    // write rights
    if (ctx.mounts) {
      const writer = (allowed.ok && (allowed.interpreter || allowed.userAdded)) || c.redirects.some((r) => r.writes) || (id.bare === 'npm');
      if (writer) {
        const paths = [...pathWords(argv), ...c.redirects.filter((r) => r.writes && !r.dynamic).map((r) => r.target)];
        const ro = firstReadOnlyPath(ctx.mounts, cwds, paths);
        if (ro !== null) {
          denies.push(reason('write-right', { rule: 'write right', set: 'mounts', matched: ro, message: `${id.basename} can write, and ${ro} is under a read-only mount`, remedy: 'write under /workspace, /output or /tmp; /user-config is read-only' }));
        }
      }
    }
  }

  // allow rules: every simple command must be matched
  let allowedBy: Reason[] | null = null;
  if (tool.allowWhole.length) allowedBy = [allowRuleReason(tool.allowWhole[0]!.rule, null)];
  else {
    const allowIndex = tool.allow.get('command');
    if (allowIndex && reading.commands.length) {
      const found: Reason[] = [];
      let all = true;
      const single = reading.commands.filter((c) => c.argv.length > 0).length === 1;
      for (const c of reading.commands) {
        if (c.argv.length === 0) continue;
        if (c.runs !== null && NEUTRAL_WRAPPERS.has(commandIdentity(c.argv[0]!).bare ?? '') && c.opaque.length === 0) continue;
        const text = c.argv.join(' ');
        const m = allowIndex.firstMatch(text) ?? (single ? allowIndex.firstMatch(raw.trim()) : null);
        if (!m) {
          all = false;
          break;
        }
        if (!found.some((f) => f.rule === m.rule.text)) found.push(allowRuleReason(m.rule, text));
      }
      if (all && found.length) allowedBy = found;
    }
  }
  return { denies, asks, allowedBy };
}
