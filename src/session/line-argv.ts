// How a line that passed the gate is handed to the confinement: one plain simple command as an argv with
// no shell in between, anything else under `bash -c` inside the sandbox (every part of it passed the
// gate). Shared by `exec`, the embedded session and the crews.
import type { ShellReading } from '../shell/types.js';

// bash's builtins and reserved words (`compgen -b`, `compgen -k` of bash 5.2): bash runs these itself, so
// a line naming one runs under bash even when a program of the same name exists (`echo`, `test`, `kill`),
// and `cd`, `export` or `[[` work at all.
const BASH_BUILTINS = new Set(
  ('. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo ' +
    'enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd ' +
    'printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type ' +
    'typeset ulimit umask unalias unset wait if then else elif fi case esac for select while until do done in ' +
    'function time { } ! [[ ]] coproc').split(' '),
);

/**
 * The argv of a line that is one plain simple command (no operator around it, no redirection, no
 * assignment, no word bash would expand), or null: that line runs under `bash -c`.
 */
export function plainArgv(reading: ShellReading): string[] | null {
  if (reading.commands.length !== 1) return null;
  const c = reading.commands[0]!;
  if (c.via !== '' || c.runs !== null || c.assignments.length > 0 || c.redirects.length > 0 || c.dynamic.length > 0 || c.opaque.length > 0) return null;
  if (c.stdin !== 'inherited' || c.words.length === 0) return null;
  if (BASH_BUILTINS.has(c.words[0]!)) return null;
  // `! ls`, `ls &`, `ls;`: the line holds more than the command's words.
  if (reading.line.trim() !== c.words.join(' ')) return null;
  return [...c.words];
}

/** What runs for a line the gate let through: its plain argv, else the line under `bash -c`. */
export function lineArgv(reading: ShellReading, source: string): string[] {
  return plainArgv(reading) ?? ['bash', '-c', source];
}
