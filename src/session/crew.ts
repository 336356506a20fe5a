// A scripted crew (`orkeon-code crew`, `scripts/run-crew.sh`): the crew file's tool calls, one after
// another, each through the gate with nobody to answer (an ask is a refusal), each allowed one run
// inside the confinement. It stops at the first refusal or failure unless told to keep going, writes a
// JSON report to /output, and ends non-zero when anything was refused or failed. The launcher reached it
// after trust, the settings and the exports, exactly as it reaches a session.
import fs from 'node:fs';
import path from 'node:path';
import { decide } from '../policy/decide.js';
import type { Decision, Mode, Reason } from '../policy/types.js';
import { prepareOutputDir } from '../mounts/physical.js';
import { runConfined } from './confined.js';
import { crewAction, crewWorkdir } from './crew-tools.js';
import { MAX_CREW_FILE_BYTES, parseCrewFile, type CrewCall } from './crew-file.js';
import { gateModeSource, gateSettingsOf, SessionGate } from './gate.js';
import { oneLine, reasonLines } from './refusal.js';
import type { SessionOutcome, SessionRequest } from './start.js';

export interface CrewRequest {
  /** The crew file as given (relative to the launcher's working folder); read after trust. */
  readonly file: string;
  /** Run every step, refusals and failures included. */
  readonly keepGoing: boolean;
}

/** Where the crew's progress and its commands' output go (the process's standard streams in the CLI). */
export interface CrewIo {
  readonly stdout: (chunk: string | Buffer) => void;
  readonly stderr: (chunk: string | Buffer) => void;
}

export type StepStatus = 'passed' | 'failed' | 'refused' | 'unsupported' | 'not-run';

export interface CrewStep {
  readonly step: number;
  readonly line: number;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly mode: Mode;
  /** The gate's verdict (an ask with no terminal is reported as the deny it became); null when not run. */
  readonly decision: 'allow' | 'deny' | null;
  readonly reasons: readonly Reason[];
  readonly status: StepStatus;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly durationMs: number | null;
  /** The tail of what the command printed (file_read: the lines read), at most OUTPUT_TAIL characters each. */
  readonly stdout: string;
  readonly stderr: string;
  readonly truncated: boolean;
  /** Why the step did not pass, one line, when it did not. */
  readonly error: string | null;
}

export interface CrewReport {
  readonly format: 'orkeon-code crew report 1';
  /** The crew file's name (its folder is the host's and stays out of /output). */
  readonly crew: string;
  readonly project: '/workspace';
  readonly mode: Mode;
  readonly stage: boolean;
  readonly keepGoing: boolean;
  readonly backend: string | null;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly summary: Readonly<Record<StepStatus, number>> & { readonly total: number };
  readonly exitCode: number;
  readonly steps: readonly CrewStep[];
}

/** Exit codes: a step refused (the gate's 126, as exec), else a step failed (1); a crew file that does not read (EX_DATAERR). */
export const CREW_EXIT = { passed: 0, failed: 1, refused: 126, crewFile: 65 } as const;
/** How much of each command's output a step keeps (the end of it: that is where a failure shows). */
export const OUTPUT_TAIL = 64 * 1024;

