// Every simple command is extracted, wherever it hides: lists, pipelines, compound commands, functions,
// substitutions of every kind and every place a substitution can sit.
import { describe, expect, it } from 'vitest';
import { argvs, command, expectNested, read, ready, refused } from './helpers.js';

await ready;

describe('lists, pipelines and compound commands', () => {
  it.each([
    ['git status; git push', [['git', 'status'], ['git', 'push']]],
    ['git status && git push', [['git', 'status'], ['git', 'push']]],
    ['false || git push', [['false'], ['git', 'push']]],
    ['git status | git push', [['git', 'status'], ['git', 'push']]],
    ['git status |& git push', [['git', 'status'], ['git', 'push']]],
    ['git status & git push', [['git', 'status'], ['git', 'push']]],
    ['git status\ngit push', [['git', 'status'], ['git', 'push']]],
    ['(git status; git push)', [['git', 'status'], ['git', 'push']]],
    ['{ git status; git push; }', [['git', 'status'], ['git', 'push']]],
    ['! git push', [['git', 'push']]],
    ['if a; then b; elif c; then d; else e; fi', [['a'], ['b'], ['c'], ['d'], ['e']]],
    ['while a; do b; done', [['a'], ['b']]],
    ['until a; do b; done', [['a'], ['b']]],
    ['for i in x y; do git push; done', [['git', 'push']]],
    ['for ((i=0; i<3; i++)); do git push; done', [['git', 'push']]],
    ['select x in a b; do git push; done', [['git', 'push']]],
    ['case x in a|b) git push;; *) git status;; esac', [['git', 'push'], ['git', 'status']]],
    ['case x in a) git push;& b) c;;& d) e;; esac', [['git', 'push'], ['c'], ['e']]],
    ['time git push', [['time', 'git', 'push'], ['git', 'push']]],
    ['coproc git push', [['coproc', 'git', 'push'], ['git', 'push']]],
  ])('%s', (source, expected) => {
    expect(argvs(source)).toEqual(expected);
  });

  it('gives every command after a pipe the pipe as its standard input', () => {
    const r = read('a | b | { c; d; }');
    expect(r.commands.map((c) => [c.argv[0], c.stdin])).toEqual([
      ['a', 'inherited'],
      ['b', 'pipe'],
      ['c', 'pipe'],
      ['d', 'pipe'],
    ]);
  });

  it('binds a redirection after a list or a pipeline to its last command, as bash does', () => {
    const r = read('a && b > out');
    expect(r.commands[0]!.redirects).toEqual([]);
    expect(r.commands[1]!.redirects.map((x) => x.target)).toEqual(['out']);
    const p = read('a | b 2>/dev/null');
    expect(p.commands[0]!.redirects).toEqual([]);
    expect(p.commands[1]!.redirects.map((x) => [x.fd, x.target])).toEqual([[2, '/dev/null']]);
  });

  it('gives a compound command\'s redirections to every command inside it', () => {
    const r = read('{ a; b; } > out; while read l; do c; done < in.txt');
    expect(r.commands.map((c) => [c.argv[0], c.redirects.map((x) => x.operator + x.target), c.stdin])).toEqual([
      ['a', ['>out'], 'inherited'],
      ['b', ['>out'], 'inherited'],
      ['read', ['<in.txt'], 'file'],
      ['c', ['<in.txt'], 'file'],
    ]);
  });
});

describe('functions and aliases', () => {
  it('reads function bodies as commands that run', () => {
    expectNested('function gp { git push origin main; }; gp', ['git', 'push', 'origin', 'main'], 'function gp');
    expectNested('gp() { git push; }', ['git', 'push'], 'function gp');
    expectNested('gp() ( git push )', ['git', 'push'], 'function gp');
    expectNested('function gp() { git push; } > log', ['git', 'push'], 'function gp');
    expect(command('gp() { git push; } > log', ['git', 'push']).redirects.map((r) => r.target)).toEqual(['log']);
  });

  it('reads an alias value as shell', () => {
    expectNested("alias gp='git push origin main'", ['git', 'push', 'origin', 'main'], 'alias gp');
    expectNested("shopt -s expand_aliases\nalias gp='git push'\ngp", ['git', 'push'], 'alias gp');
    expectNested('alias a=ls b="git push"', ['git', 'push'], 'alias b');
  });
});

