// The gate held warm for a whole Claude Code session. The hook runs once per tool call, in a fresh
// process; loading the gate and the bash grammar is most of its time (bench/hook.bench.js). The launcher,
// which waits for Claude Code anyway, prepares the hook once (prepareHook: the same options, settings and
// rules the hook command carries) and answers on a Unix socket in a private folder (0700, outside every
// sandbox: no confined command can reach it). The hook process then only passes the call on
// (hook-main.ts); when the socket does not answer as expected, it decides by itself, in full.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { prepareHook, type HookOptions } from './hook.js';
import { MAX_HOOK_INPUT_BYTES } from './hook-input.js';
import { HOOK_DEADLINE_MS } from './settings-file.js';

export interface GateServer {
  readonly socket: string;
  /** Calls answered so far. */
  answered(): number;
  close(): Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A private folder for the socket (short: a socket path is at most 107 bytes). */
export function gateSocketPath(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-code-gate-'));
  fs.chmodSync(dir, 0o700);
  return path.join(dir, 'gate.sock');
}

export async function startGateServer(socket: string, options: HookOptions, env: Env, warn: (line: string) => void = () => {}): Promise<GateServer> {
  const hook = await prepareHook(options, env, warn);
  let answered = 0;
  // Half-open: the hook ends its side once the call is sent, and reads the answer after.
  const server = net.createServer({ allowHalfOpen: true }, (conn) => {
    const chunks: Buffer[] = [];
    let size = 0;
    conn.setTimeout(HOOK_DEADLINE_MS, () => conn.destroy());
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk: Buffer) => {
      if (size > MAX_HOOK_INPUT_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    conn.on('end', () => {
      void hook.answer(Buffer.concat(chunks)).then((answer) => {
        answered++;
        conn.end(`${answer}\n`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socket, 0o600);
  // The bash grammar, loaded now rather than on the first shell command.
  void import('../../shell/index.js').then((shell) => shell.initShellReader()).catch(() => {});
  return {
    socket,
    answered: () => answered,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(path.dirname(socket), { recursive: true, force: true });
    },
  };
}