export async function runCrew(request: SessionRequest, crew: CrewRequest, io: CrewIo): Promise<SessionOutcome> {
  const say = (line: string): void => io.stderr(`orkeon-code: ${line}\n`);
  const file = path.resolve(request.cwd, crew.file);
  const text = readCrewFile(file);
  if (!text.ok) return { exitCode: CREW_EXIT.crewFile, messages: [`crew file ${crew.file}: ${text.why}`] };
  const parsed = parseCrewFile(text.text);
  if (!parsed.ok) return { exitCode: CREW_EXIT.crewFile, messages: [`crew file ${crew.file} cannot be run; nothing ran:`, ...parsed.errors.map((e) => `  ${e}`)] };

  const output = prepareOutputDir(request.mounts.output, request.cwd, request.orkeonHome, request.project);
  if (!output.ok) return { exitCode: 64, messages: [output.error.message] };

  const shell = await import('../shell/index.js');
  await shell.initShellReader();
  const gate = new SessionGate({ settings: gateSettingsOf(request.settings), stage: request.stage === true, userMounts: request.mounts.userMounts, terminal: false, readShell: shell.readShellCommand }, request.rules ?? []);
  for (const w of gate.warnings) say(w);

  const startedAt = new Date();
  const steps: CrewStep[] = [];
  const seenWarnings = new Set<string>();
  let backend: string | null = null;
  let stopped = false;
  let setupFailure: { exitCode: number; message: string } | null = null;
  const total = parsed.calls.length;
  for (const [i, call] of parsed.calls.entries()) {
    const mode = call.mode ?? request.mode;
    const base = { step: i + 1, line: call.line, tool: call.tool, args: call.args, mode };
    if (stopped) {
      steps.push(notRun(base));
      continue;
    }
    const label = `[${i + 1}/${total}] line ${call.line}: ${describe(call)}`;
    const workdir = call.tool === 'shell_command' ? crewWorkdir(call.args) : '/workspace';
    const ctx = gate.context(mode, call.mode !== null ? 'option' : gateModeSource(request.modeSource), workdir);
    const decision = decide({ tool: call.tool, args: call.args }, ctx);
    if (decision.decision !== 'allow') {
      io.stderr(`${label}: refused (mode ${decision.mode})\n${reasonLines(decision)}`);
      steps.push({ ...base, ...empty(), decision: 'deny', reasons: decision.reasons, status: 'refused', error: firstReason(decision) });
      stopped = !crew.keepGoing;
      continue;
    }
    const action = crewAction(call.tool, call.args, shell.readShellCommand);
    if (action.kind === 'unsupported') {
      io.stderr(`${label}: not run: ${action.why}\n`);
      steps.push({ ...base, ...empty(), decision: 'allow', reasons: decision.reasons, status: 'unsupported', error: action.why });
      stopped = !crew.keepGoing;
      continue;
    }
    io.stderr(`${label}: running\n`);
    const started = Date.now();
    const out = await runConfined(request, action.argv, {
      workdir: action.workdir,
      stdin: action.stdin,
      capture: true,
      // A file_read's content is the step's result; a command's output is the CI log's too.
      ...(action.select === undefined ? { onStdout: (c: Buffer) => io.stdout(c) } : {}),
      onStderr: (c: Buffer) => io.stderr(c),
      ...(action.timeoutSeconds !== undefined ? { timeoutSeconds: action.timeoutSeconds } : {}),
    });
    const durationMs = Date.now() - started;
    if (!out.ok) {
      // The sandbox could not be made: every later step would fail the same way.
      io.stderr(`${label}: could not be set up: ${out.message}\n`);
      steps.push({ ...base, ...empty(), decision: 'allow', reasons: decision.reasons, status: 'failed', exitCode: out.exitCode, durationMs, error: out.message });
      setupFailure = { exitCode: out.exitCode, message: out.message };
      stopped = true;
      continue;
    }
    backend = out.backend;
    for (const w of out.warnings) if (!seenWarnings.has(w)) (seenWarnings.add(w), say(w));
    const r = out.result;
    const stdoutText = action.select !== undefined ? action.select(r.stdout) : r.stdout;
    const passed = r.started && r.exitCode === 0 && !out.timedOut;
    const error = passed ? null : out.timedOut ? `timed out after ${action.timeoutSeconds} s` : !r.started ? (r.error ?? 'the program did not start') : `exit ${r.exitCode}${r.signal ? ` (${r.signal})` : ''}`;
    if (out.planted.length > 0) say(`step ${i + 1} left git files that git outside the sandbox would read or run; look at them before you use git here: ${out.planted.join(', ')}`);
    io.stderr(`${label}: ${passed ? 'passed' : `failed: ${error}`}\n`);
    const [so, soCut] = tail(stdoutText);
    const [se, seCut] = tail(r.stderr);
    steps.push({ ...base, decision: 'allow', reasons: decision.reasons, status: passed ? 'passed' : 'failed', exitCode: r.exitCode, signal: r.signal, timedOut: out.timedOut, durationMs, stdout: so, stderr: se, truncated: soCut || seCut, error });
    if (!passed) stopped = !crew.keepGoing;
  }

  const summary = { total, passed: 0, failed: 0, refused: 0, unsupported: 0, 'not-run': 0 } as Record<StepStatus, number> & { total: number };
  for (const s of steps) summary[s.status] += 1;
  const exitCode = setupFailure !== null ? setupFailure.exitCode : summary.refused > 0 ? CREW_EXIT.refused : summary.failed + summary.unsupported > 0 ? CREW_EXIT.failed : CREW_EXIT.passed;
  const report: CrewReport = {
    format: 'orkeon-code crew report 1',
    crew: path.basename(file),
    project: '/workspace',
    mode: request.mode,
    stage: request.stage === true,
    keepGoing: crew.keepGoing,
    backend,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    summary,
    exitCode,
    steps,
  };
  const written = writeReport(output.value, report);
  const messages: string[] = [];
  messages.push(`crew ${report.crew}: ${total} step${total === 1 ? '' : 's'}: ${(['passed', 'refused', 'failed', 'unsupported', 'not-run'] as const).filter((k) => summary[k] > 0).map((k) => `${summary[k]} ${k}`).join(', ')}`);
  if (written.ok) messages.push(`crew report: /output/${written.name}`);
  else messages.push(`the crew report could not be written to /output: ${written.why}`);
  if (setupFailure !== null) messages.push(setupFailure.message);
  return { exitCode: written.ok ? exitCode : exitCode === 0 ? 74 : exitCode, messages };
}