describe('substitutions, wherever they sit', () => {
  it.each([
    ['echo $(git push)', '$(…)'],
    ['echo "$(git push)"', '$(…)'],
    ['echo `git push`', '`…`'],
    ['echo "`git push`"', '`…`'],
    ['cat <(git push)', '<(…)'],
    ['cat > >(git push)', '>(…)'],
    ['echo ${x:-$(git push)}', '$(…)'],
    ['echo "${x:-$(git push)}"', '$(…)'],
    ['echo ${x:=`git push`}', '`…`'],
    ['echo ${x[$(git push)]}', '$(…)'],
    ['echo ${#a[$(git push)]}', '$(…)'],
    ['echo ${x/$(git push)/y}', '$(…)'],
    ['echo $(( $(git push) + 1 ))', '$(…)'],
    ['echo $[ $(git push) + 1 ]', '$(…)'],
    ['(( $(git push) ))', '$(…)'],
    ['(( a[$(git push)] ))', '$(…)'],
    ['[[ -n $(git push) ]]', '$(…)'],
    ['[[ $x == $(git push) ]]', '$(…)'],
    ['[[ $x =~ $(git push) ]]', '$(…)'],
    ['[ -n "$(git push)" ]', '$(…)'],
    ['test -n "$(git push)"', '$(…)'],
    ['cat > "$(git push)"', '$(…)'],
    ['cat < $(git push)', '$(…)'],
    ['cat <<< "$(git push)"', '$(…)'],
    ['x=$(git push)', '$(…)'],
    ['x=$(git push) ls', '$(…)'],
    ['a[$(git push)]=1', '$(…)'],
    ['x=( $(git push) )', '$(…)'],
    ['export x=$(git push)', '$(…)'],
    ['local x="$(git push)"', '$(…)'],
    ['for x in $(git push); do :; done', '$(…)'],
    ['for ((i=$(git push); i<1; i++)); do :; done', '$(…)'],
    ['case $(git push) in *) :;; esac', '$(…)'],
    ['case x in $(git push)) :;; esac', '$(…)'],
    ['cat <<EOF\n$(git push)\nEOF', '$(…)'],
    ['cat <<EOF\n`git push`\nEOF', '`…`'],
    ['cat <<EOF\n${x:-$(git push)}\nEOF', '$(…)'],
    ['echo $(echo $(git push))', '$(…) > $(…)'],
    ['echo "$(echo "$(git push)")"', '$(…) > $(…)'],
  ])('%j runs git push nested in %s', (source, via) => {
    expectNested(source, ['git', 'push'], via);
  });

  it('reads nested escaped backquotes as bash does', () => {
    expectNested('echo `echo \\`git push\\``', ['git', 'push'], '`…` > `…`');
    expectNested('echo `echo \\`echo \\\\\\`git push\\\\\\`\\``', ['git', 'push'], '`…` > `…` > `…`');
    expectNested('echo "`echo \\"$(git push)\\"`"', ['git', 'push'], '`…` > $(…)');
  });

  it('does not run what quotes protect', () => {
    expect(argvs("echo '$(git push)'")).toEqual([['echo', '$(git push)']]);
    expect(argvs('echo \\$\\(git push\\)')).toEqual([['echo', '$(git', 'push)']]);
    expect(argvs("echo ${x:-'$(git push)'}")).toEqual([['echo', "${x:-'$(git push)'}"]]);
    expect(argvs("cat <<'EOF'\n$(git push)\nEOF")).toEqual([['cat']]);
    expect(argvs('cat <<\\EOF\n`git push`\nEOF')).toEqual([['cat']]);
    expect(argvs('echo "\\$(git push)"')).toEqual([['echo', '$(git push)']]);
  });

  it('refuses a substitution bash runs but the parser does not see (single quotes in a double-quoted ${…})', () => {
    expect(refused("echo \"${x:-'$(git push)'}\"").code).toBe('unsupported-construct');
  });

  it('lists the outer command before the commands nested in it', () => {
    expect(argvs('echo $(a) $(b)')).toEqual([['echo', '$(a)', '$(b)'], ['a'], ['b']]);
  });

  it('reads $(< file) as a read of the file, not a command', () => {
    expect(argvs('echo "$(<.git/config)"')).toEqual([['echo', '$(<.git/config)']]);
  });
});

describe('[[ ]], (( )) and [ ] show as commands of their own', () => {
  it('[[ … ]] with its operands', () => {
    const c = read('[[ -f x && $y == a* ]]').commands[0]!;
    expect(c.argv).toEqual(['[[', '-f', 'x', '&&', '$y', '==', 'a*', ']]']);
    expect(c.dynamic).toEqual([4]);
  });

  it('(( … )) with its expression', () => {
    expect(read('(( i++ ))').commands[0]!.argv).toEqual(['((', 'i++', '))']);
  });

  it('[ … ] is the [ builtin with ordinary words', () => {
    expect(read('[ -f "a b" ]').commands[0]!.argv).toEqual(['[', '-f', 'a b', ']']);
  });

  it('a quoted subscript with a substitution is an opaque run: bash evaluates it', () => {
    const c = read("[[ -v 'a[$(git push)]' ]]").commands[0]!;
    expect(c.opaque).toEqual([{ via: 'arithmetic subscript', text: 'a[$(git push)]' }]);
    expect(read("x='a[$(git push)]'").commands[0]!.opaque).toEqual([{ via: 'arithmetic subscript', text: 'a[$(git push)]' }]);
    expect(read("let 'a[$(git push)]=1'").commands[0]!.opaque[0]!.via).toBe('arithmetic subscript');
  });
});

