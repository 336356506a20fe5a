// A decision as people read it: each reason's message, its rule in the seed's syntax, its set, the text
// it matched and what to do instead. Shared by `exec`, the embedded session and the crews. The reasons
// come from the gate, which names virtual paths only.
import type { Decision } from '../policy/types.js';

/** The reasons that refused or asked, four lines each (an allow rule's reason is not a refusal). */
export function reasonLines(decision: Decision, indent = '  '): string {
  const out: string[] = [];
  for (const r of decision.reasons) {
    if (r.kind === 'rule' && r.rule !== null && r.rule.startsWith('allow ')) continue;
    out.push(`${indent}- ${r.message}`);
    if (r.rule !== null) out.push(`${indent}  rule: ${r.rule}${r.set !== null ? ` (set ${r.set})` : ''}`);
    if (r.matched !== null) out.push(`${indent}  matched: ${oneLine(r.matched)}`);
    out.push(`${indent}  instead: ${r.remedy}`);
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** `<prefix>refused: <command> (mode M)` and the reasons. */
export function refusalText(source: string, decision: Decision, prefix = ''): string {
  return `${prefix}refused: ${oneLine(source)} (mode ${decision.mode})\n${reasonLines(decision)}`;
}

export function oneLine(text: string): string {
  return text.replace(/\n/g, '\\n');
}
