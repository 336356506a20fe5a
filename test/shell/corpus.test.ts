// The evasion corpus, read by the front-end alone: for every row, what the reader must make of it — the
// command bash runs (however quoted, escaped, wrapped or nested), the dynamic word the gate cannot check,
// the program it cannot read, or the refusal before parsing. The gate's verdicts are tested in test/policy.
import { describe, expect, it } from 'vitest';
import { findGitVerb, readShellCommand, type ShellReading, type SimpleCommand } from '../../src/shell/index.js';
import { readCorpusRows, type CorpusRow } from '../support/corpus.js';
import { ready } from './helpers.js';

await ready;

const rows: CorpusRow[] = readCorpusRows();

const basename = (w: string): string => w.slice(w.lastIndexOf('/') + 1);

function gitVerb(c: SimpleCommand): string | null {
  if (c.dynamic.includes(0)) return null;
  const name = basename(c.argv[0] ?? '');
  if (name.startsWith('git-')) return name.slice(4);
  if (name !== 'git') return null;
  const i = findGitVerb(c.argv, c.dynamic);
  return i === null ? null : c.argv[i]!;
}

type Check = (r: ShellReading) => void;

/** Some command runs `git VERB …`, however it was written. */
const runsGit = (verb: string, args?: string[]): Check => (r) => {
  const found = r.commands.filter((c) => gitVerb(c) === verb);
  expect(found.length, `git ${verb} in ${JSON.stringify(r.commands.map((c) => c.argv))}`).toBeGreaterThan(0);
  if (args) expect(found.some((c) => c.argv.slice(-args.length).join(' ') === args.join(' '))).toBe(true);
};

/** Some command's name (or git verb) is expanded at run time. */
const dynamicName: Check = (r) => {
  const dyn = r.commands.some((c) => c.dynamic.includes(0) || (basename(c.argv[0] ?? '') === 'git' && findGitVerb(c.argv, c.dynamic) === null && c.argv.length > 1));
  expect(dyn, JSON.stringify(r.commands.map((c) => [c.argv, c.dynamic]))).toBe(true);
};

const opaqueVia = (via: string): Check => (r) => {
  expect(r.commands.flatMap((c) => c.opaque.map((o) => o.via))).toContain(via);
};

const argvsAre = (expected: string[][]): Check => (r) => {
  expect(r.commands.map((c) => c.argv)).toEqual(expected);
};

const noOpaque: Check = (r) => expect(r.commands.flatMap((c) => c.opaque)).toEqual([]);
const both = (...checks: Check[]): Check => (r) => checks.forEach((c) => c(r));

const GP = ['origin', 'main'];