function readCrewFile(file: string): { ok: true; text: string } | { ok: false; why: string } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    return { ok: false, why: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  if (!stat.isFile()) return { ok: false, why: 'is not a file' };
  if (stat.size > MAX_CREW_FILE_BYTES) return { ok: false, why: `is larger than ${MAX_CREW_FILE_BYTES} bytes` };
  try {
    return { ok: true, text: fs.readFileSync(file, 'utf8') };
  } catch (err) {
    return { ok: false, why: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}

/**
 * Writes the report under a new name in the output folder. Commands can write there too, so the file is
 * created exclusively and never through a symbolic link a step may have planted under that name.
 */
export function writeReport(dir: string, report: CrewReport): { ok: true; name: string } | { ok: false; why: string } {
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const body = `${JSON.stringify(report, null, 2)}\n`;
  for (let n = 1; n < 100; n++) {
    const name = `crew-report-${stamp}${n === 1 ? '' : `-${n}`}.json`;
    let fd: number;
    try {
      fd = fs.openSync(path.join(dir, name), fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      return { ok: false, why: (err as NodeJS.ErrnoException).code ?? 'error' };
    }
    try {
      fs.writeSync(fd, body);
    } finally {
      fs.closeSync(fd);
    }
    return { ok: true, name };
  }
  return { ok: false, why: 'too many reports with the same time stamp' };
}

function describe(call: CrewCall): string {
  const command = call.args['command'];
  const p = call.args['path'];
  const what = call.tool === 'shell_command' && typeof command === 'string' ? ` ${oneLine(command)}` : typeof p === 'string' ? ` ${p}` : '';
  return `${call.tool}${what}${call.mode !== null ? ` (mode ${call.mode})` : ''}`;
}

function firstReason(decision: Decision): string {
  const r = decision.reasons.find((x) => x.kind !== 'no-terminal') ?? decision.reasons[0];
  return r === undefined ? 'refused' : `${r.message}${r.rule !== null ? ` [${r.rule}${r.set !== null ? `, ${r.set}` : ''}]` : ''}`;
}

function tail(text: string): [string, boolean] {
  return text.length > OUTPUT_TAIL ? [text.slice(text.length - OUTPUT_TAIL), true] : [text, false];
}

function empty(): Pick<CrewStep, 'exitCode' | 'signal' | 'timedOut' | 'durationMs' | 'stdout' | 'stderr' | 'truncated' | 'error'> {
  return { exitCode: null, signal: null, timedOut: false, durationMs: null, stdout: '', stderr: '', truncated: false, error: null };
}

function notRun(base: Pick<CrewStep, 'step' | 'line' | 'tool' | 'args' | 'mode'>): CrewStep {
  return { ...base, ...empty(), decision: null, reasons: [], status: 'not-run', error: 'not run: an earlier step was refused or failed (--keep-going runs every step)' };
}
