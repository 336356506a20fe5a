// `argv`: option groups split by each command's own grammar; a glued value stays one word; option parsing
// stops where the command's own grammar stops it; paths read lexically, a command name keeping its path-ness.
import { describe, expect, it } from 'vitest';
import { normaliseCommandName, normalisePath } from '../../src/shell/index.js';
import { read, ready } from './helpers.js';

await ready;

const argv = (source: string): string[] => [...read(source).commands[0]!.argv];

describe('option groups split by each command\'s grammar', () => {
  it.each([
    // shells
    ['bash -xc ls', ['bash', '-x', '-c', 'ls']],
    ['bash -lc ls', ['bash', '-l', '-c', 'ls']],
    ['bash -euxo pipefail -c ls', ['bash', '-e', '-u', '-x', '-o', 'pipefail', '-c', 'ls']],
    ['bash -o pipefail -c ls', ['bash', '-o', 'pipefail', '-c', 'ls']],
    ['bash +x -c ls', ['bash', '+x', '-c', 'ls']],
    ['sh -ec ls', ['sh', '-e', '-c', 'ls']],
    ['zsh -fc ls', ['zsh', '-f', '-c', 'ls']],
    ['bash --rcfile x -ic ls', ['bash', '--rcfile', 'x', '-i', '-c', 'ls']],
    ['bash -x script.sh -xc', ['bash', '-x', 'script.sh', '-xc']],
    ['fish -c ls', ['fish', '-c', 'ls']],
    ['fish --command=ls', ['fish', '--command', 'ls']],
    // python
    ['python3 -Ic"print(1)"', ['python3', '-I', '-c', 'print(1)']],
    ['python3 -uc "print(1)"', ['python3', '-u', '-c', 'print(1)']],
    ['python3 -c"print(1)"', ['python3', '-c', 'print(1)']],
    ['python3 -Wignore -c x', ['python3', '-W', 'ignore', '-c', 'x']],
    ['python3 -X dev -m pytest -c pytest.ini', ['python3', '-X', 'dev', '-m', 'pytest', '-c', 'pytest.ini']],
    ['python3 -mpytest -x', ['python3', '-m', 'pytest', '-x']],
    ['python3 x.py -c', ['python3', 'x.py', '-c']],
    ['python3 -u x.py -Ic', ['python3', '-u', 'x.py', '-Ic']],
    ['python3.12 -Bc x', ['python3.12', '-B', '-c', 'x']],
    ['python -c x -v', ['python', '-c', 'x', '-v']],
    ['ipython -ic x', ['ipython', '-i', '-c', 'x']],
    // node family
    ['node -pe 1', ['node', '-p', '-e', '1']],
    ['node -e"1"', ['node', '-e', '1']],
    ['node --eval=1', ['node', '--eval', '1']],
    ['node --eval 1', ['node', '--eval', '1']],
    ['node -r dotenv/config x.js -e', ['node', '-r', 'dotenv/config', 'x.js', '-e']],
    ['node --require ./a.js x.js', ['node', '--require', './a.js', 'x.js']],
    ['node --no-warnings -e 1', ['node', '--no-warnings', '-e', '1']],
    ['nodejs -e 1', ['nodejs', '-e', '1']],
    ['bun -e 1', ['bun', '-e', '1']],
    ['tsx -e 1', ['tsx', '-e', '1']],
    ['ts-node --eval=1', ['ts-node', '--eval', '1']],
    // perl
    ['perl -wle "print 1"', ['perl', '-w', '-l', '-e', 'print 1']],
    ['perl -Mstrict -e 1', ['perl', '-Mstrict', '-e', '1']],
    ['perl -MData::Dumper -le 1', ['perl', '-MData::Dumper', '-l', '-e', '1']],
    ['perl -l012 -ne 1', ['perl', '-l012', '-n', '-e', '1']],
    ['perl -0777 -pe 1', ['perl', '-0777', '-p', '-e', '1']],
    ['perl -i.bak -pe 1 f', ['perl', '-i.bak', '-p', '-e', '1', 'f']],
    ['perl -Ilib -e 1', ['perl', '-Ilib', '-e', '1']],
    ['perl -I lib -e 1', ['perl', '-I', 'lib', '-e', '1']],
    ['perl -E"say 1"', ['perl', '-E', 'say 1']],
    ['perl x.pl -e', ['perl', 'x.pl', '-e']],
    // ruby, php
    ['ruby -we "p 1"', ['ruby', '-w', '-e', 'p 1']],
    ['ruby -rjson -e 1', ['ruby', '-rjson', '-e', '1']],
    ['php -d display_errors=1 -r "echo 1;"', ['php', '-d', 'display_errors=1', '-r', 'echo 1;']],
    ['php -ddisplay_errors=1 -r1', ['php', '-ddisplay_errors=1', '-r', '1']],
    ['php x.php -r', ['php', 'x.php', '-r']],
    // deno
    ['deno run -Aq x.ts', ['deno', 'run', '-A', '-q', 'x.ts']],
    // git keeps its global options whole
    ['git -C . -c a.b=c --no-pager log -1', ['git', '-C', '.', '-c', 'a.b=c', '--no-pager', 'log', '-1']],
    ['git commit -am wip', ['git', 'commit', '-am', 'wip']],
    // commands without a grammar keep their words
    ['ls -la', ['ls', '-la']],
    ['ssh -c aes128-ctr host', ['ssh', '-c', 'aes128-ctr', 'host']],
  ])('%s reads %j', (source, expected) => {
    expect(argv(source)).toEqual(expected);
  });

  it('keeps dynamic indexes on the split argv', () => {
    const c = read('python3 -Ic "$CODE" "$X"').commands[0]!;
    expect(c.argv).toEqual(['python3', '-I', '-c', '$CODE', '$X']);
    expect(c.dynamic).toEqual([3, 4]);
    expect(c.words).toEqual(['python3', '-Ic', '$CODE', '$X']);
  });

  it('never splits the words a runner executes', () => {
    expect(read('bash -xc ls').commands[0]!.words).toEqual(['bash', '-xc', 'ls']);
  });
});

