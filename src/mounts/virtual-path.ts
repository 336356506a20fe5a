// Virtual paths: `/…` only (ADR-008 §2). Read strictly rather than normalised generously: a `..` that
// would walk from `/data/../workspace` into a reserved root is refused, not resolved.
import type { MountErrorCode } from './types.js';

export type VirtualPathCheck =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly code: MountErrorCode; readonly why: string; readonly fix: string };

/** `C:`, `C:\x`, `c:/x`: a Windows drive path, legitimate on the physical side only. */
export function isDriveLetterPath(text: string): boolean {
  return /^[A-Za-z]:(?:[\\/]|$)/.test(text);
}

/** Checks and normalises a virtual path: absolute, no `.`/`..`, no control character, `//` and a trailing `/` dropped. */
export function normalizeVirtualPath(text: string): VirtualPathCheck {
  if (isDriveLetterPath(text)) {
    return {
      ok: false,
      code: 'drive-letter',
      why: `${text} is a Windows drive path, and a virtual path (what the session sees) starts with /`,
      fix: `write the drive path on the physical side and a /… path on the virtual side, e.g. ${text}:/data`,
    };
  }
  if (!text.startsWith('/')) {
    return {
      ok: false,
      code: 'relative',
      why: `the virtual path ${JSON.stringify(text)} is relative`,
      fix: `write it from the session's root, e.g. /${text.replace(/^\.?\/*/, '') || 'data'}`,
    };
  }
  // Characters that would be read differently by a backend or a person: control characters (a newline in
  // a bwrap or docker argument), the colon (the mount string's own separator), the comma (docker --mount).
  const bad = /[\u0000-\u001f\u007f,:\\]/.exec(text);
  if (bad) {
    return {
      ok: false,
      code: 'character',
      why: `the virtual path ${JSON.stringify(text)} holds ${JSON.stringify(bad[0])}`,
      fix: 'use letters, digits, -, _, . and / in a virtual path',
    };
  }
  const segments = text.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) {
    return {
      ok: false,
      code: 'dot-segment',
      why: `the virtual path ${text} holds a . or .. segment`,
      fix: 'write the path the session should see, without . or ..',
    };
  }
  return { ok: true, path: '/' + segments.join('/') };
}

/** Whether `path` is `root` or below it (both normalised virtual paths, or both absolute host paths). */
export function isWithin(path: string, root: string): boolean {
  if (root === '/') return path.startsWith('/');
  return path === root || path.startsWith(root + '/');
}

/** Number of segments: `/` is 0, `/a` is 1, `/a/b` is 2. Parents sort before what is mounted below them. */
export function depthOf(path: string): number {
  return path.split('/').filter((s) => s !== '').length;
}
