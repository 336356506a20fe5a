// tree-sitter-bash's known gaps, each with the guard that makes the reader agree with bash or refuse:
// backslash-newline, nested escaped backquotes, here-document edge cases, words it drops or splits, a
// redirection it binds to a whole list, substitutions it does not see, and constructs it cannot parse.
import { describe, expect, it } from 'vitest';
import { readShellCommand } from '../../src/shell/index.js';
import { argvs, command, expectNested, read, ready, refused } from './helpers.js';

await ready;

describe('backslash-newline inside a word', () => {
  it('joins the word before tree-sitter splits it', () => {
    expect(argvs('gi\\\nt push')).toEqual([['git', 'push']]);
    expect(argvs('git p\\\nush')).toEqual([['git', 'push']]);
    expect(argvs('g\\\ni\\\nt \\\np\\\nush')).toEqual([['git', 'push']]);
    expect(argvs('"gi"\\\nt push')).toEqual([['git', 'push']]);
  });

  it('is literal where bash keeps it', () => {
    expect(argvs("echo 'a\\\nb'")).toEqual([['echo', 'a\\\nb']]);
    expect(argvs("echo $'a\\\nb'")).toEqual([['echo', 'a\\\nb']]);
    expect(argvs("cat <<'E'\na\\\nE\nE")[0]).toEqual(['cat']);
    expect(read("cat <<'E'\na\\\nE\nE").commands[0]!.redirects[0]!.target).toBe('a\\\n');
  });

  it('is not a continuation when its backslash is escaped', () => {
    expect(argvs('echo a\\\\\ngit push')).toEqual([['echo', 'a\\'], ['git', 'push']]);
  });
});

describe('nested escaped backquotes', () => {
  it('reads each level after bash\'s backslash rules', () => {
    expectNested('echo `echo \\`git push\\``', ['git', 'push'], '`…` > `…`');
    expect(command('echo `echo \\`git push\\``', ['echo', '`git push`']).via).toBe('`…`');
  });

  it('ends a backquote at the first unescaped backquote, quotes or not', () => {
    expect(refused("echo `echo '`'`").code).toBe('parse-error');
  });

  it('unescapes \\" inside a backquote in double quotes', () => {
    expectNested('echo "`echo \\"git push\\"`"', ['echo', 'git push'], '`…`');
  });
});

describe('here-documents', () => {
  it('reads a quoted delimiter as literal text and an unquoted one with its expansions', () => {
    expect(read("cat <<'EOF'\n$x `y` \\$z\nEOF").commands[0]!.redirects[0]).toMatchObject({ target: '$x `y` \\$z\n', dynamic: false });
    expect(read('cat <<"EOF"\n$x\nEOF').commands[0]!.redirects[0]).toMatchObject({ target: '$x\n', dynamic: false });
    expect(read('cat <<\\EOF\n$x\nEOF').commands[0]!.redirects[0]).toMatchObject({ target: '$x\n', dynamic: false });
    expect(read('cat <<EOF\na\\$b \\x "q"\nEOF').commands[0]!.redirects[0]).toMatchObject({ target: 'a$b \\x "q"\n', dynamic: false });
    expect(read('cat <<EOF\n$x\nEOF').commands[0]!.redirects[0]).toMatchObject({ target: '$x\n', dynamic: true });
  });

  it('strips leading tabs with <<-', () => {
    expect(read('cat <<-EOF\n\t\ta\n\tb\n\t\tEOF').commands[0]!.redirects[0]!.target).toBe('a\nb\n');
    expectNested("sh <<-'EOF'\n\tgit push\n\tEOF", ['git', 'push'], 'sh <<');
  });

  it('joins a body line ending in a backslash when the delimiter is unquoted, as bash does', () => {
    // bash reads `EO\` + `F` as one line `EOF`: the body ends there, and `git push` after it is a command
    const source = 'cat <<EOF\nx\nEO\\\nF\ngit push\nEOF';
    const r = readShellCommand(source);
    if (r.ok) expect(r.reading.commands.map((c) => c.argv)).toContainEqual(['git', 'push']);
    else expect(r.refusal.code).toBe('parse-error');
    // a body line joined to the delimiter line does not end the body in bash; tree-sitter ends it there
    expect(refused('cat <<EOF\nx\\\nEOF\ngit push\nEOF').code).toBe('parse-error');
    // quoted, there is no joining, and both end the body at the first EOF
    expect(read("cat <<'EOF'\nx\\\nEOF").commands[0]!.redirects[0]!.target).toBe('x\\\n');
  });

  it('refuses a here-document whose delimiter is missing', () => {
    expect(refused('cat <<EOF\nno end').code).toBe('parse-error');
    expect(refused("bash <<'EOF'\ngit push").code).toBe('parse-error');
  });

  it('refuses several here-documents on one line (tree-sitter cannot parse them)', () => {
    expect(refused('cat <<A <<B\na\nA\nb\nB').code).toBe('parse-error');
  });

  it('reads the rest of the line after the delimiter word', () => {
    expect(argvs("cat <<'EOF' | grep x && echo y\nbody\nEOF")).toEqual([['cat'], ['grep', 'x'], ['echo', 'y']]);
    expect(read("cat <<'EOF' | grep x\nbody\nEOF").commands[1]!.stdin).toBe('pipe');
    expect(argvs('cat <<EOF && git push\nx\nEOF')).toEqual([['cat'], ['git', 'push']]);
    expect(argvs('cat <<EOF arg1 arg2\nx\nEOF')).toEqual([['cat', 'arg1', 'arg2']]);
    expect(read('python3 - <<EOF > out.txt\nprint(1)\nEOF').commands[0]!.redirects.map((r) => r.operator)).toEqual(['<<', '>']);
  });
});

