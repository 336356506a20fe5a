// Which saved folder covers a folder: by whole path segments, never by string prefix
// (`/a/b` covers `/a/b` and `/a/b/c`, never `/a/bc`). Both sides are real, normalised absolute paths.

export function covers(trusted: string, folder: string): boolean {
  if (trusted === '/') return folder.startsWith('/');
  return folder === trusted || folder.startsWith(`${trusted}/`);
}

/** The first saved folder that covers `folder` (the folder itself first), or null. */
export function findCover(saved: readonly string[], folder: string): string | null {
  if (saved.includes(folder)) return folder;
  return saved.find((entry) => covers(entry, folder)) ?? null;
}

/**
 * What trusting `folder` sweeps in beyond a project, for the warning the question and `trust add` give:
 * `/`, the home folder, or a folder above the home folder (which covers it too).
 */
export type WideTrust = { readonly kind: 'root' } | { readonly kind: 'home' } | { readonly kind: 'above-home'; readonly home: string };

export function wideTrust(folder: string, realHome: string | null): WideTrust | null {
  if (folder === '/') return { kind: 'root' };
  if (realHome === null) return null;
  if (folder === realHome) return { kind: 'home' };
  if (covers(folder, realHome)) return { kind: 'above-home', home: realHome };
  return null;
}
