// The confinement suite against a real Docker engine and an image built offline (.ci/docker-setup.sh
// starts the engine and builds orkeon-code-test:busybox). Skips loudly, with the reason, where no engine
// can run.
import { describe } from 'vitest';
import { dockerAvailable } from './fixture.js';
import { defineConfinementSuite } from './suite.js';

const available = dockerAvailable();
if (!available.ok) console.warn(`SKIPPED: the Docker confinement tests cannot run here: ${available.reason}`);

describe.skipIf(!available.ok)('docker, for real', () => {
  defineConfinementSuite('docker', { python: false });
});