/** What the reader must make of each row (refusal codes are strings). */
const EXPECT: Record<string, Check | string> = {
  E003: runsGit('commit'),
  E005: runsGit('reset'),
  E006: argvsAre([['git', 'config', 'user.name', 'x']]),
  E007: opaqueVia('python3 -c'),
  E008: both(argvsAre([['cat', '.git/config']]), noOpaque),
  E009: runsGit('push', GP),
  E010: runsGit('push', GP),
  E012: runsGit('push', GP),
  E014: runsGit('push', GP),
  E015: runsGit('push', GP),
  E018: runsGit('push', GP),
  E021: runsGit('push', GP),
  E024: runsGit('push', GP),
  E025: both(argvsAre([['python3', '-c', 'print(1)']]), opaqueVia('python3 -c')),
  E026: argvsAre([['cat', '.git/config']]),
  E028: dynamicName,
  E029: runsGit('push', GP),
  E031: runsGit('push', GP),
  E032: dynamicName,
  E033: 'parse-error',
  E034: dynamicName,
  E035: dynamicName,
  E040: (r) => expect(r.commands.map((c) => [c.argv, c.dynamic])).toEqual([[['cat', '.gi[t]/c*'], [1]]]),
  E041: (r) => expect(r.commands.map((c) => [c.argv, c.dynamic])).toEqual([[['cat', '.{git,nope}/config'], [1]]]),
  E042: (r) => expect(r.commands.map((c) => [c.argv, c.dynamic])).toEqual([[['cat', '~/.ss?/id_*'], [1]]]),
  E043: runsGit('push', GP),
  E044: both(runsGit('push', GP), (r) => expect(r.commands[0]!.argv[0]).toBe('/usr/bin/git')),
  E045: runsGit('push', GP),
  E047: runsGit('commit'),
  E051: runsGit('push', GP),
  E052: runsGit('push', GP),
  E054: runsGit('push', GP),
  E055: runsGit('push', GP),
  E057: runsGit('push', GP),
  E059: runsGit('push', GP),
  E063: runsGit('push', GP),
  E064: runsGit('push', GP),
  E065: runsGit('push', GP),
  E066: runsGit('push', GP),
  E067: runsGit('push', GP),
  E068: runsGit('push', GP),
  E070: runsGit('push', GP),
  E072: runsGit('commit'),
  E073: runsGit('push', GP),
  E074: runsGit('push', GP),
  E075: runsGit('push', GP),
  E076: runsGit('push', GP),
  E077: opaqueVia('GIT_CONFIG_PARAMETERS alias.p'),
  E079: opaqueVia('GIT_CONFIG_GLOBAL'),
  E080: runsGit('push', GP),
  E084: both(argvsAre([['bash', 'scripts/test.sh']]), noOpaque),
  E085: runsGit('push', GP),
  E089: both(opaqueVia('hash -p'), (r) => expect(r.line).toContain('git push origin main')),
  E091: runsGit('push', GP),
  E092: runsGit('push', GP),
  E093: runsGit('push', GP),
  E094: runsGit('push', GP),
  E099: runsGit('push', GP),
  E100: runsGit('push', GP),
  E102: runsGit('push', GP),
  E104: runsGit('push', GP),
  E105: argvsAre([['cat', '.git/config']]),
  E106: argvsAre([['cat', '<(ls)', '.git/config'], ['ls']]),
  E108: runsGit('push', GP),
  E109: runsGit('push', GP),
  E111: runsGit('push', GP),
  E113: dynamicName,
  E114: 'parse-error',
  E116: dynamicName,
  E120: dynamicName,
  E122: both(dynamicName, (r) => expect(r.line).toContain('git push origin main')),
  E124: dynamicName,
  E125: dynamicName,
  E126: dynamicName,
  E127: dynamicName,
  E129: opaqueVia('eval'),
  E130: both(argvsAre([['eval', 'ls'], ['ls']]), noOpaque),
  E131: dynamicName,
  E133: runsGit('push', GP),
  E136: runsGit('push', GP),
  E137: runsGit('push', GP),
  E138: (r) => expect(r.commands.some((c) => gitVerb(c) === null && basename(c.argv[0] ?? '') === 'git')).toBe(true),
  E140: argvsAre([['bash', '-c', 'ls'], ['ls']]),
  E142: argvsAre([['dash', '-c', 'ls'], ['ls']]),
  E144: opaqueVia('fish -c'),
  E147: argvsAre([['env', 'bash', '-c', 'ls'], ['bash', '-c', 'ls'], ['ls']]),
  E148: opaqueVia('python -c'),
  E149: opaqueVia('python3.12 -c'),
  E150: argvsAre([['py', '-3', '-c', 'print(1)']]),
  E152: opaqueVia('ipython -c'),
  E153: opaqueVia('node -e'),
  E155: opaqueVia('node -p'),
  E156: opaqueVia('nodejs -e'),
  E157: opaqueVia('tsx -e'),
  E159: opaqueVia('perl -E'),
  E164: opaqueVia('php -r'),
  E165: opaqueVia('deno eval'),
  E166: opaqueVia('bun -e'),
  E169: opaqueVia('lua -e'),
  E170: opaqueVia('pwsh -c'),
  E171: opaqueVia('osascript -e'),
  E172: argvsAre([['gdb', '-nx', '-batch', '-ex', '!ls'], ['ls']]),
  E173: argvsAre([['bash', '-x', '-c', 'ls'], ['ls']]),
  E174: argvsAre([['bash', '-l', '-c', 'ls'], ['ls']]),
  E176: argvsAre([['bash', '-o', 'pipefail', '-c', 'ls'], ['ls']]),
  E177: argvsAre([['bash', '--norc', '--noprofile', '-c', 'ls'], ['ls']]),
  E178: argvsAre([['bash', '-e', '-u', '-x', '-o', 'pipefail', '-c', 'ls'], ['ls']]),
  E179: both(argvsAre([['python3', '-u', '-c', 'print(1)']]), opaqueVia('python3 -c')),
  E183: both(argvsAre([['python3', '-c', 'print(1)']]), opaqueVia('python3 -c')),
  E186: opaqueVia('node -e'),
  E187: both(argvsAre([['perl', '-w', '-l', '-e', 'print 1']]), opaqueVia('perl -e')),
  E188: both(argvsAre([['perl', '-Mstrict', '-e', 'print 1']]), opaqueVia('perl -e')),
  E189: opaqueVia('php -r'),
  E192: runsGit('push', GP),
  E193: runsGit('push', GP),
  E195: runsGit('push', GP),
  E196: opaqueVia('. <(…)'),
  E199: opaqueVia('python3 <<<'),
  E200: opaqueVia('perl stdin'),
  E201: opaqueVia('node <<'),
  E203: opaqueVia('sh stdin'),
  E204: opaqueVia('bash stdin'),
  E206: opaqueVia('sh stdin'),
  E208: opaqueVia('bash stdin'),
  E214: runsGit('push', GP),
  E215: opaqueVia('sed e'),
  E216: runsGit('push', GP),
  E218: runsGit('push', GP),
  E219: runsGit('push', GP),
  E220: runsGit('push', GP),
  E221: runsGit('push', GP),
  E222: runsGit('push', GP),
  E223: runsGit('push', GP),
  E224: runsGit('push', GP),
  E225: opaqueVia('make --eval'),
  E229: runsGit('push', GP),
  E230: opaqueVia('python3 -m timeit'),
  E231: opaqueVia('git -c alias.p'),
  E232: runsGit('push', GP),
  E234: both(opaqueVia('git config alias.p'), runsGit('p')),
  E236: runsGit('push', GP),
  E237: runsGit('push', GP),
  E238: runsGit('push', GP),
  E240: both(runsGit('log'), noOpaque),
  E241: runsGit('psuh'),
  E246: runsGit('push', GP),
  E247: runsGit('push', GP),
  E248: runsGit('push', GP),
  E251: argvsAre([['git', 'config', '--global', 'alias.st', '!sh -c ls'], ['sh', '-c', 'ls'], ['ls']]),
  E252: runsGit('config'),
  E254: runsGit('remote'),
  E255: runsGit('push', GP),
  E256: both(runsGit('commit'), (r) => expect(r.commands[0]!.argv).toEqual(['git', '-C', '.', 'commit', '-am', 'wip'])),
  E257: runsGit('push', GP),
  E258: runsGit('push', GP),
  E260: runsGit('push', GP),
  E264: runsGit('stash'),
  E265: runsGit('stash'),
  E272: runsGit('merge'),
  E273: runsGit('cherry-pick'),
  E274: runsGit('revert'),
  E276: runsGit('apply'),
  E278: runsGit('gc'),
  E281: runsGit('hash-object'),
  E282: runsGit('update-index'),
  E283: runsGit('notes'),
  E284: runsGit('worktree'),
  E285: runsGit('switch'),
  E286: runsGit('pull'),
  E287: runsGit('subtree'),
  E288: runsGit('remote'),
  E290: runsGit('fetch'),
  E291: argvsAre([['gh', 'api', '-X', 'PATCH', 'repos/o/r/git/refs/heads/main', '-f', 'sha=abc1234']]),
  E292: runsGit('push', GP),
  E293: runsGit('push', GP),
  E295: both(argvsAre([['npm', 'run', 'build', '--script-shell=./tools/sh.sh']]), noOpaque),
  E298: both(argvsAre([['echo', 'git push origin main'], ['bash', 't.sh']]), (r) => expect(r.commands[0]!.redirects[0]!.target).toBe('t.sh')),
  E300: argvsAre([['cat', '.git/config']]),
  E303: (r) => expect(r.commands.map((c) => [c.argv, c.dynamic])).toEqual([[['cat', '$PWD/.git/config'], [1]]]),
  E304: argvsAre([['cat', '.git/config']]),
  E305: argvsAre([['cat', '.git/config']]),
  E306: both(argvsAre([['cat']]), (r) => expect(r.commands[0]!.redirects[0]).toMatchObject({ operator: '<', target: '.git/config', writes: false })),
  E307: argvsAre([['echo', '$(<.git/config)']]),
  E308: argvsAre([['read', '-r', 'l'], ['echo', '$l']]),
  E309: argvsAre([['head', '-c', '400', '.git/config']]),
  E310: argvsAre([['base64', '.git/config']]),
  E311: both(argvsAre([['awk', '1', '.git/config']]), noOpaque),
  E313: argvsAre([['cd', '.git'], ['cat', 'config']]),
  E314: argvsAre([['cd', '.git'], ['cat', 'config']]),
  E316: argvsAre([['cd', 'src'], ['cat', '../.git/config']]),
  E321: argvsAre([['tar', '-cf', '-', '.git/config'], ['tar', '-xOf', '-']]),
  E325: argvsAre([['cat', '.GIT/config']]),
  E326: argvsAre([['cat', 'node_modules/lodash/package.json']]),
  E327: argvsAre([['ls', 'node_modules/.bin']]),
  E328: argvsAre([['cat', 'node_modules/left-pad/index.js']]),
  E329: argvsAre([['cd', 'node_modules/lodash'], ['cat', 'package.json']]),
  E331: argvsAre([['grep', '-rn', 'eval(', 'node_modules/']]),
  E332: argvsAre([['cat', 'NODE_MODULES/lodash/package.json']]),
  E334: argvsAre([['ls', 'obj/']]),
  E336: argvsAre([['cd', 'bin'], ['ls', '-R']]),
  E338: argvsAre([['rg', '-uuu', 'token']]),
  E339: argvsAre([['cat', '$(git rev-parse --git-dir)/config'], ['git', 'rev-parse', '--git-dir']]),
  E340: both(runsGit('p'), (r) => expect(r.commands[0]!.redirects[0]).toMatchObject({ operator: '>>', target: '.git/config', writes: true })),
  E342: argvsAre([['cp', 'tools/hook.sh', '.git/hooks/pre-push']]),
  E343: argvsAre([['rm', '-rf', '.git']]),
  E346: 'invisible-character',
  E347: argvsAre([['g\u0456t', 'push', 'origin', 'main']]),
  E349: 'non-ascii-space',
  E350: 'invisible-character',
  E352: 'invisible-character',
  E353: 'nul',
  E354: 'nul',
  E356: 'carriage-return',
  E360: argvsAre([['git', 'status'], ['git', 'push', 'origin', 'main']]),
  E361: argvsAre([['git', 'diff', '--'], ['git', 'push', 'origin', 'main']]),
  E366: argvsAre([['git', 'log', '--oneline', 'push-notifications']]),
  E367: both(argvsAre([['git', 'log', '--grep=git push']]), (r) => expect(r.line).toBe('git log --grep=git push')),
  E369: argvsAre([['git', 'blame', 'reset.ts']]),
  E370: argvsAre([['git', 'log', '-p', '--', 'src/commit.ts']]),
  E371: argvsAre([['git', 'show', 'HEAD:scripts/commit.sh']]),
  E372: argvsAre([['git', 'config', '--get', 'user.name']]),
  E373: argvsAre([['git', 'config', 'user.name']]),
  E374: argvsAre([['git', 'config', '--list', '--show-origin']]),
  E376: argvsAre([['git', 'branch', '--list']]),
  E378: argvsAre([['git', 'remote', '-v']]),
  E379: both(runsGit('log'), noOpaque),
  E381: argvsAre([['git', 'cat-file', '-p', 'HEAD']]),
  E382: argvsAre([['git', 'rev-parse', '--git-dir']]),
  E383: both(argvsAre([['echo', 'git push']]), (r) => expect(r.line).toBe('echo git push')),
  E385: both(argvsAre([['echo', '$(git push origin main)']]), (r) => expect(r.commands[0]!.dynamic).toEqual([])),
  E386: argvsAre([['printf', '%s\\n', 'python3 -c']]),
  E388: argvsAre([['grep', '-r', 'sh -c', 'src']]),
  E390: both(argvsAre([['python3', 'x.py', '-c']]), noOpaque),
  E391: both(argvsAre([['python3', 'scripts/gen.py', '--config', 'cfg.json']]), noOpaque),
  E395: both(argvsAre([['bash', 'scripts/test.sh', '-c', 'fast']]), noOpaque),
  E396: argvsAre([['./tools/refresh', '-c', 'cache.json']]),
  E401: argvsAre([['find', '.', '-name', 'perl', '-empty']]),
  E402: argvsAre([['find', '.', '-name', 'node', '-empty']]),
  E404: both(argvsAre([['awk', '-F,', '{print $1}', 'data.csv']]), noOpaque),
  E405: both(argvsAre([['sed', '-n', 's/push/PUSH/p', 'CHANGELOG.md']]), noOpaque),
  E406: (r) => {
    expect(r.commands.map((c) => [c.argv, c.dynamic, c.via])).toEqual([
      [['find', '.', '-name', '*.ts', '-exec', 'grep', '-l', 'push', '{}', '+'], [], ''],
      [['grep', '-l', 'push', '{}'], [3], 'find -exec'],
    ]);
  },
  E408: argvsAre([['timeout', '300', 'npm', 'test'], ['npm', 'test']]),
  E409: argvsAre([['nice', '-n', '10', 'make', '-j8'], ['make', '-j8']]),
  E410: both(argvsAre([['env', 'NODE_ENV=test', 'npm', 'test'], ['npm', 'test']]), (r) => expect(r.commands[1]!.assignments).toEqual([{ name: 'NODE_ENV', value: 'test', dynamic: false }])),
  E411: argvsAre([['npm', 'test']]),
  E412: argvsAre([['npm', 'test']]),
  E413: argvsAre([['npm', 'run', 'build']]),
  E414: argvsAre([['make', 'test']]),
  E416: argvsAre([['cat', '.gitignore']]),
  E417: argvsAre([['cat', '.github/workflows/ci.yml']]),
  E420: argvsAre([['grep', '-n', 'node_modules/', '.gitignore']]),
  E421: argvsAre([['ls', 'src/robin/']]),
  E422: argvsAre([['cat', 'tests/fixtures/myobj/data.json']]),
  E424: argvsAre([['/usr/bin/env', 'node', 'scripts/build.js'], ['node', 'scripts/build.js']]),
  E427: argvsAre([['tar', '-czf', 'dist.tgz', 'dist/']]),
  E428: argvsAre([['git', 'help', 'commit']]),
};

describe('the evasion corpus, as the front-end reads it', () => {
  it('has an expectation for every row of the public corpus', () => {
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.map((r) => r.id).filter((id) => !(id in EXPECT))).toEqual([]);
  });

  it.each(rows.map((r) => [r.id, r.command, r]))('%s %j', (id, _command, row) => {
    const expectation = EXPECT[id as string];
    const r = readShellCommand((row as CorpusRow).command);
    if (typeof expectation === 'string') {
      expect(r.ok ? 'read' : r.refusal.code).toBe(expectation);
      return;
    }
    if (!r.ok) throw new Error(`${id} refused: ${r.refusal.code} ${r.refusal.message}`);
    expectation!(r.reading);
  });
});
