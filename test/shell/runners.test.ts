// Options of other tools whose value is a program: read as shell when it is shell text, opaque when it is
// another language or cannot be read.
import { describe, expect, it } from 'vitest';
import { findGitVerb } from '../../src/shell/index.js';
import { argvs, expectNested, opaques, read, ready } from './helpers.js';

await ready;

describe('program options read as shell', () => {
  it.each([
    ["rsync -e 'sh -c \"git push\"' a b:c", 'rsync -e > sh -c'],
    ["rsync -avze 'git push' a b:c", 'rsync -e'],
    ["rsync --rsh='git push' a b:c", 'rsync -e'],
    ["rsync --rsh 'git push' a b:c", 'rsync -e'],
    ["ssh -o ProxyCommand='git push' x", 'ssh -o ProxyCommand'],
    ['ssh -oProxyCommand="git push" x', 'ssh -o ProxyCommand'],
    ["ssh -o 'ProxyCommand git push' x", 'ssh -o ProxyCommand'],
    ["ssh -o 'proxycommand=git push' x", 'ssh -o proxycommand'],
    ["ssh -o PermitLocalCommand=yes -o LocalCommand='git push' host", 'ssh -o LocalCommand'],
    ["ssh -p 22 -o KnownHostsCommand='git push' host", 'ssh -o KnownHostsCommand'],
    ["scp -S 'git push' a b:c", 'scp -S'],
    ["scp -o ProxyCommand='git push' a b:c", 'scp -o ProxyCommand'],
    ["sftp -D 'git push' host", 'sftp -D'],
    ['tar -cf x.tar . --checkpoint=1 --checkpoint-action=exec="git push"', 'tar --checkpoint-action=exec'],
    ["tar -xf x.tar --to-command='git push'", 'tar --to-command'],
    ["tar -xf x.tar --to-command 'git push'", 'tar --to-command'],
    ["tar --use-compress-program='git push' -xf x", 'tar --use-compress-program'],
    ["tar -I 'git push' -xf x", 'tar -I'],
    ["tar -cf x -F 'git push' .", 'tar -F'],
    ["tar --info-script='git push' -cf x .", 'tar --info-script'],
    ["vim -es -c '!git push' -c 'qa!'", 'vim -c'],
    ["vi -c ':!git push'", 'vi -c'],
    ["nvim --cmd 'silent !git push'", 'nvim -c'],
    ["vim '+!git push' x", 'vim -c'],
    ["man -P 'git push' git", 'man -P'],
    ["man --pager='git push' git", 'man -P'],
    ["man -Pgit\\ push git", 'man -P'],
    ["man -H'git push' git", 'man -H'],
    ["less '+!git push' README", 'less +!'],
    ["zip x.zip a -T -TT 'git push'", 'zip -TT'],
    ["zip x.zip a --unzip-command 'git push'", 'zip -TT'],
    ["gdb -nx -batch -ex '!git push'", 'gdb -ex'],
    ["gdb -batch -ex 'shell git push'", 'gdb -ex'],
    ["gdb --eval-command='!git push'", 'gdb -ex'],
    ["sed -n '1e git push' README.md", 'sed e'],
    ["sed -e 'p' -e '$e git push' f", 'sed e'],
    ["sed '/x/e git push' f", 'sed e'],
    ["socat - SYSTEM:'git push'", 'socat SYSTEM'],
    ["ncat -l 1 --sh-exec 'git push'", 'ncat --sh-exec'],
  ])('%s runs git push', (source, via) => {
    expectNested(source, ['git', 'push'], via);
  });

  it('ignores options that run nothing', () => {
    expect(opaques("ssh -o ProxyCommand=none x")).toEqual([]);
    expect(read("ssh -c aes128-ctr -p 22 host 'git push'").commands.length).toBe(1);
    expect(opaques("vim -c 'set nu' -c 'wq!' x")).toEqual([]);
    expect(opaques("sed -n 's/push/PUSH/p' CHANGELOG.md")).toEqual([]);
    expect(opaques("sed -i.bak -e 's/a/b/g' -e '/x/d' f")).toEqual([]);
    expect(opaques('awk -F, \'{print $1}\' data.csv')).toEqual([]);
    expect(opaques("tar -czf dist.tgz dist/")).toEqual([]);
    expect(opaques('man -k printf')).toEqual([]);
  });
});

describe('programs in other languages are opaque', () => {
  it.each([
    ["awk 'BEGIN{system(\"git push\")}'", 'awk program'],
    ["awk '{print | \"git push\"}' f", 'awk program'],
    ["awk 'BEGIN{\"git push\" | getline x}'", 'awk program'],
    ["gawk -e 'BEGIN{system(\"x\")}'", 'gawk program'],
    ["sed 's/.*/git push/e' f", 'sed e'],
    ["sed 'e' f", 'sed e'],
    ["sed -n '1{e\n}' f", 'sed e'],
    ["make -s --eval=$'x:\\n\\tgit push' x", 'make --eval'],
    ["make -E 'x: ; git push' x", 'make --eval'],
    ["vim -c 'call system(\"git push\")'", 'vim -c'],
    ["vim -c 'py3 import os'", 'vim -c'],
    ["gdb -ex 'python import os'", 'gdb -ex'],
    ["parallel git ::: push", 'parallel'],
    ["tmux new-session -d 'git push'", 'tmux'],
    ["expect -c 'spawn git push'", 'expect -c'],
    ["nc -l 1 -e /bin/sh", 'nc -e'],
    ["rlwrap -z filter ls", 'rlwrap -z'],
  ])('%s', (source, via) => {
    expect(opaques(source).map((o) => o.via)).toContain(via);
  });

  it('reads a sed script it cannot follow as opaque', () => {
    expect(opaques("sed 'Q;Z' f")).toEqual([{ via: 'sed e', text: 'Q;Z' }]);
  });
});

