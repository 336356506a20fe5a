// How a line that passed the gate is handed to the confinement: one plain simple command as an argv with
// no shell in between, anything else under `bash -c` inside the sandbox (every part of it passed the
// gate). Shared by `exec`, the embedded session and the crews.
import type { ShellReading } from '../shell/types.js';

/**
 * The argv of a line that is one plain simple command (no operator around it, no redirection, no
 * assignment, no word bash would expand), or null: that line runs under `bash -c`.
 */
export function plainArgv(reading: ShellReading): string[] | null {
  if (reading.commands.length !== 1) return null;
  const c = reading.commands[0]!;
  if (c.via !== '' || c.runs !== null || c.assignments.length > 0 || c.redirects.length > 0 || c.dynamic.length > 0 || c.opaque.length > 0) return null;
  if (c.stdin !== 'inherited' || c.words.length === 0) return null;
  // `! ls`, `ls &`, `ls;`: the line holds more than the command's words.
  if (reading.line.trim() !== c.words.join(' ')) return null;
  return [...c.words];
}

/** What runs for a line the gate let through: its plain argv, else the line under `bash -c`. */
export function lineArgv(reading: ShellReading, source: string): string[] {
  return plainArgv(reading) ?? ['bash', '-c', source];
}
