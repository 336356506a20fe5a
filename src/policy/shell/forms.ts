// The texts a deny rule on shell_command's `command` is tried on: every reading the front-end gives of a line.
import type { ShellReading, SimpleCommand } from '../../shell/types.js';
import { commandIdentity } from './identity.js';

export function lastVia(c: SimpleCommand): string {
  const at = c.via.lastIndexOf(' > ');
  return at < 0 ? c.via : c.via.slice(at + 3);
}

/**
 * Every text a deny rule on `command` is tried on. The input as typed is not one of them: what it holds
 * beyond these readings is what bash drops (comments), so a command and its normalised line are decided
 * alike; here-document and here-string bodies are added, since the line may not carry them.
 */
export function denyForms(_raw: string, reading: ShellReading): string[] {
  const forms = new Set<string>([reading.line]);
  for (const c of reading.commands) {
    const argv = joinWords(c.argv);
    // the unsplit words are most often the argv itself: no second string to build and hash then
    const words = sameWords(c.words, c.argv) ? argv : joinWords(c.words);
    forms.add(argv);
    forms.add(words);
    if (c.assignments.length) {
      const assigns = c.assignments.map((a) => `${a.name}=${a.value}`);
      forms.add(`${assigns.join(' ')} ${argv}`.trim());
      forms.add(`${assigns.join(' ')} ${words}`.trim());
      for (const a of c.assignments) forms.add(a.value);
    }
    const first = c.argv[0];
    if (first !== undefined) {
      const id = commandIdentity(first);
      if (id.gitDashedVerb) forms.add(['git', id.gitDashedVerb, ...c.argv.slice(1)].join(' '));
    }
    for (const o of c.opaque) forms.add(o.text);
    for (const r of c.redirects) if (r.operator === '<<<' || r.operator === '<<' || r.operator === '<<-') forms.add(r.target);
  }
  forms.delete('');
  return [...forms];
}

/** `words.join(' ')`, without join's generic machinery (these arrays hold a few strings). */
export function joinWords(words: readonly string[]): string {
  if (words.length === 0) return '';
  let s = words[0]!;
  for (let i = 1; i < words.length; i++) s += ' ' + words[i]!;
  return s;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