describe('git', () => {
  it.each([
    ["git -c alias.p='!git push' p", 'git -c alias.p'],
    ["git -c core.sshCommand='git push' ls-remote x", 'git -c core.sshCommand'],
    ["git -c core.pager='git push' log", 'git -c core.pager'],
    ["git -c core.editor='git push' commit", 'git -c core.editor'],
    ["git -c core.fsmonitor='git push' status", 'git -c core.fsmonitor'],
    ["git -c diff.external='git push' diff", 'git -c diff.external'],
    ["git -c diff.x.textconv='git push' diff", 'git -c diff.x.textconv'],
    ["git -c filter.x.smudge='git push' checkout", 'git -c filter.x.smudge'],
    ["git -c merge.x.driver='git push' merge y", 'git -c merge.x.driver'],
    ["git -c credential.helper='!git push' fetch", 'git -c credential.helper'],
    ["git -c sequence.editor='git push' rebase -i", 'git -c sequence.editor'],
    ["git -c pager.log='git push' log", 'git -c pager.log'],
    ["git -c gpg.program='git push' commit -S", 'git -c gpg.program'],
    ["git -c CORE.SSHCOMMAND='git push' fetch", 'git -c CORE.SSHCOMMAND'],
    ["git -C x -c core.pager='git push' log", 'git -c core.pager'],
    ["git rebase -x 'git push' HEAD~1", 'git rebase -x'],
    ["git rebase --exec 'git push' HEAD~1", 'git rebase --exec'],
    ["git rebase --exec='git push' HEAD~1", 'git rebase --exec'],
    ["git submodule foreach 'git push'", 'git submodule foreach'],
    ['git submodule foreach --recursive git push', 'git submodule foreach'],
    ["git submodule --quiet foreach 'git push'", 'git submodule foreach'],
    ["git filter-branch --tree-filter 'git push' HEAD", 'git filter-branch --tree-filter'],
    ["git difftool -x 'git push'", 'git difftool -x'],
    ["git grep -O'git push' x", 'git grep -O'],
    ["git fetch --upload-pack='git push' x", 'git fetch --upload-pack'],
    ["git clone -u 'git push' x y", 'git clone -u'],
    ["git push --receive-pack='git push' x", 'git push --receive-pack'],
    ["git config alias.st '!git push'", 'git config alias.st'],
    ["git config --global alias.st '!git push'", 'git config alias.st'],
    ["git config set core.pager 'git push'", 'git config core.pager'],
  ])('%s runs git push', (source, via) => {
    expectNested(source, ['git', 'push'], via);
  });

  it('reads git bisect run as a command', () => {
    expectNested("git bisect run sh -c 'git push'", ['git', 'push'], 'git bisect run > sh -c');
  });

  it('makes git aliases to git verbs and configuration loading opaque', () => {
    expect(opaques('git -c alias.p=push p')).toEqual([{ via: 'git -c alias.p', text: 'git push' }]);
    expect(opaques('git -c include.path=x status')).toEqual([{ via: 'git -c include.path', text: 'x' }]);
    expect(opaques('git -c core.hooksPath=x commit')).toEqual([{ via: 'git -c core.hooksPath', text: 'x' }]);
    expect(opaques('git --config-env=core.pager=P log')).toEqual([{ via: 'git --config-env', text: 'core.pager=P' }]);
    expect(opaques('git -c "$K" log')).toEqual([{ via: 'git -c', text: '$K' }]);
  });

  it('ignores configuration that runs nothing', () => {
    expect(opaques('git -c color.ui=never log')).toEqual([]);
    expect(opaques('git -c core.fsmonitor=false status')).toEqual([]);
    expect(opaques('git -c pager.log=false log')).toEqual([]);
    expect(opaques('git config user.name x')).toEqual([]);
    expect(opaques('git config --get user.name')).toEqual([]);
  });

  it('normalises the path values of its global options', () => {
    expect(read('git -C ../workspace commit -am wip').commands[0]!.argv).toEqual(['git', '-C', '.', 'commit', '-am', 'wip']);
    expect(read('git -C ./src//x log').commands[0]!.argv).toEqual(['git', '-C', 'src/x', 'log']);
    expect(read('git --git-dir=./.git --work-tree=/workspace/ status').commands[0]!.argv).toEqual(['git', '--git-dir=.git', '--work-tree=./', 'status']);
  });

  it('finds the verb after the global options', () => {
    const verb = (s: string): string | null => {
      const c = read(s).commands[0]!;
      const i = findGitVerb(c.argv, c.dynamic);
      return i === null ? null : c.argv[i]!;
    };
    expect(verb('git push')).toBe('push');
    expect(verb('git -C . push')).toBe('push');
    expect(verb('git -c a=b -C x --no-pager -p --git-dir=.git --work-tree . push')).toBe('push');
    expect(verb('git --literal-pathspecs --exec-path=/x push')).toBe('push');
    expect(verb('git --exec-path')).toBeNull();
    expect(verb('git $V')).toBeNull();
    expect(verb('git --unknown push')).toBeNull();
    expect(verb('git')).toBeNull();
  });

  it('reads git-core dashed programs as the path they are', () => {
    expect(argvs('/usr/lib/git-core/git-push origin main')).toEqual([['/usr/lib/git-core/git-push', 'origin', 'main']]);
  });
});
