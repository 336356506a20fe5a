// git-readonly: 218 deny rules on shell_command's command. A git command that changes the repository, its
// branches or its remotes is refused, also behind a global option (`git -C <dir> push`). The design, and
// how each sentence of the seed holds, is in docs of the gate (src/policy/README.md).
import { sh, type RuleSetSource } from './types.js';

export const GIT_READONLY: RuleSetSource = {
  name: 'git-readonly',
  refuses: 'a git command that changes the repository, its branches or its remotes, also behind a global option (git -C <dir> push)',
  remedy: 'read with git status, git log, git diff or git show; a change to the repository is made by the stage itself (/commit, the batch closure), not by the agent',
  text: String.raw`
# The seed's verbs, three patterns each: a prefix right after git, a whole word after an option.
deny shell_command command=*git add*
deny shell_command command=*git * add
deny shell_command command=*git * add *
deny shell_command command=*git am*
deny shell_command command=*git * am
deny shell_command command=*git * am *
deny shell_command command=*git apply*
deny shell_command command=*git * apply
deny shell_command command=*git * apply *
deny shell_command command=*git checkout*
deny shell_command command=*git * checkout
deny shell_command command=*git * checkout *
deny shell_command command=*git cherry-pick*
deny shell_command command=*git * cherry-pick
deny shell_command command=*git * cherry-pick *
deny shell_command command=*git clean*
deny shell_command command=*git * clean
deny shell_command command=*git * clean *
deny shell_command command=*git commit*
deny shell_command command=*git * commit
deny shell_command command=*git * commit *
deny shell_command command=*git fetch*
deny shell_command command=*git * fetch
deny shell_command command=*git * fetch *
deny shell_command command=*git filter-branch*
deny shell_command command=*git * filter-branch
deny shell_command command=*git * filter-branch *
deny shell_command command=*git gc*
deny shell_command command=*git * gc
deny shell_command command=*git * gc *
deny shell_command command=*git merge*
deny shell_command command=*git * merge
deny shell_command command=*git * merge *
deny shell_command command=*git mv*
deny shell_command command=*git * mv
deny shell_command command=*git * mv *
deny shell_command command=*git pull*
deny shell_command command=*git * pull
deny shell_command command=*git * pull *
deny shell_command command=*git push*
deny shell_command command=*git * push
deny shell_command command=*git * push *
deny shell_command command=*git rebase*
deny shell_command command=*git * rebase
deny shell_command command=*git * rebase *
deny shell_command command=*git reset*
deny shell_command command=*git * reset
deny shell_command command=*git * reset *
deny shell_command command=*git restore*
deny shell_command command=*git * restore
deny shell_command command=*git * restore *
deny shell_command command=*git revert*
deny shell_command command=*git * revert
deny shell_command command=*git * revert *
deny shell_command command=*git rm*
deny shell_command command=*git * rm
deny shell_command command=*git * rm *
deny shell_command command=*git switch*
deny shell_command command=*git * switch
deny shell_command command=*git * switch *
deny shell_command command=*git update-ref*
deny shell_command command=*git * update-ref
deny shell_command command=*git * update-ref *
deny shell_command command=*git worktree*
deny shell_command command=*git * worktree
deny shell_command command=*git * worktree *
# Verbs that only list when typed alone: the two no-argument forms are omitted.
deny shell_command command=*git branch *
deny shell_command command=*git * branch *
deny shell_command command=*git notes *
deny shell_command command=*git * notes *
deny shell_command command=*git reflog *
deny shell_command command=*git * reflog *
deny shell_command command=*git submodule *
deny shell_command command=*git * submodule *
deny shell_command command=*git tag *
deny shell_command command=*git * tag *
# remote: refused only by its modifying subcommands (right after remote, after a global option, after a remote option).
deny shell_command command=*git remote add*
deny shell_command command=*git * remote add*
deny shell_command command=*git remote -* add*
deny shell_command command=*git remote rename*
deny shell_command command=*git * remote rename*
deny shell_command command=*git remote -* rename*
deny shell_command command=*git remote remove*
deny shell_command command=*git * remote remove*
deny shell_command command=*git remote -* remove*
deny shell_command command=*git remote rm*
deny shell_command command=*git * remote rm*
deny shell_command command=*git remote -* rm*
deny shell_command command=*git remote set-head*
deny shell_command command=*git * remote set-head*
deny shell_command command=*git remote -* set-head*
deny shell_command command=*git remote set-branches*
deny shell_command command=*git * remote set-branches*
deny shell_command command=*git remote -* set-branches*
deny shell_command command=*git remote set-url*
deny shell_command command=*git * remote set-url*
deny shell_command command=*git remote -* set-url*
deny shell_command command=*git remote prune*
deny shell_command command=*git * remote prune*
deny shell_command command=*git remote -* prune*
deny shell_command command=*git remote update*
deny shell_command command=*git * remote update*
deny shell_command command=*git remote -* update*
# stash: refused alone, with options, and by its modifying subcommands; stash list and stash show run.
deny shell_command command=*git stash
deny shell_command command=*git * stash
deny shell_command command=*git stash -*
deny shell_command command=*git * stash -*
deny shell_command command=*git stash push*
deny shell_command command=*git * stash push*
deny shell_command command=*git stash pop*
deny shell_command command=*git * stash pop*
deny shell_command command=*git stash apply*
deny shell_command command=*git * stash apply*
deny shell_command command=*git stash drop*
deny shell_command command=*git * stash drop*
deny shell_command command=*git stash clear*
deny shell_command command=*git * stash clear*
deny shell_command command=*git stash store*
deny shell_command command=*git * stash store*
deny shell_command command=*git stash save*
deny shell_command command=*git * stash save*
deny shell_command command=*git stash branch*
deny shell_command command=*git * stash branch*
deny shell_command command=*git stash create*
deny shell_command command=*git * stash create*
# The verbs that write under the everyday ones.
deny shell_command command=*git init*
deny shell_command command=*git * init
deny shell_command command=*git * init *
deny shell_command command=*git clone*
deny shell_command command=*git * clone
deny shell_command command=*git * clone *
deny shell_command command=*git update-index*
deny shell_command command=*git * update-index
deny shell_command command=*git * update-index *
deny shell_command command=*git symbolic-ref*
deny shell_command command=*git * symbolic-ref
deny shell_command command=*git * symbolic-ref *
deny shell_command command=*git prune*
deny shell_command command=*git * prune
deny shell_command command=*git * prune *
deny shell_command command=*git repack*
deny shell_command command=*git * repack
deny shell_command command=*git * repack *
deny shell_command command=*git read-tree*
deny shell_command command=*git * read-tree
deny shell_command command=*git * read-tree *
deny shell_command command=*git checkout-index*
deny shell_command command=*git * checkout-index
deny shell_command command=*git * checkout-index *
deny shell_command command=*git commit-tree*
deny shell_command command=*git * commit-tree
deny shell_command command=*git * commit-tree *
deny shell_command command=*git write-tree*
deny shell_command command=*git * write-tree
deny shell_command command=*git * write-tree *
deny shell_command command=*git mktag*
deny shell_command command=*git * mktag
deny shell_command command=*git * mktag *
deny shell_command command=*git mktree*
deny shell_command command=*git * mktree
deny shell_command command=*git * mktree *
deny shell_command command=*git fast-import*
deny shell_command command=*git * fast-import
deny shell_command command=*git * fast-import *
deny shell_command command=*git maintenance*
deny shell_command command=*git * maintenance
deny shell_command command=*git * maintenance *
deny shell_command command=*git update-server-info*
deny shell_command command=*git * update-server-info
deny shell_command command=*git * update-server-info *
# replace alone lists, and runs.
deny shell_command command=*git replace *
deny shell_command command=*git * replace *
# git config writes: its modifying options and subcommands, right after config and after a global option.
deny shell_command command=*git config --add*
deny shell_command command=*git * config --add*
deny shell_command command=*git config --unset*
deny shell_command command=*git * config --unset*
deny shell_command command=*git config --replace-all*
deny shell_command command=*git * config --replace-all*
deny shell_command command=*git config --rename-section*
deny shell_command command=*git * config --rename-section*
deny shell_command command=*git config --remove-section*
deny shell_command command=*git * config --remove-section*
deny shell_command command=*git config --edit*
deny shell_command command=*git * config --edit*
deny shell_command command=*git config -e*
deny shell_command command=*git * config -e*
deny shell_command command=*git config set *
deny shell_command command=*git * config set *
deny shell_command command=*git config unset *
deny shell_command command=*git * config unset *
deny shell_command command=*git config rename-section *
deny shell_command command=*git * config rename-section *
deny shell_command command=*git config remove-section *
deny shell_command command=*git * config remove-section *
deny shell_command command=*git config edit*
deny shell_command command=*git * config edit*
# git -c key=value and --config-env set a configuration for one command (core.pager, alias.x=!…).
deny shell_command command=*git -c *
deny shell_command command=*git -* -c *
deny shell_command command=*git --config-env*
deny shell_command command=*git -* --config-env*
# Read by the structural check (two or more words after git config and its options, or a modifying option after another).
deny shell_command command=*git config <key> <value>*
# Writes beyond the seed's list that change the repository, its refs or its work tree.
deny shell_command command=*git bisect*
deny shell_command command=*git * bisect
deny shell_command command=*git * bisect *
deny shell_command command=*git sparse-checkout*
deny shell_command command=*git * sparse-checkout
deny shell_command command=*git * sparse-checkout *
deny shell_command command=*git pack-refs*
deny shell_command command=*git * pack-refs
deny shell_command command=*git * pack-refs *
deny shell_command command=*git unpack-objects*
deny shell_command command=*git * unpack-objects
deny shell_command command=*git * unpack-objects *
deny shell_command command=*git rerere*
deny shell_command command=*git * rerere
deny shell_command command=*git * rerere *
deny shell_command command=*git hash-object -w*
deny shell_command command=*git hash-object * -w*
`,
  structural: ['deny shell_command command=*git config <key> <value>*'],
  mustMatch: [
    sh('git push'),
    sh('git push;'),
    sh('git commit\n'),
    sh('git commit -am wip'),
    sh('/usr/bin/git push'),
    sh('GIT_DIR=.git git push'),
    sh('cd x && git push'),
    sh('git -C ../other push origin main'),
    sh('git --no-pager push'),
    sh('git branch -a'),
    sh('git branch --list'),
    sh('git tag -d v1'),
    sh('git notes add -m x'),
    sh('git reflog expire --all'),
    sh('git submodule update --init'),
    sh('git remote add evil ../evil.git'),
    sh('git remote set-url --push origin x'),
    sh('git remote -v add x y'),
    sh('git stash'),
    sh('git stash -k'),
    sh('git stash pop'),
    sh('git stash push -m wip'),
    sh('git init'),
    sh('git clone ../x'),
    sh('git update-index --add README.md'),
    sh('git symbolic-ref HEAD refs/heads/x'),
    sh('git replace -d abc'),
    sh('git config --add a.b x'),
    sh('git config --unset a.b'),
    sh('git config --unset-all a.b'),
    sh('git config --replace-all a.b x'),
    sh('git config --rename-section a b'),
    sh('git config --remove-section a'),
    sh('git config --edit'),
    sh('git config -e'),
    sh('git config set a.b x'),
    sh('git config unset a.b'),
    sh('git config edit'),
    sh('git -c core.pager=less log'),
    sh('git -C . -c alias.p=push p'),
    sh('git --config-env=core.pager=PAGER log'),
    sh('git help commit'),
    sh('git log --grep="git push"'),
    sh('git hash-object -w README.md'),
    sh('git bisect start'),
  ],
  mustNotMatch: [
    sh('git status'),
    sh('git log --oneline'),
    sh('git diff -- src/address.ts'),
    sh('git show HEAD:scripts/commit.sh'),
    sh('git branch'),
    sh('git tag'),
    sh('git notes'),
    sh('git reflog'),
    sh('git submodule'),
    sh('git remote'),
    sh('git remote -v'),
    sh('git remote show origin'),
    sh('git remote get-url origin'),
    sh('git stash list'),
    sh('git stash show -p'),
    sh('git replace'),
    sh('git config user.name'),
    sh('git config --get user.name'),
    sh('git config --get-regexp user'),
    sh('git config --list'),
    sh('git config -l'),
    sh('git config --file a.cfg --list'),
    sh('git config -f .gitmodules --get submodule.x.path'),
    sh('git log --oneline push-notifications'),
    sh('git blame reset.ts'),
    sh('git log -p -- src/commit.ts'),
    sh('git --no-pager log -1'),
    sh('git rev-parse --git-dir'),
    sh('git cat-file -p HEAD'),
    sh('git hash-object README.md'),
    sh('cat .git/config'),
  ],
};
