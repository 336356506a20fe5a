// Twenty `orkeon-code trust add` processes at once on one registry: none may lose another's entry.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRegistry } from '../../src/trust/registry-format.js';
import { runCliAsync, world } from './harness.js';

describe('concurrent trust add', () => {
  it.each([1, 2, 3])('20 processes adding at once lose no entry (round %i)', async () => {
    const w = world();
    const folders = Array.from({ length: 20 }, (_, i) => {
      const dir = path.join(w.root, `project-${String(i).padStart(2, '0')}`);
      fs.mkdirSync(dir);
      return dir;
    });
    // One already saved, so every writer has to merge with what is there.
    fs.mkdirSync(w.orkeonHome);
    const first = path.join(w.root, 'first');
    fs.mkdirSync(first);
    fs.writeFileSync(w.registry, `[\n  ${JSON.stringify(first)}\n]\n`, { mode: 0o600 });
    const results = await Promise.all(folders.map((dir) => runCliAsync(['trust', 'add', dir], { env: w.env() })));
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });
    const parsed = parseRegistry(fs.readFileSync(w.registry, 'utf8'));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && [...parsed.folders].sort()).toEqual([first, ...folders].sort());
    expect(fs.statSync(w.registry).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(w.orkeonHome)).toEqual(['trusted-folders.json']); // no lock, no temp file left
  }, 120_000);
});
