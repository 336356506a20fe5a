// The confinement suite against real bubblewrap (CI installs it). Skips loudly, with the reason, where
// bubblewrap cannot create a sandbox.
import { describe } from 'vitest';
import { bubblewrapAvailable } from './fixture.js';
import { defineConfinementSuite } from './suite.js';

const available = await bubblewrapAvailable();
if (!available.ok) console.warn(`SKIPPED: the bubblewrap confinement tests cannot run here: ${available.reason}`);

describe.skipIf(!available.ok)('bubblewrap, for real', () => {
  defineConfinementSuite('bubblewrap', { python: true });
});