describe('paths read lexically', () => {
  it.each([
    ['./a', 'a'],
    ['a//b', 'a/b'],
    ['a/./b', 'a/b'],
    ['a/../b', 'b'],
    ['a/b/../../c', 'c'],
    ['../workspace/x', 'x'],
    ['../workspace/tests/x', 'tests/x'],
    ['../../workspace/x', 'x'],
    ['/workspace/x', 'x'],
    ['/workspace', '.'],
    ['/workspace/', './'],
    ['../workspace', '.'],
    ['/usr/bin/../bin/git', '/usr/bin/git'],
    ['//usr//bin/', '/usr/bin/'],
    ['/..', '/'],
    ['../x', '../x'],
    ['../a/../b', '../b'],
    ['a/../../x', '../x'],
    ['obj/', 'obj/'],
    ['./node_modules//left-pad/index.js', 'node_modules/left-pad/index.js'],
    ['.', '.'],
    ['./', './'],
    ['..', '..'],
    ['https://x//y', 'https://x//y'],
    ['HEAD:scripts/../x', 'HEAD:scripts/../x'],
    ['-o/a//b', '-o/a//b'],
    ['s/./x/', 's/x/'],
  ])('%s reads %s', (word, expected) => {
    expect(normalisePath(word)).toBe(expected);
  });

  it('applies to arguments and redirection targets, not to options, patterns or dynamic words', () => {
    expect(argv('cat ./a//b ../workspace/c')).toEqual(['cat', 'a/b', 'c']);
    expect(argv('grep -r "a/./b" ./src')).toEqual(['grep', '-r', 'a/./b', 'src']);
    expect(argv("sed 's/./x/' ./f")).toEqual(['sed', 's/./x/', 'f']);
    expect(argv('cat "$D"//x')).toEqual(['cat', '$D//x']);
    expect(read('cat > ./out//x').commands[0]!.redirects[0]!.target).toBe('out/x');
  });

  it('keeps a command name\'s path-ness', () => {
    expect(normaliseCommandName('./ls')).toBe('./ls');
    expect(normaliseCommandName('tools/../ls')).toBe('./ls');
    expect(normaliseCommandName('/usr/bin/../bin/git')).toBe('/usr/bin/git');
    expect(normaliseCommandName('/workspace/bin/x')).toBe('bin/x');
    expect(normaliseCommandName('./bin//x')).toBe('./bin/x');
    expect(normaliseCommandName('bin/./x')).toBe('bin/x');
    expect(normaliseCommandName('ls')).toBe('ls');
    expect(argv('./ls -la')).toEqual(['./ls', '-la']);
    expect(argv('./tools//refresh -c x')).toEqual(['./tools/refresh', '-c', 'x']);
    expect(argv('/usr/bin/../bin/git push')).toEqual(['/usr/bin/git', 'push']);
  });
});
