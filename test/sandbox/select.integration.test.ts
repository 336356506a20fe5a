// Choosing a backend with the real probes: a PATH with no bwrap (as on a machine without bubblewrap),
// and the machine's own PATH.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSandbox, type OpenSandboxInput } from '../../src/sandbox/session.js';
import { findExecutable, probeBubblewrap, probeDocker, resetProbeCache } from '../../src/sandbox/probe.js';
import { DEFAULT_DOCKER_IMAGE } from '../../src/sandbox/docker.js';
import { makeFixture, type Fixture } from './fixture.js';

let fx: Fixture;
let emptyBin: string;
beforeAll(() => {
  fx = makeFixture();
  emptyBin = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-empty-bin-'));
});
afterAll(() => {
  fx.cleanup();
  fs.rmSync(emptyBin, { recursive: true, force: true });
});

function input(mode: OpenSandboxInput['mode'], PATH: string): OpenSandboxInput {
  return {
    mode, project: fx.project, orkeonHome: fx.orkeonHome, cwd: fx.root, output: null, mounts: [], userConfig: {},
    hostEnv: { ...fx.hostEnv, PATH }, envSettings: { sessionBus: false, propagate: [] }, network: false, command: ['true'],
  };
}

describe('backend selection on a machine without bubblewrap or docker', () => {
  it('auto runs unconfined, with one loud line that says how to install bubblewrap', async () => {
    const r = await openSandbox(input('auto', emptyBin));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.plan.backend).toBe('none');
    expect(r.value.warnings).toEqual([expect.stringMatching(/^commands run UNCONFINED \(no sandbox\): bwrap is not installed; install bubblewrap \(apt-get install bubblewrap/)]);
    r.value.close();
  });

  it('an explicit bubblewrap or docker is refused with what to do, never replaced', async () => {
    expect(await openSandbox(input('bubblewrap', emptyBin))).toMatchObject({ ok: false, error: { code: 'backend', message: expect.stringMatching(/^--confinement bubblewrap: bwrap is not installed; install bubblewrap/) } });
    expect(await openSandbox(input('docker', emptyBin))).toMatchObject({ ok: false, error: { code: 'backend', message: expect.stringMatching(/^--confinement docker: the docker command is not installed/) } });
  });
});

describe('backend selection here', () => {
  it('auto takes bubblewrap when the probe runs a sandbox, and asks only once per process', async () => {
    const first = probeBubblewrap(process.env.PATH);
    expect(probeBubblewrap(process.env.PATH)).toBe(first);
    const probe = await first;
    const r = await openSandbox(input('auto', process.env.PATH ?? ''));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.plan.backend).toBe(probe.ok ? 'bubblewrap' : 'none');
    if (!probe.ok) console.warn(`bubblewrap does not work here (${probe.reason}); auto chose none`);
    r.value.close();
  });
});

describe('the docker backend with an empty image setting', () => {
  it('runs the default image, for the session plan and for a plan built on it alike', async () => {
    // A stand-in docker that answers the probe's two questions (a version, an image id).
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-fake-docker-'));
    try {
      fs.writeFileSync(path.join(bin, 'docker'), '#!/bin/sh\necho 1\n', { mode: 0o755 });
      const r = await openSandbox({ ...input('docker', bin), image: '' });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.plan.backend).toBe('docker');
      expect(r.value.invocation.argv).toContain(DEFAULT_DOCKER_IMAGE);
      const again = r.value.invocationFor({ ...r.value.plan, command: ['bash', '-c', 'true'] });
      expect(again.argv).toContain(DEFAULT_DOCKER_IMAGE);
      expect(again.argv).not.toContain('');
      expect(again.argv[0]).toBe(r.value.invocation.argv[0]);
      r.value.close();
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe('the docker probe', () => {
  it('asks the engine once per process for a PATH, image and environment, until the cache is reset', async () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-fake-docker-'));
    try {
      const log = path.join(bin, 'calls');
      fs.writeFileSync(path.join(bin, 'docker'), `#!/bin/sh\necho "$1" >> '${log}'\necho 1\n`, { mode: 0o755 });
      const env = { PATH: bin };
      const first = probeDocker('img:1', env, bin);
      expect(probeDocker('img:1', { ...env }, bin)).toBe(first);
      expect(await first).toMatchObject({ ok: true });
      expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual(['version', 'image']);
      const other = probeDocker('img:2', env, bin);
      expect(other).not.toBe(first);
      resetProbeCache();
      const again = probeDocker('img:1', env, bin);
      expect(again).not.toBe(first);
      await Promise.all([other, again]);
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe('findExecutable', () => {
  it('skips relative PATH entries, which would depend on the working folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-find-'));
    try {
      fs.mkdirSync(path.join(dir, 'bin'));
      fs.writeFileSync(path.join(dir, 'bin', 'tool'), '#!/bin/sh\n', { mode: 0o755 });
      // The same folder, named relative to the working folder.
      const relative = path.relative(process.cwd(), path.join(dir, 'bin'));
      expect(path.isAbsolute(relative)).toBe(false);
      expect(findExecutable('tool', relative)).toBe(null);
      expect(findExecutable('tool', `${relative}${path.delimiter}${path.join(dir, 'bin')}`)).toBe(path.join(dir, 'bin', 'tool'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
