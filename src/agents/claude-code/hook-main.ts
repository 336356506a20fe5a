// The hook entry the launcher writes into the generated Claude Code settings: `node hook-main.js
// claude-code --socket=<path> [options]`. With the launcher's gate server (gate-server.ts) answering on
// the socket, the call is passed on and the answer printed, loading nothing else; when the server does not
// answer as a hook answers (gone, slow, broken), the hook decides by itself from the same options, as
// `orkeon-code hook claude-code` does (hook-process.ts). Either way the output is one line of hook JSON.
import net from 'node:net';
import v8 from 'node:v8';
import { readBoundedStdin } from './hook-input.js';

const startedAt = Date.now();
/** Well inside the hook's deadline (270 s), which the hook's own decision still has to meet after it. */
const SERVER_WAIT_MS = 20_000;

/** The server's answer, when it is one line of hook JSON with a decision; null otherwise. */
function askServer(socket: string, input: Buffer): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const conn = net.createConnection(socket);
    const timer = setTimeout(() => conn.destroy(), SERVER_WAIT_MS);
    conn.on('error', () => resolve(null));
    conn.on('data', (c: Buffer) => chunks.push(c));
    conn.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        const lines = text.split('\n').filter((l) => l !== '');
        const decision = (JSON.parse(lines[0] ?? '') as { hookSpecificOutput?: { permissionDecision?: unknown } }).hookSpecificOutput?.permissionDecision;
        resolve(lines.length === 1 && (decision === 'allow' || decision === 'ask' || decision === 'deny') ? `${lines[0]}\n` : null);
      } catch {
        resolve(null);
      }
    });
    conn.end(input);
  });
}

const argv = process.argv.slice(2);
const socketArg = argv.find((a) => a.startsWith('--socket='));
const input = await readBoundedStdin(process.stdin);
const answer = socketArg === undefined ? null : await askServer(socketArg.slice('--socket='.length), input);
if (answer !== null) {
  process.stdout.write(answer);
} else {
  // As bin/orkeon-code.js: Liftoff only, or the exit waits for TurboFan to finish the bash grammar's wasm.
  v8.setFlagsFromString('--liftoff-only');
  const { runHookProcess } = await import('./hook-process.js');
  process.exitCode = await runHookProcess(argv, input, startedAt);
}
