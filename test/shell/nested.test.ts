// Strings that will run as shell are read as shell, recursively: eval, sh -c with any option group,
// here-strings and here-documents fed to a shell, source of standard input, trap, environment values that
// programs run. What cannot be read (dynamic text, another language, a string that does not parse) is an
// opaque run of its command.
import { describe, expect, it } from 'vitest';
import { argvs, command, expectNested, opaques, read, ready, refused } from './helpers.js';

await ready;

describe('eval', () => {
  it('joins its arguments with spaces, like bash', () => {
    expectNested('eval "git push"', ['git', 'push'], 'eval');
    expectNested('eval git push', ['git', 'push'], 'eval');
    expectNested("eval 'git' 'push origin'", ['git', 'push', 'origin'], 'eval');
    expectNested('eval -- "git push"', ['git', 'push'], 'eval');
    expectNested('eval "eval \\"git push\\""', ['git', 'push'], 'eval > eval');
  });

  it('is opaque when its text is expanded at run time', () => {
    expect(opaques('eval "$(echo Z2l0 | base64 -d)"')).toEqual([{ via: 'eval', text: '$(echo Z2l0 | base64 -d)' }]);
    expect(opaques('eval $CMD')).toEqual([{ via: 'eval', text: '$CMD' }]);
  });

  it('is opaque when its text does not parse', () => {
    expect(opaques('eval "git push (("')).toEqual([{ via: 'eval', text: 'git push ((' }]);
  });

  it('reads strings nested to the bound and refuses deeper ones', () => {
    // each eval reads the rest of the line again as a string: n evals are n nested reads
    expectNested(`${'eval '.repeat(15)}git push`, ['git', 'push'], Array(15).fill('eval').join(' > '));
    expect(refused(`${'eval '.repeat(20)}git push`).code).toBe('too-deep');
  });
});

describe('shells with -c', () => {
  it.each([
    ["bash -c 'git push'", 'bash -c'],
    ["bash -xc 'git push'", 'bash -c'],
    ['bash -lc "cd x && git push"', 'bash -c'],
    ["bash -o pipefail -c 'git push'", 'bash -c'],
    ["bash -euxo pipefail -c 'git push'", 'bash -c'],
    ["bash --norc --noprofile -c 'git push'", 'bash -c'],
    ["bash -c -x 'git push'", 'bash -c'],
    ["sh -c 'git push' name arg", 'sh -c'],
    ["dash -c 'git push'", 'dash -c'],
    ["zsh -c 'git push'", 'zsh -c'],
    ["ksh -c 'git push'", 'ksh -c'],
    ["/bin/bash -c 'git push'", 'bash -c'],
    ["env bash -c 'git push'", 'env > bash -c'],
    ["bash -c \"bash -c 'git push'\"", 'bash -c > bash -c'],
  ])('%s runs git push', (source, via) => {
    expectNested(source, ['git', 'push'], via);
  });

  it('reads cd x && git push inside bash -lc as two commands', () => {
    expect(argvs('bash -lc "cd x && git push"').slice(1)).toEqual([['cd', 'x'], ['git', 'push']]);
  });

  it('is opaque for shells of other languages and for dynamic strings', () => {
    expect(opaques('fish -c "ls"')).toEqual([{ via: 'fish -c', text: 'ls' }]);
    expect(opaques('pwsh -c "Get-ChildItem"')).toEqual([{ via: 'pwsh -c', text: 'Get-ChildItem' }]);
    expect(opaques('csh -c "ls"')).toEqual([{ via: 'csh -c', text: 'ls' }]);
    expect(opaques('bash -c "$CMD"')).toEqual([{ via: 'bash -c', text: '$CMD' }]);
    expect(opaques("bash -c 'git push ))'")).toEqual([{ via: 'bash -c', text: 'git push ))' }]);
  });

  it('does not read a script file as a string', () => {
    expect(argvs('bash scripts/test.sh -c fast')).toEqual([['bash', 'scripts/test.sh', '-c', 'fast']]);
  });
});