describe('words tree-sitter drops or splits', () => {
  it('keeps the `-` tree-sitter drops before a here-document', () => {
    expect(argvs("node - <<'JS'\n1\nJS")).toEqual([['node', '-']]);
    expect(argvs("python3 - <<'PY'\n1\nPY")).toEqual([['python3', '-']]);
  });

  it('reads $"…" as one word where tree-sitter makes two', () => {
    expect(argvs('echo $"t"')).toEqual([['echo', 't']]);
  });

  it('reads the words tree-sitter hangs on a redirection as the command\'s', () => {
    expect(argvs('echo x >f y z')).toEqual([['echo', 'x', 'y', 'z']]);
    expect(argvs('echo x 2>f y')).toEqual([['echo', 'x', 'y']]);
  });

  it('refuses text between words that is neither blank nor a plain word', () => {
    // such text cannot occur in a tree without error today; the guard is exercised through the lexer
    expect(refused('echo `echo \'`\'`').code).toBe('parse-error');
  });
});

describe('a redirection after a list or a pipeline', () => {
  it('belongs to the last command, not to the whole list', () => {
    const r = read('cd x && git push > out');
    expect(r.commands[0]!.redirects).toEqual([]);
    expect(r.commands[1]!.redirects.map((x) => x.target)).toEqual(['out']);
  });
});

describe("$'…' ending in an escaped backslash", () => {
  it('is refused where tree-sitter runs the string on past its closing quote and hides a command', () => {
    // tree-sitter reads `$'\\' ; git push #'` as one string; bash runs echo, then git push
    const r = refused("echo $'\\\\' ; git push #'");
    expect(r.code).toBe('parse-error');
    expect(r.message).toContain('disagree');
  });

  it('reads it right when tree-sitter does too', () => {
    expect(argvs("echo $'a\\\\'")).toEqual([['echo', 'a\\']]);
  });
});

describe('substitutions tree-sitter does not see', () => {
  it('refuses a $(…) inside single quotes inside a double-quoted ${…}, which bash runs', () => {
    expect(refused("echo \"${x:-'$(git push)'}\"").code).toBe('unsupported-construct');
    expect(refused("echo \"${x:-'`git push`'}\"").code).toBe('unsupported-construct');
  });

  it('reads the single quotes of an unquoted ${…} as quotes', () => {
    expect(argvs("echo ${x:-'$(git push)'}")).toEqual([['echo', "${x:-'$(git push)'}"]]);
  });
});

describe("bash's own quirks", () => {
  it('refuses a `;` after a here-document inside $(…) or <(…): bash 5.2 drops it and runs the words as one command', () => {
    // found by the bash-oracle test: bash runs `git push origin main` for the first one
    expect(refused("x=$(cat <<EOF\nx\nEOF\ngit ; push origin main)").code).toBe('unsupported-construct');
    expect(refused("cat <(cat <<'EOF'\nx\nEOF\na ; b)").code).toBe('unsupported-construct');
  });

  it('reads the here-document agents put in commit messages', () => {
    const r = read("git commit -m \"$(cat <<'EOF'\nfix: a; b\n\nbody\nEOF\n)\"");
    expect(r.commands.map((c) => c.argv[0])).toEqual(['git', 'cat']);
    expect(argvs("x=$(cat <<EOF\nx\nEOF\na\nb)").slice(1)).toEqual([['cat'], ['a'], ['b']]);
  });
});

describe('what tree-sitter cannot parse is refused, never guessed', () => {
  it.each([
    ['{git,push}', 'brace expansion as a command name'],
    ['git p$()ush', 'an empty substitution'],
    ['echo @(a|b)', 'an extglob pattern'],
    ['cmd <>f', 'read-write redirection'],
    ['{x}>f echo', 'a descriptor variable'],
    ['echo a\\', 'a backslash at the end of input'],
    ['echo "unterminated', 'an unterminated quote'],
    ['if true; then', 'an unterminated if'],
    ['echo $(', 'an unterminated substitution'],
    ['case x in a) :;& esac', 'a fall-through right before esac'],
  ])('%s (%s)', (source) => {
    expect(refused(source).code).toBe('parse-error');
  });

  it('refuses a tree deeper than the bound', () => {
    const deep = '('.repeat(2000) + 'x' + ')'.repeat(2000);
    expect(['too-deep', 'parse-error']).toContain(refused(deep).code);
  });

  it('refuses when the read takes longer than its budget', () => {
    const long = 'echo a b c; '.repeat(3000);
    const r = readShellCommand(long, { timeoutMs: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.code).toBe('parse-timeout');
  });

  it('refuses a reading of more simple commands than the bound', () => {
    const r = readShellCommand('a;'.repeat(5000), { timeoutMs: 60_000 });
    expect(r.ok ? null : r.refusal.code).toBe('too-deep');
  });
});
