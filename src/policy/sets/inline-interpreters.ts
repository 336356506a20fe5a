// inline-interpreters: 28 deny rules on shell_command's command, as the seed lists them. Code passed inline
// to an interpreter could run what the other rules refuse. A script file run by an interpreter is not
// inline code and runs (python3 x.py -c); a rule reads sh -c at the end of any word, so ssh -c <cipher>
// is refused too, as the seed says.
import { sh, type RuleSetSource } from './types.js';

export const INLINE_INTERPRETERS: RuleSetSource = {
  name: 'inline-interpreters',
  refuses: 'code passed inline to an interpreter, which could run what the other rules refuse',
  remedy: 'write the code to a script file in the project and run that file (bash scripts/x.sh, python3 tools/x.py)',
  text: String.raw`
deny shell_command command=*sh -c*
deny shell_command command=*sh -*c *
deny shell_command command=*sh -* -c*
deny shell_command command=*node -e*
deny shell_command command=*node --eval*
deny shell_command command=*node -p*
deny shell_command command=*node --print*
deny shell_command command=*node -* -e*
deny shell_command command=*node -* -p*
deny shell_command command=*node --input-type*
deny shell_command command=*python -c*
deny shell_command command=*python3 -c*
deny shell_command command=*python3.* -c*
deny shell_command command=*python -* -c*
deny shell_command command=*python3 -* -c*
deny shell_command command=*python3.* -* -c*
deny shell_command command=*perl -e*
deny shell_command command=*perl -E*
deny shell_command command=*perl -* -e*
deny shell_command command=*perl -* -E*
deny shell_command command=*ruby -e*
deny shell_command command=*ruby -* -e*
deny shell_command command=*php -r*
deny shell_command command=*tsx -e*
deny shell_command command=*tsx --eval*
deny shell_command command=*ts-node -e*
deny shell_command command=*deno eval*
deny shell_command command=*bun -e*
`,
  mustMatch: [
    sh('bash -c "ls"'),
    sh('sh -c ls'),
    sh('zsh -c ls'),
    sh('dash -c ls'),
    sh('ksh -c ls'),
    sh('fish -c ls'),
    sh('bash -xc ls'),
    sh('bash -e -c ls'),
    sh('/bin/bash -c ls'),
    sh('env bash -c ls'),
    sh('node -e 1'),
    sh('node --eval 1'),
    sh('node -p 1'),
    sh('node --print 1'),
    sh('node --no-warnings -e 1'),
    sh('node --input-type=module'),
    sh('python -c 1'),
    sh('python3 -c 1'),
    sh('python3.12 -c 1'),
    sh('python3 -I -c 1'),
    sh('python3 -m pytest -c pytest.ini'),
    sh('python3.12 x.py -c'),
    sh('perl -e 1'),
    sh('perl -E 1'),
    sh('perl -w -e 1'),
    sh('ruby -e 1'),
    sh('ruby -w -e 1'),
    sh('php -r 1'),
    sh('tsx -e 1'),
    sh('npx tsx -e 1'),
    sh('tsx --eval 1'),
    sh('ts-node -e 1'),
    sh('deno eval 1'),
    sh('bun -e 1'),
    sh('ssh -c aes128-ctr host'),
    sh('bash scripts/test.sh -c fast'),
    sh('find . -name perl -empty'),
  ],
  mustNotMatch: [
    sh('python3 x.py -c'),
    sh('python3 scripts/gen.py --config cfg.json'),
    sh('bash scripts/build.sh'),
    sh('node scripts/build.js'),
    sh('perl scripts/x.pl'),
    sh('ruby x.rb'),
    sh('deno run x.ts'),
    sh('ls -la'),
  ],
};