describe('assignments, declarations and redirections', () => {
  it('keeps the assignments with the command they prefix', () => {
    const r = read('cd x && GIT_DIR=.git git push');
    expect(r.commands.map((c) => c.argv)).toEqual([['cd', 'x'], ['git', 'push']]);
    expect(r.commands[1]!.assignments).toEqual([{ name: 'GIT_DIR', value: '.git', dynamic: false }]);
    expect(r.commands[0]!.assignments).toEqual([]);
  });

  it('reads an assignment alone as a command with no words', () => {
    const c = read('A=1 B="x y"').commands[0]!;
    expect(c.argv).toEqual([]);
    expect(c.assignments.map((a) => [a.name, a.value])).toEqual([['A', '1'], ['B', 'x y']]);
  });

  it('reads export, declare and unset as commands', () => {
    expect(argvs('export A=1 B; declare -x C="d e"; unset A')).toEqual([['export', 'A=1', 'B'], ['declare', '-x', 'C=d e'], ['unset', 'A']]);
  });

  it('keeps redirections with normalised targets and says which write', () => {
    const c = read('cmd >./a//b 2>>log <in &>all &>>both >|clobber 1>&2 2>&- <&3 >&file').commands[0]!;
    expect(c.redirects.map((r) => [r.fd, r.operator, r.target, r.writes])).toEqual([
      [null, '>', 'a/b', true],
      [2, '>>', 'log', true],
      [null, '<', 'in', false],
      [null, '&>', 'all', true],
      [null, '&>>', 'both', true],
      [null, '>|', 'clobber', true],
      [1, '>&', '2', false],
      [2, '>&-', '', false],
      [null, '<&', '3', false],
      [null, '>&', 'file', true],
    ]);
  });

  it('refuses <> (read-write), which tree-sitter-bash does not parse', () => {
    expect(refused('cmd 3<>rw').code).toBe('parse-error');
  });

  it('reads the words bash gives the command after a redirection', () => {
    expect(read('echo a >f b c').commands[0]!.argv).toEqual(['echo', 'a', 'b', 'c']);
    const t = read('timeout 5 >/dev/null git push');
    expect(t.commands.map((c) => c.argv)).toEqual([['timeout', '5', 'git', 'push'], ['git', 'push']]);
    expect(read('>f echo x').commands[0]!.argv).toEqual(['echo', 'x']);
  });

  it('says where standard input comes from', () => {
    expect(read('cat < f').commands[0]!.stdin).toBe('file');
    expect(read('cat < <(ls)').commands[0]!.stdin).toBe('process-substitution');
    expect(read('cat <<< x').commands[0]!.stdin).toBe('herestring');
    expect(read('cat <<E\nx\nE').commands[0]!.stdin).toBe('heredoc');
    expect(read('ls | cat').commands[1]!.stdin).toBe('pipe');
    expect(read('cat').commands[0]!.stdin).toBe('inherited');
  });
});

describe('comments', () => {
  it('drops them and what they hide', () => {
    expect(argvs('git status # ; git push')).toEqual([['git', 'status']]);
    expect(argvs('# git push\ngit status')).toEqual([['git', 'status']]);
    expect(argvs('echo a#b # c')).toEqual([['echo', 'a#b']]);
    expect(argvs('git status #\ngit push')).toEqual([['git', 'status'], ['git', 'push']]);
  });
});

describe("names that are Object.prototype's members read like any other name", () => {
  const names = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];

  it.each(names)('%s as a variable: `%s=1 ls` and `export %s=1`', (name) => {
    expect(command(`${name}=1 ls`, ['ls']).assignments).toEqual([{ name, value: '1', dynamic: false }]);
    expect(argvs(`export ${name}=1`)).toEqual([['export', `${name}=1`]]);
  });

  it.each(names)('%s as a git verb', (name) => {
    expect(argvs(`git ${name}`)).toEqual([['git', name]]);
  });

  it('still reads a code-loading variable and a git verb that runs a program', () => {
    expect(read('LD_PRELOAD=/x.so ls').commands[0]!.opaque.length).toBeGreaterThan(0);
    expectNested('git rebase --exec "git push" main', ['git', 'push'], /git rebase/);
  });
});