describe('programs on standard input', () => {
  it('reads a here-string or here-document fed to a shell', () => {
    expectNested("bash <<< 'git push origin main'", ['git', 'push', 'origin', 'main'], 'bash <<<');
    expectNested("sh <<'EOF'\ngit push origin main\nEOF", ['git', 'push', 'origin', 'main'], 'sh <<');
    expectNested('bash -s <<EOF\ngit push\nEOF', ['git', 'push'], 'bash <<');
    expectNested('bash - <<EOF\ngit push\nEOF', ['git', 'push'], 'bash <<');
    expectNested('bash /dev/stdin <<< "git push"', ['git', 'push'], 'bash <<<');
  });

  it('reads source of standard input fed a here-string', () => {
    expectNested("source /dev/stdin <<< 'git push origin main'", ['git', 'push', 'origin', 'main'], 'source /dev/stdin');
    expectNested(". /dev/stdin <<EOF\ngit push\nEOF", ['git', 'push'], '. /dev/stdin');
  });

  it('is opaque when the program comes from a pipe, a file or a process substitution', () => {
    expect(opaques('echo x | base64 -d | sh')).toEqual([{ via: 'sh stdin', text: '(program on standard input: pipe)' }]);
    expect(opaques('bash < script.sh')).toEqual([{ via: 'bash stdin', text: '(program on standard input: file)' }]);
    expect(opaques('. <(echo git push)')).toEqual([{ via: '. <(…)', text: '<(echo git push)' }]);
    expect(opaques('source <(curl -s x)')).toEqual([{ via: 'source <(…)', text: '<(curl -s x)' }]);
    expect(opaques("echo 'system(1)' | perl")).toEqual([{ via: 'perl stdin', text: '(program on standard input: pipe)' }]);
  });

  it('is opaque for an interpreter reading a here-string or here-document', () => {
    expect(opaques('python3 <<< "import os"')).toEqual([{ via: 'python3 <<<', text: 'import os\n' }]);
    expect(opaques("node - <<'JS'\nrequire('x')\nJS")).toEqual([{ via: 'node <<', text: "require('x')\n" }]);
    expect(opaques("python3 - <<'PY'\nprint(1)\nPY")).toEqual([{ via: 'python3 <<', text: 'print(1)\n' }]);
  });

  it('is nothing special for a shell or interpreter given a script', () => {
    expect(opaques('bash t.sh < input.txt')).toEqual([]);
    expect(opaques('python3 x.py <<< data')).toEqual([]);
  });
});

describe('inline code of interpreters is opaque', () => {
  it.each([
    ['python3 -c "print(1)"', 'python3 -c', 'print(1)'],
    ['python -c "print(1)"', 'python -c', 'print(1)'],
    ['python3.12 -c "print(1)"', 'python3.12 -c', 'print(1)'],
    ['python3 -Ic"print(1)"', 'python3 -c', 'print(1)'],
    ['ipython -c "1"', 'ipython -c', '1'],
    ['python3 -m timeit "x"', 'python3 -m timeit', 'x'],
    ['node -e "1"', 'node -e', '1'],
    ['node --eval=1', 'node --eval', '1'],
    ['node -p "process.pid"', 'node -p', 'process.pid'],
    ['node -pe "1"', 'node -e', '1'],
    ['nodejs -e "1"', 'nodejs -e', '1'],
    ['bun -e "1"', 'bun -e', '1'],
    ['tsx -e "1"', 'tsx -e', '1'],
    ['ts-node -e "1"', 'ts-node -e', '1'],
    ['deno eval "1"', 'deno eval', '1'],
    ['perl -e "print 1"', 'perl -e', 'print 1'],
    ['perl -wle "print 1"', 'perl -e', 'print 1'],
    ['perl -E "say 1"', 'perl -E', 'say 1'],
    ['ruby -e "p 1"', 'ruby -e', 'p 1'],
    ['php -r "echo 1;"', 'php -r', 'echo 1;'],
    ['lua -e "x"', 'lua -e', 'x'],
    ['osascript -e "x"', 'osascript -e', 'x'],
    ['Rscript -e "x"', 'Rscript -e', 'x'],
    ['R -e "system(1)"', 'R -e', 'system(1)'],
    ['julia -e "x"', 'julia -e', 'x'],
  ])('%s', (source, via, text) => {
    expect(opaques(source)).toEqual([{ via, text }]);
  });

  it('is nothing for a script and its own -c', () => {
    expect(opaques('python3 x.py -c')).toEqual([]);
    expect(read('python3 x.py -c').commands[0]!.argv).toEqual(['python3', 'x.py', '-c']);
    expect(opaques('node build.js -e x')).toEqual([]);
  });
});

