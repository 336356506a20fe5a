// `--demo`: a small fixture project under $ORKEON_CODE_HOME/demo, with a README, sources, tests that
// `npm test` runs with plain node (no dependencies), a short history made with real git, and a
// .orkeon/config.json. Idempotent: a complete fixture is kept as it is (a session may have worked in it);
// an incomplete one (no marker) is set aside and made again. The fixture is built in a temporary folder
// beside it and renamed into place, so a half-made fixture is never used.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Bumped when the fixture's content changes; an older fixture is kept (it is the user's by now). */
export const DEMO_VERSION = 1;
const MARKER = path.join('.git', 'orkeon-demo');

export type DemoResult =
  | { readonly ok: true; readonly folder: string; readonly created: boolean; readonly notes: readonly string[] }
  | { readonly ok: false; readonly message: string };

export interface DemoCommit {
  readonly message: string;
  readonly files: Readonly<Record<string, string>>;
}

/** The fixture's history, oldest first: each commit writes its files (relative paths) and commits them by name. */
export const DEMO_HISTORY: readonly DemoCommit[] = [
  {
    message: 'Start the address book: parse one postal address',
    files: {
      'README.md': `# Address book (orkeon-code demo)

A tiny Node.js project to try orkeon-code on. It parses and formats postal addresses.

    npm test        # runs the tests with node's own test runner, no dependencies

Inside an orkeon-code session this folder is /workspace. Things to try:

- \`git status\`, \`git log --oneline\`, \`git diff -- src/address.js\`: read-only git runs.
- \`npm test\`: asked about in the default mode (answer \`y\`), or run at once after
  \`/permissions add allow shell_command command=npm test*\`.
- \`git push\`: refused, with the rule that refuses it and what to do instead.
- \`cat .orkeon/config.json\`: this project asks for \`dev.prAuto: true\`; a project file cannot widen what
  your own settings allow, so orkeon-code names it as ignored when the session starts.
`,
      'package.json': `${JSON.stringify({ name: 'orkeon-demo-address-book', version: '1.0.0', private: true, type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
      '.gitignore': 'node_modules/\n.orkeon/worktrees/\n',
      'src/address.js': `// Parses "street, postcode city" into its parts.
export function parseAddress(text) {
  const [street, rest] = text.split(',').map((part) => part.trim());
  if (!street || !rest) throw new Error(\`not an address: \${text}\`);
  const match = /^(\\d{4,5})\\s+(.+)$/.exec(rest);
  if (!match) throw new Error(\`no postcode in: \${rest}\`);
  return { street, postcode: match[1], city: match[2] };
}
`,
    },
  },
  {
    message: 'Format an address back on one line',
    files: {
      'src/format.js': `// The one-line form parseAddress reads.
export function formatAddress({ street, postcode, city }) {
  return \`\${street}, \${postcode} \${city}\`;
}
`,
    },
  },
  {
    message: 'Test parsing and formatting; project settings',
    files: {
      'test/address.test.js': `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAddress } from '../src/address.js';
import { formatAddress } from '../src/format.js';

test('parses street, postcode and city', () => {
  assert.deepEqual(parseAddress('12 rue des Lilas, 75011 Paris'), { street: '12 rue des Lilas', postcode: '75011', city: 'Paris' });
});

test('refuses text without a postcode', () => {
  assert.throws(() => parseAddress('12 rue des Lilas, Paris'), /no postcode/);
});

test('formats what it parses, unchanged', () => {
  const line = '3 Market Street, 1000 Brussels';
  assert.equal(formatAddress(parseAddress(line)), line);
});
`,
      '.orkeon/config.json': `${JSON.stringify({ 'permissions.fallback': 'default', 'dev.prAuto': true }, null, 2)}\n`,
    },
  },
];

/** Prepares (or finds) the fixture under `orkeonHome`/demo. Needs git on PATH. */
export function prepareDemo(orkeonHome: string, env: Readonly<Record<string, string | undefined>> = process.env): DemoResult {
  const folder = path.join(orkeonHome, 'demo');
  const notes: string[] = [];
  if (isComplete(folder)) return { ok: true, folder: fs.realpathSync.native(folder), created: false, notes };
  fs.mkdirSync(orkeonHome, { recursive: true, mode: 0o700 });
  if (fs.existsSync(folder) || isSymlink(folder)) {
    const aside = `${folder}.incomplete-${Date.now()}`;
    fs.renameSync(folder, aside);
    notes.push(`an incomplete demo fixture was set aside as ${aside}`);
  }
  const building = path.join(orkeonHome, `.demo-${randomUUID()}`);
  fs.mkdirSync(building, { mode: 0o755 });
  try {
    const made = buildFixture(building, env);
    if (!made.ok) return made;
    fs.renameSync(building, folder);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return { ok: true, folder: fs.realpathSync.native(folder), created: true, notes };
}

function isComplete(folder: string): boolean {
  try {
    return fs.lstatSync(folder).isDirectory() && fs.readFileSync(path.join(folder, MARKER), 'utf8').startsWith('orkeon-demo ');
  } catch {
    return false;
  }
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function buildFixture(dir: string, env: Readonly<Record<string, string | undefined>>): { ok: true } | { ok: false; message: string } {
  const git = gitIn(dir, env);
  const init = git(['init', '-q', '-b', 'main']);
  if (!init.ok) return init;
  // Local to the fixture only; never the user's global configuration.
  for (const [key, value] of [
    ['user.name', 'Orkeon Demo'],
    ['user.email', 'demo@orkeon-code.invalid'],
    ['commit.gpgsign', 'false'],
  ] as const) {
    const set = git(['config', '--local', key, value]);
    if (!set.ok) return set;
  }
  let day = 1;
  for (const commit of DEMO_HISTORY) {
    for (const [rel, text] of Object.entries(commit.files)) {
      const file = path.join(dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    const names = Object.keys(commit.files);
    const added = git(['add', '--', ...names]);
    if (!added.ok) return added;
    const date = `2026-01-0${day++}T10:00:00Z`;
    const committed = git(['commit', '-q', '--no-verify', '-m', commit.message, '--', ...names], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
    if (!committed.ok) return committed;
  }
  fs.writeFileSync(path.join(dir, MARKER), `orkeon-demo ${DEMO_VERSION}\n`);
  return { ok: true };
}

function gitIn(dir: string, env: Readonly<Record<string, string | undefined>>) {
  return (args: readonly string[], extraEnv: Record<string, string> = {}): { ok: true } | { ok: false; message: string } => {
    const r = spawnSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      // The user's global and system git configuration (hooks paths, signing, templates) stay out of the fixture.
      env: { ...definedOnly(env), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TEMPLATE_DIR: '', ...extraEnv },
    });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { ok: false, message: 'the demo fixture needs git, which is not on PATH; install git (e.g. apt-get install git) and run orkeon-code --demo again' };
    }
    if (r.status !== 0) return { ok: false, message: `git ${args.join(' ')} failed while making the demo fixture: ${(r.stderr || r.stdout).trim()}` };
    return { ok: true };
  };
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
