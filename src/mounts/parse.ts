// `--mount physical:virtual[:ro|rw]`, read as a value. The physical side keeps its Windows drive-letter
// form (`C:\x:/data:ro` is legitimate: ADR-008 §2); the virtual side is `/…` only. Nothing here touches
// the file system: resolveMountSpec (physical.ts) does that at the edge.
import type { MountError, MountErrorCode, MountResult, MountSpec } from './types.js';
import { normalizeVirtualPath } from './virtual-path.js';
import { reservedRootOf } from './reserved.js';

const USAGE = 'write physical:virtual[:ro|rw], e.g. ./data:/data:ro';

/**
 * Reads one mount string. Access defaults to read-only: a mount is writable only when the string says
 * `:rw` (fail closed; docker's own default is rw, and that difference is documented).
 */
export function parseMountString(text: string, option = '--mount'): MountResult<MountSpec> {
  const fail = (code: MountErrorCode, why: string, fix: string): MountResult<MountSpec> => ({
    ok: false,
    error: mountError(code, option, text, `${why}; ${fix}`),
  });
  if (text.trim() === '') return fail('syntax', 'the mount string is empty', USAGE);
  if (/[\u0000-\u001f\u007f]/.test(text)) return fail('character', 'the mount string holds a control character', USAGE);

  const split = splitAccess(text);
  if (!split.ok) return fail('access', `the third field ${JSON.stringify(split.field)} is not ro or rw`, `end the string with :ro (read-only, the default) or :rw`);
  const { rest, writable } = split;

  // A drive-letter virtual side (`/host:C:\data`) is refused by name rather than misread at its colon.
  const drive = /^(.+?):([A-Za-z]:(?:[\\/].*)?)$/.exec(rest);
  if (drive && drive[1] !== undefined && drive[2] !== undefined && !/^[A-Za-z]$/.test(drive[1])) {
    const checked = normalizeVirtualPath(drive[2]);
    const access = text === rest ? '' : text.slice(rest.length);
    if (!checked.ok) return fail(checked.code, checked.why, `write ${drive[1]}:/${lastSegment(drive[2])}${access}`);
  }

  const colon = rest.lastIndexOf(':');
  if (colon === -1) return fail('syntax', `${JSON.stringify(rest)} has no virtual side`, USAGE);
  const physical = rest.slice(0, colon);
  const virtualText = rest.slice(colon + 1);
  if (physical === '') return fail('syntax', 'the physical side is empty', USAGE);
  if (virtualText === '') return fail('syntax', 'the virtual side is empty', USAGE);

  const virtual = normalizeVirtualPath(virtualText);
  if (!virtual.ok) return fail(virtual.code, virtual.why, virtual.fix);

  const hit = reservedRootOf(virtual.path);
  if (hit?.kind === 'reserved') {
    return fail('reserved', `${hit.root} is reserved for ${hit.what}`, `mount it elsewhere, e.g. ${suggestion(virtual.path)}`);
  }
  if (hit?.kind === 'system') {
    return fail('system', `${hit.root} belongs to the sandbox's own system tree`, `mount it elsewhere, e.g. ${suggestion(virtual.path)}`);
  }
  return { ok: true, value: { physical, virtual: virtual.path, writable, text } };
}

export function mountError(code: MountErrorCode, option: string, value: string, detail: string): MountError {
  return { code, option, value, message: `${option} ${value}: ${detail}` };
}

type AccessSplit = { readonly ok: true; readonly rest: string; readonly writable: boolean } | { readonly ok: false; readonly field: string };

function splitAccess(text: string): AccessSplit {
  const colon = text.lastIndexOf(':');
  if (colon === -1) return { ok: true, rest: text, writable: false };
  const last = text.slice(colon + 1);
  const head = text.slice(0, colon);
  if (last === 'ro' || last === 'rw') return { ok: true, rest: head, writable: last === 'rw' };
  // `/a:/b:x`: the field before the last one is a virtual path, so the last is an access field gone wrong.
  const before = head.lastIndexOf(':');
  if (before !== -1 && !/[\\/]/.test(last) && head.slice(before + 1).startsWith('/')) return { ok: false, field: last };
  return { ok: true, rest: text, writable: false };
}

function lastSegment(path: string): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '' && !/^[A-Za-z]:$/.test(p));
  return parts[parts.length - 1] ?? 'data';
}

function suggestion(virtual: string): string {
  const last = virtual.split('/').filter((s) => s !== '').pop() ?? 'data';
  const name = /^(workspace|output|tmp|user-config|crews?.*|script|llm-logs|proc|dev|sys|usr|bin|sbin|lib.*|etc|run|orkeon-code)$/.test(last) ? 'data' : last;
  return `/mnt/${name}`;
}
