// Exit codes are part of the interface: scripts and CI jobs branch on them. Trust's own (3, 4, 78, 75)
// are TRUST_EXIT in src/trust/exit.ts.
export const EXIT = {
  ok: 0,
  /** `check`: deny. Generic failure elsewhere. */
  deny: 1,
  /** `check`: ask. */
  ask: 2,
  /** Bad command line (sysexits EX_USAGE). */
  usage: 64,
  /** `exec`: the gate refused the command (as a shell does for a command it cannot execute). */
  refused: 126,
} as const;

/** Thrown for a bad command line; main turns it into exit 64 and one line on stderr. */
export class UsageError extends Error {
  readonly code = 'ORKEON_USAGE';
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
