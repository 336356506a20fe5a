// read-noise: 64 deny rules, 8 path patterns on each of the 8 path-reading tools, tool by tool. A read under
// bin/, obj/, .git/ or node_modules/, anywhere in the project (a source folder named bin/ too, as the seed
// says). Shell reads are not covered (a rule on a file tool reads that tool's path).
import type { RuleSetSource } from './types.js';

const TOOLS = ['file_read', 'glob', 'grep', 'node_outline', 'node_read', 'count_pattern', 'documents_of', 'directory_search'];
const PATTERNS = ['*/bin/*', 'bin/*', '*/obj/*', 'obj/*', '*/.git/*', '.git/*', '*/node_modules/*', 'node_modules/*'];

export const READ_NOISE: RuleSetSource = {
  name: 'read-noise',
  refuses: 'a read under a bin/, obj/, .git/ or node_modules/ folder, anywhere in the project',
  remedy: 'read the sources instead; build output, git internals and dependencies are not project sources',
  text: String.raw`
deny file_read path=*/bin/*
deny file_read path=bin/*
deny file_read path=*/obj/*
deny file_read path=obj/*
deny file_read path=*/.git/*
deny file_read path=.git/*
deny file_read path=*/node_modules/*
deny file_read path=node_modules/*
deny glob path=*/bin/*
deny glob path=bin/*
deny glob path=*/obj/*
deny glob path=obj/*
deny glob path=*/.git/*
deny glob path=.git/*
deny glob path=*/node_modules/*
deny glob path=node_modules/*
deny grep path=*/bin/*
deny grep path=bin/*
deny grep path=*/obj/*
deny grep path=obj/*
deny grep path=*/.git/*
deny grep path=.git/*
deny grep path=*/node_modules/*
deny grep path=node_modules/*
deny node_outline path=*/bin/*
deny node_outline path=bin/*
deny node_outline path=*/obj/*
deny node_outline path=obj/*
deny node_outline path=*/.git/*
deny node_outline path=.git/*
deny node_outline path=*/node_modules/*
deny node_outline path=node_modules/*
deny node_read path=*/bin/*
deny node_read path=bin/*
deny node_read path=*/obj/*
deny node_read path=obj/*
deny node_read path=*/.git/*
deny node_read path=.git/*
deny node_read path=*/node_modules/*
deny node_read path=node_modules/*
deny count_pattern path=*/bin/*
deny count_pattern path=bin/*
deny count_pattern path=*/obj/*
deny count_pattern path=obj/*
deny count_pattern path=*/.git/*
deny count_pattern path=.git/*
deny count_pattern path=*/node_modules/*
deny count_pattern path=node_modules/*
deny documents_of path=*/bin/*
deny documents_of path=bin/*
deny documents_of path=*/obj/*
deny documents_of path=obj/*
deny documents_of path=*/.git/*
deny documents_of path=.git/*
deny documents_of path=*/node_modules/*
deny documents_of path=node_modules/*
deny directory_search path=*/bin/*
deny directory_search path=bin/*
deny directory_search path=*/obj/*
deny directory_search path=obj/*
deny directory_search path=*/.git/*
deny directory_search path=.git/*
deny directory_search path=*/node_modules/*
deny directory_search path=node_modules/*
`,
  mustMatch: [
    ...TOOLS.flatMap((tool) => [
      { tool, args: { path: '.git/config' } },
      { tool, args: { path: 'src/bin/tool.ts' } },
      { tool, args: { path: 'bin/Debug/app.dll' } },
      { tool, args: { path: 'obj/project.assets.json' } },
      { tool, args: { path: 'web/node_modules/lodash/index.js' } },
      { tool, args: { path: '/workspace/.git/HEAD' } },
    ]),
  ],
  mustNotMatch: [
    ...TOOLS.flatMap((tool) => [
      { tool, args: { path: 'src/robin/x.ts' } },
      { tool, args: { path: 'binary/x' } },
      { tool, args: { path: '.gitignore' } },
      { tool, args: { path: '.github/workflows/ci.yml' } },
      { tool, args: { path: 'tests/fixtures/myobj/data.json' } },
    ]),
  ],
};
export const READ_NOISE_LAYOUT = { tools: TOOLS, patterns: PATTERNS };
