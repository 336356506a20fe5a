// How a trust outcome becomes an exit code, for the launcher and for `trust check` (and `exec`,
// `run-crew.sh`), so every entry point answers the same.
import type { TrustOutcome } from './types.js';

export const TRUST_EXIT = {
  ok: 0,
  /** Untrusted and no terminal to ask. */
  noTerminal: 3,
  /** Refused at the question (`trust check`; the launcher exits 0 there, nothing started). */
  refusedAtQuestion: 4,
  /** Not in the registry (`trust remove`). */
  notSaved: 1,
  /** A missing folder, a file instead of a folder (sysexits EX_USAGE, like any bad argument). */
  badFolder: 64,
  /** The registry cannot be read in its form (sysexits EX_CONFIG): fix the configuration. */
  registryBroken: 78,
  /** The registry's lock stayed busy (sysexits EX_TEMPFAIL): try again. */
  busy: 75,
} as const;

/** `declined` is 0 for the launcher (nothing started, as the person chose) and 4 for `trust check`. */
export function exitCodeForTrust(outcome: TrustOutcome, context: 'launcher' | 'check'): number {
  switch (outcome.kind) {
    case 'start':
      return TRUST_EXIT.ok;
    case 'declined':
      return context === 'check' ? TRUST_EXIT.refusedAtQuestion : TRUST_EXIT.ok;
    case 'no-terminal':
      return TRUST_EXIT.noTerminal;
    case 'registry-broken':
      return TRUST_EXIT.registryBroken;
    case 'bad-folder':
      return TRUST_EXIT.badFolder;
  }
}
