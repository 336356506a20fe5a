// Each word as bash reads it: quote removal, backslash escapes, $'…' fully decoded, $"…" as "…",
// backslash-newline deleted; dynamic words kept as their source text and marked.
import { describe, expect, it } from 'vitest';
import { argvs, command, read, ready, refused } from './helpers.js';

await ready;

const words = (source: string): string[] => [...read(source).commands[0]!.words];
const dynamicOf = (source: string): number[] => [...read(source).commands[0]!.dynamic];

describe('quote removal and escapes', () => {
  it.each([
    ['g"i"t pu\\sh', ['git', 'push']],
    ["'git' push", ['git', 'push']],
    ['"git" push origin main', ['git', 'push', 'origin', 'main']],
    ["git \"pu\"'sh'", ['git', 'push']],
    ['g\\it pu\\sh', ['git', 'push']],
    ['echo a\\ b', ['echo', 'a b']],
    ['echo "a  b"', ['echo', 'a  b']],
    ["echo 'a\"b'", ['echo', 'a"b']],
    ['echo "a\'b"', ['echo', "a'b"]],
    ['echo "a\\"b"', ['echo', 'a"b']],
    ['echo "a\\b"', ['echo', 'a\\b']],
    ['echo "a\\$b"', ['echo', 'a$b']],
    ['echo "a\\`b"', ['echo', 'a`b']],
    ['echo "a\\\\b"', ['echo', 'a\\b']],
    ["echo 'a\\b'", ['echo', 'a\\b']],
    ['echo ""', ['echo', '']],
    ["echo ''", ['echo', '']],
    ['echo a""b', ['echo', 'ab']],
    ['echo \\"', ['echo', '"']],
    ['echo a#b', ['echo', 'a#b']],
    ['echo \\#b', ['echo', '#b']],
    ['echo "$"', ['echo', '$']],
    ['echo $', ['echo', '$']],
    ['echo a$', ['echo', 'a$']],
    ['echo "$/"', ['echo', '$/']],
    ['echo \\$HOME', ['echo', '$HOME']],
  ])('%s reads %j', (source, expected) => {
    expect(words(source)).toEqual(expected);
    expect(dynamicOf(source)).toEqual([]);
  });
});

describe("$'…' is decoded as bash decodes it", () => {
  it.each([
    ["$'\\x67it' push", ['git', 'push']],
    ["$'\\147\\151\\164' push", ['git', 'push']],
    ["$'\\u0067it'", ['git']],
    ["$'\\U00000067it'", ['git']],
    ["echo $'a\\tb\\nc'", ['echo', 'a\tb\nc']],
    ["echo $'\\a\\b\\e\\E\\f\\v\\r'", ['echo', '\u0007\b\u001b\u001b\f\v\r']],
    ["echo $'\\'\\\"\\?\\\\'", ['echo', '\'"?\\']],
    ["echo $'\\q'", ['echo', '\\q']],
    ["echo $'\\x'", ['echo', '\\x']],
    ["echo $'\\xg'", ['echo', '\\xg']],
    ["echo $'\\xfff'", ['echo', '\u00fff'.replace('\u00ff', '\u00ff')]],
    ["echo $'\\cA\\c?'", ['echo', '\u0001\u007f']],
    ["echo $'\\c\\\\x'", ['echo', '\u001cx']],
    ["echo $'a\\c'", ['echo', 'a\\c']],
    ["echo $'a\\0b'c", ['echo', 'ac']],
    ["echo $'\\c@x'", ['echo', '']],
    ["echo $'\\u00e9'", ['echo', 'é']],
    ["echo $'\\U0001F600'", ['echo', '😀']],
    ["echo $'\\xc3\\xa9'", ['echo', 'é']],
    ["echo $'\\1012'", ['echo', 'A2']],
    ["echo $'a\\\nb'", ['echo', 'a\\\nb']],
    ["git $'a\\'' ; git push", ['git', "a'"]],
  ])('%s', (source, expected) => {
    if (source.includes('xfff')) expect(refused(source).code).toBe('unsupported-construct');
    else expect(words(source)).toEqual(expected);
  });

  it('refuses a backslash at the very end of the input, which tree-sitter cannot parse (bash keeps it)', () => {
    expect(refused('echo a\\').code).toBe('parse-error');
  });

  it('refuses a $\'…\' that decodes to bytes that are not UTF-8 text, or to a non-character', () => {
    expect(refused("echo $'\\xff'").code).toBe('unsupported-construct');
    expect(refused("echo $'\\ud800'").code).toBe('unsupported-construct');
    expect(refused("echo $'\\U00110000'").code).toBe('unsupported-construct');
  });

  it('is literal inside double quotes', () => {
    expect(words('echo "$\'a\'"')).toEqual(['echo', "$'a'"]);
  });
});

describe('$"…" reads as "…"', () => {
  it('alone, glued and with escapes', () => {
    expect(words('echo $"t"')).toEqual(['echo', 't']);
    expect(words('echo a$"u"v')).toEqual(['echo', 'auv']);
    expect(words('echo $"a\\"b"')).toEqual(['echo', 'a"b']);
  });
});

