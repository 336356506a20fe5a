// secrets: 128 deny rules, 16 fixed prefixes on each of the 8 written arguments of 6 tools: content of
// file_write, new_string of edit_file, text of node_replace, node_insert and node_ensure, name and module of
// node_ensure, fix of structural_rewrite. Only fixed prefixes: a JSON web token, a password in a URL or an
// `api_key = …` line are not seen; a text that merely mentions a prefix (a page about tokens) is refused too.
import type { RuleSetSource } from './types.js';

const ARGS: ReadonlyArray<readonly [string, string]> = [
  ['file_write', 'content'], ['edit_file', 'new_string'], ['node_replace', 'text'], ['node_insert', 'text'],
  ['node_ensure', 'text'], ['node_ensure', 'name'], ['node_ensure', 'module'], ['structural_rewrite', 'fix'],
];
const call = (tool: string, arg: string, value: string) => ({ tool, args: { [arg]: value } });

export const SECRETS: RuleSetSource = {
  name: 'secrets',
  refuses: 'a written content that carries a private key block or a token with a known prefix',
  remedy: 'read the secret from the environment or a file outside the project at run time; never write it into a file',
  text: String.raw`
deny file_write content=*-----BEGIN *PRIVATE KEY-----*
deny file_write content=*ghp_*
deny file_write content=*gho_*
deny file_write content=*ghu_*
deny file_write content=*ghs_*
deny file_write content=*ghr_*
deny file_write content=*github_pat_*
deny file_write content=*xoxa-*
deny file_write content=*xoxb-*
deny file_write content=*xoxp-*
deny file_write content=*xoxo-*
deny file_write content=*xoxs-*
deny file_write content=*xoxr-*
deny file_write content=*AKIA*
deny file_write content=*AIza*
deny file_write content=*sk-ant-*
deny edit_file new_string=*-----BEGIN *PRIVATE KEY-----*
deny edit_file new_string=*ghp_*
deny edit_file new_string=*gho_*
deny edit_file new_string=*ghu_*
deny edit_file new_string=*ghs_*
deny edit_file new_string=*ghr_*
deny edit_file new_string=*github_pat_*
deny edit_file new_string=*xoxa-*
deny edit_file new_string=*xoxb-*
deny edit_file new_string=*xoxp-*
deny edit_file new_string=*xoxo-*
deny edit_file new_string=*xoxs-*
deny edit_file new_string=*xoxr-*
deny edit_file new_string=*AKIA*
deny edit_file new_string=*AIza*
deny edit_file new_string=*sk-ant-*
deny node_replace text=*-----BEGIN *PRIVATE KEY-----*
deny node_replace text=*ghp_*
deny node_replace text=*gho_*
deny node_replace text=*ghu_*
deny node_replace text=*ghs_*
deny node_replace text=*ghr_*
deny node_replace text=*github_pat_*
deny node_replace text=*xoxa-*
deny node_replace text=*xoxb-*
deny node_replace text=*xoxp-*
deny node_replace text=*xoxo-*
deny node_replace text=*xoxs-*
deny node_replace text=*xoxr-*
deny node_replace text=*AKIA*
deny node_replace text=*AIza*
deny node_replace text=*sk-ant-*
deny node_insert text=*-----BEGIN *PRIVATE KEY-----*
deny node_insert text=*ghp_*
deny node_insert text=*gho_*
deny node_insert text=*ghu_*
deny node_insert text=*ghs_*
deny node_insert text=*ghr_*
deny node_insert text=*github_pat_*
deny node_insert text=*xoxa-*
deny node_insert text=*xoxb-*
deny node_insert text=*xoxp-*
deny node_insert text=*xoxo-*
deny node_insert text=*xoxs-*
deny node_insert text=*xoxr-*
deny node_insert text=*AKIA*
deny node_insert text=*AIza*
deny node_insert text=*sk-ant-*
deny node_ensure text=*-----BEGIN *PRIVATE KEY-----*
deny node_ensure text=*ghp_*
deny node_ensure text=*gho_*
deny node_ensure text=*ghu_*
deny node_ensure text=*ghs_*
deny node_ensure text=*ghr_*
deny node_ensure text=*github_pat_*
deny node_ensure text=*xoxa-*
deny node_ensure text=*xoxb-*
deny node_ensure text=*xoxp-*
deny node_ensure text=*xoxo-*
deny node_ensure text=*xoxs-*
deny node_ensure text=*xoxr-*
deny node_ensure text=*AKIA*
deny node_ensure text=*AIza*
deny node_ensure text=*sk-ant-*
deny node_ensure name=*-----BEGIN *PRIVATE KEY-----*
deny node_ensure name=*ghp_*
deny node_ensure name=*gho_*
deny node_ensure name=*ghu_*
deny node_ensure name=*ghs_*
deny node_ensure name=*ghr_*
deny node_ensure name=*github_pat_*
deny node_ensure name=*xoxa-*
deny node_ensure name=*xoxb-*
deny node_ensure name=*xoxp-*
deny node_ensure name=*xoxo-*
deny node_ensure name=*xoxs-*
deny node_ensure name=*xoxr-*
deny node_ensure name=*AKIA*
deny node_ensure name=*AIza*
deny node_ensure name=*sk-ant-*
deny node_ensure module=*-----BEGIN *PRIVATE KEY-----*
deny node_ensure module=*ghp_*
deny node_ensure module=*gho_*
deny node_ensure module=*ghu_*
deny node_ensure module=*ghs_*
deny node_ensure module=*ghr_*
deny node_ensure module=*github_pat_*
deny node_ensure module=*xoxa-*
deny node_ensure module=*xoxb-*
deny node_ensure module=*xoxp-*
deny node_ensure module=*xoxo-*
deny node_ensure module=*xoxs-*
deny node_ensure module=*xoxr-*
deny node_ensure module=*AKIA*
deny node_ensure module=*AIza*
deny node_ensure module=*sk-ant-*
deny structural_rewrite fix=*-----BEGIN *PRIVATE KEY-----*
deny structural_rewrite fix=*ghp_*
deny structural_rewrite fix=*gho_*
deny structural_rewrite fix=*ghu_*
deny structural_rewrite fix=*ghs_*
deny structural_rewrite fix=*ghr_*
deny structural_rewrite fix=*github_pat_*
deny structural_rewrite fix=*xoxa-*
deny structural_rewrite fix=*xoxb-*
deny structural_rewrite fix=*xoxp-*
deny structural_rewrite fix=*xoxo-*
deny structural_rewrite fix=*xoxs-*
deny structural_rewrite fix=*xoxr-*
deny structural_rewrite fix=*AKIA*
deny structural_rewrite fix=*AIza*
deny structural_rewrite fix=*sk-ant-*
`,
  mustMatch: ARGS.flatMap(([tool, arg]) => [
    call(tool, arg, '-----BEGIN RSA PRIVATE KEY-----\nMIIE'),
    call(tool, arg, '-----BEGIN OPENSSH PRIVATE KEY-----'),
    call(tool, arg, 'token = "ghp_0123456789abcdef"'),
    call(tool, arg, 'github_pat_11AAA'),
    call(tool, arg, 'SLACK=xoxb-123-456'),
    call(tool, arg, 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE'),
    call(tool, arg, 'key: AIzaSyD-example'),
    call(tool, arg, 'ANTHROPIC_API_KEY=sk-ant-api03-x'),
  ]),
  mustNotMatch: ARGS.flatMap(([tool, arg]) => [
    call(tool, arg, 'export const x = 1;'),
    call(tool, arg, 'jwt: eyJhbGciOiJIUzI1NiJ9.e30.sig'),
    call(tool, arg, 'https://user:pass@example.invalid/'),
    call(tool, arg, 'api_key = "abc123"'),
    call(tool, arg, '-----BEGIN PUBLIC KEY-----'),
    call(tool, arg, 'akia lowercase does not match'),
  ]),
};
