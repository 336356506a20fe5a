// The report is written on the host into the output folder, which the crew's commands can write too:
// a new file, created exclusively, never through a symbolic link planted under its name.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReport, type CrewReport } from '../../src/session/crew.js';
import { tempDir } from '../trust/harness.js';

const report = (startedAt: string): CrewReport => ({
  format: 'orkeon-code crew report 1',
  crew: 'crew.jsonl',
  project: '/workspace',
  mode: 'default',
  stage: false,
  keepGoing: false,
  backend: 'bubblewrap',
  startedAt,
  finishedAt: startedAt,
  summary: { total: 0, passed: 0, failed: 0, refused: 0, unsupported: 0, 'not-run': 0 },
  exitCode: 0,
  steps: [],
});

describe('the crew report file', () => {
  it('is named for the start time and never follows a link planted under that name', () => {
    const dir = tempDir();
    const victim = path.join(tempDir(), 'victim');
    fs.writeFileSync(victim, 'untouched');
    fs.symlinkSync(victim, path.join(dir, 'crew-report-2026-01-02T03-04-05-678Z.json'));
    const first = writeReport(dir, report('2026-01-02T03:04:05.678Z'));
    expect(first).toEqual({ ok: true, name: 'crew-report-2026-01-02T03-04-05-678Z-2.json' });
    expect(fs.readFileSync(victim, 'utf8')).toBe('untouched');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'crew-report-2026-01-02T03-04-05-678Z-2.json'), 'utf8'))).toMatchObject({ format: 'orkeon-code crew report 1', exitCode: 0 });
    expect(writeReport(dir, report('2026-01-02T03:04:05.678Z'))).toEqual({ ok: true, name: 'crew-report-2026-01-02T03-04-05-678Z-3.json' });
  });
});