describe('backslash-newline', () => {
  it.each([
    ['gi\\\nt push', ['git', 'push']],
    ['git p\\\nush', ['git', 'push']],
    ['git \\\npush', ['git', 'push']],
    ['git push\\\n origin', ['git', 'push', 'origin']],
    ['echo "a\\\nb"', ['echo', 'ab']],
    ['ec\\\nho \\\n\\\nx', ['echo', 'x']],
    ["echo 'a\\\nb'", ['echo', 'a\\\nb']],
    ['echo a\\\\\nb', ['echo', 'a\\']],
  ])('%j reads %j', (source, expected) => {
    expect(words(source)).toEqual(expected);
  });

  it('joins operators and keywords as bash does', () => {
    expect(argvs('true &\\\n& git push')).toEqual([['true'], ['git', 'push']]);
    expect(argvs('if true; the\\\nn git push; fi')).toEqual([['true'], ['git', 'push']]);
    expect(argvs('echo $\\\n(git push)')).toEqual([['echo', '$(git push)'], ['git', 'push']]);
  });

  it('keeps a backslash-newline in a comment as the comment\'s end', () => {
    expect(argvs('echo a # x \\\ngit push')).toEqual([['echo', 'a'], ['git', 'push']]);
  });
});

describe('dynamic words keep their source text and are marked', () => {
  it.each([
    ['$G push', ['$G', 'push'], [0]],
    ['git${IFS}push', ['git${IFS}push'], [0]],
    ['git$IFS"push"', ['git$IFSpush'], [0]],
    ['"$SHELL" --version', ['$SHELL', '--version'], [0]],
    ['echo "$x/y"', ['echo', '$x/y'], [1]],
    ['echo $1 $@ $# $? $$ $! $- $0 $*', ['echo', '$1', '$@', '$#', '$?', '$$', '$!', '$-', '$0', '$*'], [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['echo ${x:-y}', ['echo', '${x:-y}'], [1]],
    ['echo $(true)', ['echo', '$(true)'], [1]],
    ['echo `true`', ['echo', '`true`'], [1]],
    ['echo $((1+2))', ['echo', '$((1+2))'], [1]],
    ['echo $[1+2]', ['echo', '$[1+2]'], [1]],
    ['echo *.ts', ['echo', '*.ts'], [1]],
    ['echo a?', ['echo', 'a?'], [1]],
    ['echo [ab]', ['echo', '[ab]'], [1]],
    ['echo {a,b}', ['echo', '{a,b}'], [1]],
    ['echo x{1..3}', ['echo', 'x{1..3}'], [1]],
    ['echo ~', ['echo', '~'], [1]],
    ['echo ~/x', ['echo', '~/x'], [1]],
    ['echo ~root', ['echo', '~root'], [1]],
    ['echo a=~/x', ['echo', 'a=~/x'], [1]],
    ['cat <(ls)', ['cat', '<(ls)'], [1]],
  ])('%s', (source, expectedWords, expectedDynamic) => {
    expect(words(source)).toEqual(expectedWords);
    expect(dynamicOf(source)).toEqual(expectedDynamic);
  });

  it.each([
    ['echo "*.ts"'],
    ["echo '{a,b}'"],
    ['echo \\*'],
    ['echo "~"'],
    ['echo x~'],
    ['echo {}'],
    ['echo {a}'],
    ['echo [ '],
    ['echo a]'],
    ['echo "$"'],
    ['echo \\$x'],
    ["echo '$(git push)'"],
  ])('%s is static', (source) => {
    expect(dynamicOf(source)).toEqual([]);
  });

  it('does not glob or brace-expand an assignment value, but expands ~ after = and :', () => {
    const c = command('A=*.ts B={a,b} C=~/x D=a:~/y E="~" ls', ['ls']);
    expect(c.assignments.map((a) => [a.name, a.value, a.dynamic])).toEqual([
      ['A', '*.ts', false],
      ['B', '{a,b}', false],
      ['C', '~/x', true],
      ['D', 'a:~/y', true],
      ['E', '~', false],
    ]);
  });

  it('reads `echo \'$(git push)\'` as one echo and nothing else', () => {
    const r = read("echo '$(git push)'");
    expect(r.commands.map((c) => c.argv)).toEqual([['echo', '$(git push)']]);
    expect(r.commands[0]!.dynamic).toEqual([]);
  });
});

describe('the line', () => {
  it.each([
    ['echo "git push"', 'echo git push'],
    ['git   status\t\t-s', 'git status -s'],
    ['git status # ; git push', 'git status'],
    ['git status #\ngit push', 'git status ; git push'],
    ['a && b || c | d & e', 'a && b || c | d & e'],
    ["bash -c 'git  push'", 'bash -c git push'],
    ["sh <<'EOF'\ngit push origin main\nEOF", 'sh << git push origin main'],
    ["bash <<< 'git push'", 'bash <<< git push'],
    ['echo "$(g"i"t push)"', 'echo $(git push)'],
    ['if a; then b; fi', 'if a ; then b ; fi'],
    ['x=1 y="a b" cmd >out 2>&1', 'x=1 y=a b cmd > out 2>& 1'],
  ])('%j reads %j', (source, line) => {
    expect(read(source).line).toBe(line);
  });
});
