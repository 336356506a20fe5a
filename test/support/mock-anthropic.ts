// A mock of the Anthropic Messages API for driving the real Claude Code binary offline. It answers
// `POST /v1/messages` with the streaming events Claude Code reads: a scripted `tool_use` block for each
// step, then text with `end_turn` once the script is done. The step is the number of tool results the
// conversation already holds, so retries and side requests (titles, summaries: requests without tools,
// answered with plain text) do not shift it. Every request is kept, so a test reads what Claude Code sent
// back: the tool results the model would see.
//
// It listens on 127.0.0.1 (an ephemeral port) and on a Unix socket: a test that runs Claude Code in a
// network namespace of its own bridges the namespace's 127.0.0.1:<port> to the socket, so nothing Claude
// Code does can reach any other address.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type MockStep = { readonly tool: string; readonly input: Record<string, unknown> } | { readonly text: string };

export interface MockRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

export interface ToolResult {
  readonly toolUseId: string;
  readonly content: string;
  readonly isError: boolean;
}

export interface MockAnthropic {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** The Unix socket the same server answers on. */
  readonly socket: string;
  readonly requests: readonly MockRequest[];
  /** Connections made, whether or not they carried an HTTP request (a TLS hello to this plain server counts). */
  connections(): number;
  /** The tool results Claude Code sent back, in order, one per tool_use id. */
  toolResults(): ToolResult[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function sse(res: http.ServerResponse, events: Array<[string, Json]>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [type, data] of events) res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.end();
}

function message(id: string, model: unknown, blocks: Array<[string, Json, Json]>, stop: string): Array<[string, Json]> {
  const events: Array<[string, Json]> = [
    ['message_start', { message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } }],
  ];
  blocks.forEach(([, start, delta], index) => {
    events.push(['content_block_start', { index, content_block: start }]);
    events.push(['content_block_delta', { index, delta }]);
    events.push(['content_block_stop', { index }]);
  });
  events.push(['message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }]);
  events.push(['message_stop', {}]);
  return events;
}

function text(id: string, model: unknown, t: string): Array<[string, Json]> {
  return message(id, model, [['text', { type: 'text', text: '' }, { type: 'text_delta', text: t }]], 'end_turn');
}

function blocksOf(content: unknown): Json[] {
  return Array.isArray(content) ? (content.filter((c) => c !== null && typeof c === 'object') as Json[]) : [];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return blocksOf(content)
    .map((b) => (typeof b['text'] === 'string' ? b['text'] : ''))
    .join('');
}

export async function startMockAnthropic(script: readonly MockStep[]): Promise<MockAnthropic> {
  const requests: MockRequest[] = [];
  let connections = 0;
  let serial = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/messages')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"type":"error","error":{"type":"not_found_error","message":"mock: not found"}}');
        return;
      }
      if ((req.url ?? '').includes('count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"input_tokens":10}');
        return;
      }
      let doc: Json;
      try {
        doc = JSON.parse(body) as Json;
      } catch {
        res.writeHead(400);
        res.end();
        return;
      }
      const id = `msg_mock_${++serial}`;
      const tools = doc['tools'];
      if (!Array.isArray(tools) || tools.length === 0) return sse(res, text(id, doc['model'], 'ok'));
      const messages = Array.isArray(doc['messages']) ? (doc['messages'] as Json[]) : [];
      const done = messages.reduce((n, m) => n + blocksOf(m['content']).filter((b) => b['type'] === 'tool_result').length, 0);
      const step = script[done];
      if (step === undefined) return sse(res, text(id, doc['model'], 'done'));
      if ('text' in step) return sse(res, text(id, doc['model'], step.text));
      const useId = `toolu_mock_${done + 1}`;
      return sse(res, message(id, doc['model'], [['tool_use', { type: 'tool_use', id: useId, name: step.tool, input: {} }, { type: 'input_json_delta', partial_json: JSON.stringify(step.input) }]], 'tool_use'));
    });
  });
  server.on('connection', (s: Socket) => {
    connections++;
    s.on('error', () => {});
  });
  server.on('clientError', (_err, s) => s.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // A second server on the same handler, on a Unix socket.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-anthropic-'));
  const socket = path.join(dir, 'api.sock');
  const unix = http.createServer((req, res) => server.emit('request', req, res));
  unix.on('connection', (s: Socket) => {
    connections++;
    s.on('error', () => {});
  });
  unix.on('clientError', (_err, s) => s.destroy());
  await new Promise<void>((resolve) => unix.listen(socket, resolve));

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    socket,
    requests,
    connections: () => connections,
    toolResults(): ToolResult[] {
      const seen = new Map<string, ToolResult>();
      for (const r of requests) {
        let doc: Json;
        try {
          doc = JSON.parse(r.body) as Json;
        } catch {
          continue;
        }
        const messages = Array.isArray(doc['messages']) ? (doc['messages'] as Json[]) : [];
        for (const m of messages) {
          for (const b of blocksOf(m['content'])) {
            if (b['type'] !== 'tool_result' || typeof b['tool_use_id'] !== 'string' || seen.has(b['tool_use_id'])) continue;
            seen.set(b['tool_use_id'], { toolUseId: b['tool_use_id'], content: textOf(b['content']), isError: b['is_error'] === true });
          }
        }
      }
      return [...seen.values()];
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      unix.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => unix.close(r))]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
