// Shared helpers for the shell front-end's tests: one initialised reader, and short ways to look at a reading.
import { expect } from 'vitest';
import { initShellReader, readShellCommand } from '../../src/shell/index.js';
import type { ShellReading, ShellRefusal, SimpleCommand } from '../../src/shell/index.js';

export const ready = initShellReader();

export function read(source: string): ShellReading {
  const r = readShellCommand(source);
  if (!r.ok) throw new Error(`expected a reading of ${JSON.stringify(source)}, got ${r.refusal.code}: ${r.refusal.message}`);
  return r.reading;
}

export function refused(source: string): ShellRefusal {
  const r = readShellCommand(source);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(source)}, got ${JSON.stringify(r.reading.commands.map((c) => c.argv))}`);
  return r.refusal;
}

/** Every simple command's argv, in reading order. */
export function argvs(source: string): string[][] {
  return read(source).commands.map((c) => [...c.argv]);
}

/** The one command whose argv is `argv`; fails when there is none. */
export function command(source: string, argv: readonly string[]): SimpleCommand {
  const reading = read(source);
  const found = reading.commands.find((c) => c.argv.length === argv.length && c.argv.every((w, i) => w === argv[i]));
  if (!found) throw new Error(`no command ${JSON.stringify(argv)} in the reading of ${JSON.stringify(source)}: ${JSON.stringify(reading.commands.map((c) => c.argv))}`);
  return found;
}

/** Asserts that `argv` is among the reading's commands, nested by `via`. */
export function expectNested(source: string, argv: readonly string[], via: string | RegExp): SimpleCommand {
  const c = command(source, argv);
  if (typeof via === 'string') expect(c.via).toBe(via);
  else expect(c.via).toMatch(via);
  return c;
}

/** The opaque runs of every command of the reading. */
export function opaques(source: string): { via: string; text: string }[] {
  return read(source).commands.flatMap((c) => c.opaque.map((o) => ({ via: o.via, text: o.text })));
}
