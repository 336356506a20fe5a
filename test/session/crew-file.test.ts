// Crew files: one JSON tool call a line; blank lines and # comments skipped; any bad line stops it all (pure).
import { describe, expect, it } from 'vitest';
import { parseCrewFile } from '../../src/session/crew-file.js';

describe('crew files', () => {
  it('reads one call a line with its line number; blank lines and # comments are skipped', () => {
    const text = ['# build and test', '', '{"tool":"shell_command","args":{"command":"npm test"}}', '   # indented comment', '{"tool":"file_read","args":{"path":"README.md"},"mode":"plan"}\r', '{"tool":"list_mounts"}', ''].join('\n');
    expect(parseCrewFile(text)).toEqual({
      ok: true,
      calls: [
        { line: 3, tool: 'shell_command', args: { command: 'npm test' }, mode: null },
        { line: 5, tool: 'file_read', args: { path: 'README.md' }, mode: 'plan' },
        { line: 6, tool: 'list_mounts', args: {}, mode: null },
      ],
    });
  });

  it('names every line it cannot read, and then nothing runs', () => {
    const r = parseCrewFile(['{"tool":"shell_command","args":{"command":"ls"}}', 'ls -la', '{"tool":"x","args":[1]}', '{"tool":"x","arg":{}}', '{"tool":"x","mode":"yolo"}', '[]', '{"args":{}}'].join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(6);
    expect(r.errors[0]).toMatch(/^line 2: not JSON/);
    expect(r.errors[1]).toBe('line 3: "args" of x is not an object');
    expect(r.errors[2]).toContain('line 4: unknown key "arg"');
    expect(r.errors[3]).toContain('line 5: "mode" "yolo" is not a mode');
    expect(r.errors[4]).toContain('line 6: a line is one JSON object');
    expect(r.errors[5]).toBe('line 7: the call names no "tool"');
  });

  it('a file of comments only is not a crew', () => {
    expect(parseCrewFile('# nothing\n\n')).toMatchObject({ ok: false, errors: [expect.stringContaining('holds no tool call')] });
  });
});