describe('trap, callbacks and other builtins that run strings', () => {
  it('reads a trap action', () => {
    expectNested("trap 'git push' EXIT", ['git', 'push'], 'trap');
    expectNested("trap -- 'git push' INT TERM", ['git', 'push'], 'trap');
    expect(argvs('trap - EXIT')).toEqual([['trap', '-', 'EXIT']]);
  });

  it('reads mapfile -C and compgen -C callbacks', () => {
    expectNested("mapfile -C 'git push' -c 1 arr", ['git', 'push'], 'mapfile -C');
    expectNested("compgen -C 'git push' x", ['git', 'push'], 'compgen -C');
  });

  it('makes hash -p, enable -f, fc and bind -x opaque', () => {
    expect(opaques('hash -p /bin/sh ls')).toEqual([{ via: 'hash -p', text: '/bin/sh ls' }]);
    expect(opaques('enable -f ./x.so x')[0]!.via).toBe('enable -f');
    expect(opaques('fc -s')[0]!.via).toBe('fc');
    expect(opaques('bind -x \'"\\C-x": ls\'')[0]!.via).toBe('bind -x');
  });
});

describe('environment values that programs run', () => {
  it.each([
    ["GIT_SSH_COMMAND='sh -c \"git push\"' git ls-remote x", 'GIT_SSH_COMMAND > sh -c'],
    ["GIT_EXTERNAL_DIFF='git push' git diff", 'GIT_EXTERNAL_DIFF'],
    ["PAGER='git push' git -p help", 'PAGER'],
    ["GIT_PAGER='git push' git log", 'GIT_PAGER'],
    ["EDITOR='git push' git commit", 'EDITOR'],
    ["VISUAL='git push' crontab -e", 'VISUAL'],
    ["GIT_EDITOR='git push' git commit", 'GIT_EDITOR'],
    ["GIT_SEQUENCE_EDITOR='git push' git rebase -i", 'GIT_SEQUENCE_EDITOR'],
    ["GIT_ASKPASS='git push' git fetch", 'GIT_ASKPASS'],
    ["SSH_ASKPASS='git push' ssh x", 'SSH_ASKPASS'],
    ["MANPAGER='git push' man ls", 'MANPAGER'],
    ["BROWSER='git push' x", 'BROWSER'],
    ["GIT_PROXY_COMMAND='git push' git fetch", 'GIT_PROXY_COMMAND'],
    ["PROMPT_COMMAND='git push' bash -i", 'PROMPT_COMMAND'],
    ["export GIT_SSH_COMMAND='git push'", 'export GIT_SSH_COMMAND'],
    ["declare -x PAGER='git push'", 'declare PAGER'],
    ["env GIT_SSH_COMMAND='git push' git fetch", 'env > GIT_SSH_COMMAND'],
    ["GIT_SSH_COMMAND='git push'", 'GIT_SSH_COMMAND'],
  ])('%s', (source, via) => {
    expectNested(source, ['git', 'push'], via);
  });

  it("reads LESSOPEN's command after its bars", () => {
    expectNested("LESSOPEN='|git push %s' less x", ['git', 'push', '%s'], 'LESSOPEN');
    expectNested("LESSOPEN='||git push %s' less x", ['git', 'push', '%s'], 'LESSOPEN');
  });

  it('reads GIT_CONFIG_PARAMETERS like git -c', () => {
    expectNested("GIT_CONFIG_PARAMETERS=\"'core.pager=git push'\" git log", ['git', 'push'], 'GIT_CONFIG_PARAMETERS core.pager');
    expect(opaques("GIT_CONFIG_PARAMETERS=\"'alias.p=push'\" git p")).toEqual([{ via: 'GIT_CONFIG_PARAMETERS alias.p', text: 'git push' }]);
  });

  it('makes a prompt with a substitution, and a chosen git configuration file, opaque', () => {
    expect(opaques("PS4='$(git push)' bash -xc ls")).toEqual([{ via: 'PS4', text: '$(git push)' }]);
    expect(opaques('GIT_CONFIG_GLOBAL=./evil git status')).toEqual([{ via: 'GIT_CONFIG_GLOBAL', text: './evil' }]);
  });

  it('leaves other assignments alone', () => {
    expect(opaques('BASH_ENV=./tools/init.sh bash scripts/test.sh')).toEqual([]);
    expect(opaques('NODE_ENV=test FOO=1 npm test')).toEqual([]);
    expect(command("GIT_DIR=.git git push", ['git', 'push']).assignments).toEqual([{ name: 'GIT_DIR', value: '.git', dynamic: false }]);
  });
});
