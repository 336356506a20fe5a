import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS, declaredAccess, githubAccess, httpApiAccess } from '../../src/policy/tools.js';

describe('per-call access (seed 000 "Modes", ADR 0008)', () => {
  it('http_api: GET, HEAD, OPTIONS and an absent method read', () => {
    expect(httpApiAccess({ url: 'https://x' })).toBe('network-read');
    for (const m of ['GET', 'get', 'HEAD', 'OPTIONS', ' Get ']) expect(httpApiAccess({ url: 'x', method: m })).toBe('network-read');
    expect(httpApiAccess({ url: 'x', method: null })).toBe('network-read');
  });
  it('http_api: any other method, an empty one included, executes', () => {
    for (const m of ['POST', 'PUT', 'DELETE', 'PATCH', '', 'GETX']) expect(httpApiAccess({ url: 'x', method: m })).toBe('execute');
    expect(httpApiAccess({ url: 'x', method: 1 })).toBe('execute');
  });
  it('http_api: a read method with a body, even empty, executes; keys read case aside', () => {
    expect(httpApiAccess({ url: 'x', method: 'GET', body: '' })).toBe('execute');
    expect(httpApiAccess({ url: 'x', body: {} })).toBe('execute');
    expect(httpApiAccess({ url: 'x', BODY: 'a' })).toBe('execute');
    expect(httpApiAccess({ url: 'x', Method: 'POST' })).toBe('execute');
    expect(httpApiAccess({ url: 'x', body: null })).toBe('network-read');
  });
  it('http_api: a method-override header in any case, in an object or a JSON string, executes', () => {
    for (const h of ['X-HTTP-Method-Override', 'x-http-method', 'X-METHOD-OVERRIDE']) {
      expect(httpApiAccess({ url: 'x', headers: { [h]: 'DELETE' } })).toBe('execute');
      expect(httpApiAccess({ url: 'x', method: 'GET', headers: JSON.stringify({ [h]: 'DELETE' }) })).toBe('execute');
    }
    expect(httpApiAccess({ url: 'x', headers: { Accept: 'application/json' } })).toBe('network-read');
    expect(httpApiAccess({ url: 'x', headers: 'X-HTTP-Method-Override: DELETE' })).toBe('network-read'); // not an object nor JSON
    expect(httpApiAccess({ url: 'x', headers: ['X-HTTP-Method-Override'] })).toBe('network-read');
  });
  it('github: list_issues, get_pr, search_repos, get_repo read (trimmed, case aside); anything else executes', () => {
    for (const a of ['list_issues', 'get_pr', ' search_repos ', 'GET_REPO']) expect(githubAccess({ action: a })).toBe('network-read');
    for (const a of ['create_issue', 'create_pr', 'merge_pr', '', undefined]) expect(githubAccess({ action: a })).toBe('execute');
  });
  it('classes the seed states', () => {
    expect(declaredAccess('rag_eval', {})).toBe('edit');
    expect(declaredAccess('rag_ingest', {})).toBe('edit');
    expect(declaredAccess('rag_search', {})).toBe('read');
    expect(declaredAccess('web_scrape', {})).toBe('network-read');
    expect(declaredAccess('scrape_element', {})).toBe('network-read');
    expect(declaredAccess('memory_recall', {})).toBe('read');
    expect(declaredAccess('memory_push', {})).toBe('edit');
    expect(declaredAccess('spawn_agent', {})).toBe('edit');
    expect(declaredAccess('run_validation', {})).toBe('read');
    expect(declaredAccess('run_tests', {})).toBe('execute');
    expect(declaredAccess('run_build', {})).toBe('execute');
    expect(declaredAccess('some_mcp_tool', {})).toBe('execute');
    expect(declaredAccess('transcribe_audio', {}, { access: 'read' })).toBe('read');
  });
  it('names the arguments the seed gives', () => {
    expect(BUILTIN_TOOLS.get('shell_command')!.arguments).toEqual(['command', 'working_directory', 'timeout_seconds']);
    expect(BUILTIN_TOOLS.get('file_write')!.arguments).toEqual(['path', 'content', 'encoding', 'append', 'create_backup']);
    expect(BUILTIN_TOOLS.get('http_api')!.arguments).toEqual(['url', 'method', 'headers', 'body', 'content_type']);
    expect(BUILTIN_TOOLS.get('run_build')!.arguments).toEqual(['project']);
    expect(BUILTIN_TOOLS.get('run_tests')!.arguments).toEqual(['command']);
  });
});
