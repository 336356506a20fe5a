// state-files: 96 deny rules, 19 path patterns on each of the 5 file writers (file_write, edit_file,
// node_replace, node_insert, node_ensure), then `deny structural_rewrite` whole. The files only Orkeon Code's
// own code writes: batch logs, states and verdicts, audit captures, .orkeon/ entry by entry (except
// worktrees/, where a parallel /dev-batches runs its batches) and .claude/.
import type { RuleSetSource } from './types.js';

const TOOLS = ['file_write', 'edit_file', 'node_replace', 'node_insert', 'node_ensure'];
const write = (tool: string, path: string) => ({ tool, args: { path } });

export const STATE_FILES: RuleSetSource = {
  name: 'state-files',
  refuses: "a file only Orkeon Code's own code writes: batch logs, states and verdicts, audit captures, .orkeon/ (except worktrees/) and .claude/",
  remedy: 'leave stage state to the stage; write project sources, tests and docs only (structural_rewrite: use edit_file or node_replace)',
  text: String.raw`
deny file_write path=*-BATCHES-STATE.md
deny file_write path=*-STATE-F*.md
deny file_write path=*-VERIFY-F*.md
deny file_write path=*/capture-F*/*
deny file_write path=*.orkeon/dev*
deny file_write path=*.orkeon/memory*
deny file_write path=*.orkeon/agent*
deny file_write path=*.orkeon/sessions*
deny file_write path=*.orkeon/hooks*
deny file_write path=*.orkeon/shared*
deny file_write path=*.orkeon/repo*
deny file_write path=*.orkeon/config*
deny file_write path=*.orkeon/state*
deny file_write path=*.orkeon/orkeon*
deny file_write path=*.orkeon/ORKEON_*
deny file_write path=*.orkeon/forge*
deny file_write path=*.orkeon/rag*
deny file_write path=*/.claude/*
deny file_write path=.claude/*
deny edit_file path=*-BATCHES-STATE.md
deny edit_file path=*-STATE-F*.md
deny edit_file path=*-VERIFY-F*.md
deny edit_file path=*/capture-F*/*
deny edit_file path=*.orkeon/dev*
deny edit_file path=*.orkeon/memory*
deny edit_file path=*.orkeon/agent*
deny edit_file path=*.orkeon/sessions*
deny edit_file path=*.orkeon/hooks*
deny edit_file path=*.orkeon/shared*
deny edit_file path=*.orkeon/repo*
deny edit_file path=*.orkeon/config*
deny edit_file path=*.orkeon/state*
deny edit_file path=*.orkeon/orkeon*
deny edit_file path=*.orkeon/ORKEON_*
deny edit_file path=*.orkeon/forge*
deny edit_file path=*.orkeon/rag*
deny edit_file path=*/.claude/*
deny edit_file path=.claude/*
deny node_replace path=*-BATCHES-STATE.md
deny node_replace path=*-STATE-F*.md
deny node_replace path=*-VERIFY-F*.md
deny node_replace path=*/capture-F*/*
deny node_replace path=*.orkeon/dev*
deny node_replace path=*.orkeon/memory*
deny node_replace path=*.orkeon/agent*
deny node_replace path=*.orkeon/sessions*
deny node_replace path=*.orkeon/hooks*
deny node_replace path=*.orkeon/shared*
deny node_replace path=*.orkeon/repo*
deny node_replace path=*.orkeon/config*
deny node_replace path=*.orkeon/state*
deny node_replace path=*.orkeon/orkeon*
deny node_replace path=*.orkeon/ORKEON_*
deny node_replace path=*.orkeon/forge*
deny node_replace path=*.orkeon/rag*
deny node_replace path=*/.claude/*
deny node_replace path=.claude/*
deny node_insert path=*-BATCHES-STATE.md
deny node_insert path=*-STATE-F*.md
deny node_insert path=*-VERIFY-F*.md
deny node_insert path=*/capture-F*/*
deny node_insert path=*.orkeon/dev*
deny node_insert path=*.orkeon/memory*
deny node_insert path=*.orkeon/agent*
deny node_insert path=*.orkeon/sessions*
deny node_insert path=*.orkeon/hooks*
deny node_insert path=*.orkeon/shared*
deny node_insert path=*.orkeon/repo*
deny node_insert path=*.orkeon/config*
deny node_insert path=*.orkeon/state*
deny node_insert path=*.orkeon/orkeon*
deny node_insert path=*.orkeon/ORKEON_*
deny node_insert path=*.orkeon/forge*
deny node_insert path=*.orkeon/rag*
deny node_insert path=*/.claude/*
deny node_insert path=.claude/*
deny node_ensure path=*-BATCHES-STATE.md
deny node_ensure path=*-STATE-F*.md
deny node_ensure path=*-VERIFY-F*.md
deny node_ensure path=*/capture-F*/*
deny node_ensure path=*.orkeon/dev*
deny node_ensure path=*.orkeon/memory*
deny node_ensure path=*.orkeon/agent*
deny node_ensure path=*.orkeon/sessions*
deny node_ensure path=*.orkeon/hooks*
deny node_ensure path=*.orkeon/shared*
deny node_ensure path=*.orkeon/repo*
deny node_ensure path=*.orkeon/config*
deny node_ensure path=*.orkeon/state*
deny node_ensure path=*.orkeon/orkeon*
deny node_ensure path=*.orkeon/ORKEON_*
deny node_ensure path=*.orkeon/forge*
deny node_ensure path=*.orkeon/rag*
deny node_ensure path=*/.claude/*
deny node_ensure path=.claude/*
deny structural_rewrite
`,
  mustMatch: [
    ...TOOLS.flatMap((tool) => [
      write(tool, 'work/ABC-BATCHES-STATE.md'),
      write(tool, 'work/ABC-STATE-F2.md'),
      write(tool, 'work/ABC-VERIFY-F1.md'),
      write(tool, 'work/abc/capture-F1/out.txt'),
      write(tool, '.orkeon/dev-learn-state.json'),
      write(tool, '.orkeon/memory/entries/x.md'),
      write(tool, '.orkeon/config.json'),
      write(tool, '.orkeon/repo.yaml'),
      write(tool, '.orkeon/ORKEON_STATE'),
      write(tool, '.claude/settings.json'),
      write(tool, 'sub/.claude/x'),
    ]),
    { tool: 'structural_rewrite', args: { pattern: 'a', fix: 'b', dry_run: true } },
  ],
  mustNotMatch: TOOLS.flatMap((tool) => [
    write(tool, '.orkeon/worktrees/ABC-F1/src/x.ts'),
    write(tool, 'src/state.ts'),
    write(tool, 'docs/STATE.md'),
    write(tool, 'claude/notes.md'),
  ]),
};
