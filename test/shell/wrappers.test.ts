// Wrappers run the command in their own words, after options of their own grammar: the reader finds that
// command exactly and reads it like any other, with `runs` pointing at it.
import { describe, expect, it } from 'vitest';
import { argvs, command, expectNested, opaques, read, ready } from './helpers.js';

await ready;

describe('wrappers run the command after their options', () => {
  it.each([
    ['env git push', 'env'],
    ['env -i git push', 'env'],
    ['env - git push', 'env'],
    ['env -u HOME -C /tmp A=1 B=2 git push', 'env'],
    ['env --unset=HOME --chdir=/tmp -- git push', 'env'],
    ['env -0 -v git push', 'env'],
    ['command git push', 'command'],
    ['command -p git push', 'command'],
    ['builtin command git push', 'builtin > command'],
    ['exec git push', 'exec'],
    ['exec -a name -cl git push', 'exec'],
    ['nohup git push', 'nohup'],
    ['time git push', 'time'],
    ['time -p git push', 'time'],
    ['/usr/bin/time -f %e -o out git push', 'time'],
    ['nice git push', 'nice'],
    ['nice -n 2 git push', 'nice'],
    ['nice -n2 git push', 'nice'],
    ['nice -5 git push', 'nice'],
    ['nice --adjustment=5 git push', 'nice'],
    ['timeout 5 git push', 'timeout'],
    ['timeout -s KILL -k 1 5s git push', 'timeout'],
    ['timeout --preserve-status --signal=TERM 1m git push', 'timeout'],
    ['stdbuf -oL -e0 git push', 'stdbuf'],
    ['stdbuf -o L git push', 'stdbuf'],
    ['setsid -f git push', 'setsid'],
    ['ionice -c 3 -n7 git push', 'ionice'],
    ['flock .lock git push', 'flock'],
    ['flock -w 5 -x .lock git push', 'flock'],
    ['chrt -f 10 git push', 'chrt'],
    ['chrt --idle 0 git push', 'chrt'],
    ['taskset 0x3 git push', 'taskset'],
    ['taskset -c 0,1 git push', 'taskset'],
    ['sudo git push', 'sudo'],
    ['sudo -u bob -g staff -E git push', 'sudo'],
    ['sudo --user=bob -- git push', 'sudo'],
    ['sudo -s git push', 'sudo'],
    ['sudo A=1 git push', 'sudo'],
    ['doas -u bob git push', 'doas'],
    ['pkexec --user bob git push', 'pkexec'],
    ['runuser -u bob -- git push', 'runuser'],
    ['busybox git push', 'busybox'],
    ['chroot /srv git push', 'chroot'],
    ['chroot --userspec=1:1 /srv git push', 'chroot'],
    ['unshare -n -r git push', 'unshare'],
    ['unshare --mount-proc -f git push', 'unshare'],
    ['nsenter -t 1 -m -u git push', 'nsenter'],
    ['systemd-run --user -p X=y --wait git push', 'systemd-run'],
    ['firejail --noprofile --net=none git push', 'firejail'],
    ['fakeroot -- git push', 'fakeroot'],
    ['eatmydata git push', 'eatmydata'],
    ['unbuffer -p git push', 'unbuffer'],
    ['caffeinate -i -t 10 git push', 'caffeinate'],
    ['numactl --interleave=all git push', 'numactl'],
    ['numactl -N 0 -m 0 git push', 'numactl'],
    ['rlwrap -a git push', 'rlwrap'],
    ['xvfb-run -a git push', 'xvfb-run'],
    ['dbus-run-session -- git push', 'dbus-run-session'],
    ['valgrind --leak-check=full git push', 'valgrind'],
    ['strace -f -o out git push', 'strace'],
    ['ltrace -S git push', 'ltrace'],
    ['perf stat -e cycles git push', 'perf stat'],
    ['ssh-agent git push', 'ssh-agent'],
    ['proxychains4 -q git push', 'proxychains4'],
    ['setpriv --reuid=1 git push', 'setpriv'],
    ['prlimit --nofile=10 git push', 'prlimit'],
    ['bwrap --ro-bind / / --dev /dev git push', 'bwrap'],
    ['xargs git push', 'xargs'],
    ['xargs -0 -n 1 -P 4 git push', 'xargs'],
    ['xargs -a /dev/null git push', 'xargs'],
    ['npx git push', 'npx'],
    ['npx --yes -p pkg git push', 'npx'],
    ['npm exec -- git push', 'npm exec'],
    ['npm x git push', 'npm x'],
    ['pnpm exec git push', 'pnpm exec'],
    ['pnpm dlx git push', 'pnpm dlx'],
    ['yarn dlx git push', 'yarn dlx'],
    ['bunx git push', 'bunx'],
    ['uv run git push', 'uv run'],
    ['uvx git push', 'uvx'],
    ['poetry run git push', 'poetry run'],
    ['pipenv run git push', 'pipenv run'],
    ['bundle exec git push', 'bundle exec'],
    ['conda run -n env git push', 'conda run'],
    ['direnv exec . git push', 'direnv exec'],
    ['nix develop -c git push', 'nix develop -c'],
    ['git bisect run git push', 'git bisect run'],
    ['gdb --args git push', 'gdb --args'],
    ['watch -x git push', 'watch'],
    ['entr git push', 'entr'],
  ])('%s runs git push', (source, via) => {
    const r = read(source);
    const inner = expectNested(source, ['git', 'push'], new RegExp(`${via.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(inner.dynamic).toEqual([]);
    const outer = r.commands[0]!;
    expect(outer.runs).not.toBeNull();
    expect(r.commands[outer.runs!]!.via).not.toBe('');
  });

  it('chains wrappers, each pointing at the next', () => {
    const r = read('timeout 5 nice -n 2 env -i git push');
    expect(r.commands.map((c) => [c.argv, c.via, c.runs])).toEqual([
      [['timeout', '5', 'nice', '-n', '2', 'env', '-i', 'git', 'push'], '', 1],
      [['nice', '-n', '2', 'env', '-i', 'git', 'push'], 'timeout', 2],
      [['env', '-i', 'git', 'push'], 'timeout > nice', 3],
      [['git', 'push'], 'timeout > nice > env', null],
    ]);
  });

  it('gives env assignments to the command, and drops the outer ones under env -i', () => {
    expect(command('A=1 env B=2 git push', ['git', 'push']).assignments.map((a) => a.name)).toEqual(['A', 'B']);
    expect(command('A=1 env -i B=2 git push', ['git', 'push']).assignments.map((a) => a.name)).toEqual(['B']);
    expect(command('sudo C=3 git push', ['git', 'push']).assignments.map((a) => a.name)).toEqual(['C']);
  });

  it('splits env -S like env does', () => {
    expectNested("env -S 'git push origin'", ['git', 'push', 'origin'], 'env');
    expectNested("env -S'A=1 git \"push\"'", ['git', 'push'], 'env');
    expectNested('env -S "-i git\\_push"', ['git', 'push'], 'env');
    expect(command("env -S 'A=1 git push'", ['git', 'push']).assignments).toEqual([{ name: 'A', value: '1', dynamic: false }]);
    expect(opaques("env -S '${X} git push'")).toEqual([{ via: 'env -S', text: '${X} git push' }]);
  });

  it('runs nothing for options that only ask', () => {
    expect(argvs('command -v git')).toEqual([['command', '-v', 'git']]);
    expect(argvs('command -V git')).toEqual([['command', '-V', 'git']]);
    expect(argvs('ionice -p 1')).toEqual([['ionice', '-p', '1']]);
    expect(argvs('taskset -p 1')).toEqual([['taskset', '-p', '1']]);
    expect(argvs('chrt -p 1')).toEqual([['chrt', '-p', '1']]);
    expect(argvs('strace -p 1')).toEqual([['strace', '-p', '1']]);
    expect(argvs('sudo -l')).toEqual([['sudo', '-l']]);
    expect(argvs('env')).toEqual([['env']]);
    expect(argvs('busybox --list')).toEqual([['busybox', '--list']]);
  });

  it('says a shell starts when a wrapper is given no command', () => {
    expect(opaques('sudo -s')).toEqual([{ via: 'sudo -s', text: '(an interactive shell reading standard input)' }]);
    expect(opaques('sudo -i')[0]!.via).toBe('sudo -i');
    expect(opaques('doas -s')[0]!.via).toBe('doas -s');
    expect(opaques('su')[0]!.via).toBe('su');
    expect(opaques('unshare -r')[0]!.via).toBe('unshare');
    expect(opaques('chroot /srv')[0]!.via).toBe('chroot');
    expect(opaques('script out.log')[0]!.via).toBe('script');
  });

  it('marks the command dynamic when a dynamic word before it could move it', () => {
    const c = command('timeout $T git push', ['git', 'push']);
    expect(c.dynamic).toEqual([0]);
    expect(command('timeout "$T" git push', ['git', 'push']).dynamic).toEqual([]);
    expect(command('env $OPTS git push', ['$OPTS', 'git', 'push']).dynamic).toEqual([0]);
  });

  it('marks what xargs and find put in place of their placeholders', () => {
    expect(command('xargs -I{} git push {}', ['git', 'push', '{}']).dynamic).toEqual([2]);
    expect(command('xargs -i git push x{}y', ['git', 'push', 'x{}y']).dynamic).toEqual([2]);
    expect(command('find . -exec git push {} \\;', ['git', 'push', '{}']).dynamic).toEqual([2]);
  });

  it('runs echo when xargs is given no command', () => {
    expectNested('ls | xargs', ['echo'], 'xargs');
  });
});

describe('commands given as a string run with sh -c', () => {
  it.each([
    ['script -c "git push" /dev/null', 'script -c'],
    ['script -qc "git push" /dev/null', 'script -c'],
    ['script --command "git push"', 'script -c'],
    ['watch "git push"', 'watch'],
    ['watch -n 60 -e "git push"', 'watch'],
    ['watch -n 5 git push', 'watch'],
    ["su -c 'git push'", 'su -c'],
    ["su - bob -c 'git push'", 'su -c'],
    ["su bob -c 'git push'", 'su -c'],
    ["su --command='git push' bob", 'su -c'],
    ["runuser -l bob -c 'git push'", 'runuser -c'],
    ["flock .lock -c 'git push'", 'flock -c'],
    ["flock -c 'git push' .lock", 'flock -c'],
    ["npx -c 'git push'", 'npx -c'],
    ["npx --call 'git push'", 'npx -c'],
    ["npm exec -c 'git push'", 'npm exec -c'],
    ["npm exec --call='git push'", 'npm exec -c'],
    ["sg staff -c 'git push'", 'sg'],
    ["entr -s 'git push'", 'entr -s'],
    ["nix-shell --run 'git push'", 'nix-shell --run'],
    ["hyperfine 'git push'", 'hyperfine'],
    ["hyperfine -w 3 --prepare 'git push' ls", 'hyperfine --prepare'],
    ["bun exec 'git push'", 'bun exec'],
    ['at now <<< "git push"', 'at'],
  ])('%s runs git push', (source, via) => {
    expectNested(source, ['git', 'push'], via);
  });
});

describe('find -exec', () => {
  it.each([
    ['find . -exec git push \\;', 'find -exec'],
    ["find . -exec git push ';'", 'find -exec'],
    ['find . -execdir git push \\;', 'find -execdir'],
    ['find . -ok git push \\;', 'find -ok'],
    ['find . -okdir git push \\;', 'find -okdir'],
    ['find . -name x -exec git push {} +', 'find -exec'],
  ])('%s runs git push', (source, via) => {
    expect(read(source).commands.some((c) => c.argv[0] === 'git' && c.argv[1] === 'push' && c.via === via)).toBe(true);
  });

  it('reads every -exec of one find', () => {
    expect(argvs('find . -exec a {} \\; -exec b \\;').slice(1)).toEqual([['a', '{}'], ['b']]);
  });

  it('is opaque when the command is dynamic or a placeholder', () => {
    expect(opaques('find . -exec {} \\;')).toEqual([{ via: 'find -exec', text: '{}' }]);
    expect(opaques('find . -exec $CMD x \\;')).toEqual([{ via: 'find -exec', text: '$CMD x' }]);
  });
});
