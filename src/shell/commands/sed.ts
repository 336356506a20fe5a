// GNU sed scripts, scanned for what they run: the `e COMMAND` command runs COMMAND with the shell, `e` alone
// and the `s///e` flag run the pattern space (not knowable before run time). A script this scanner cannot
// follow is reported whole, so the gate asks rather than guesses.

export interface SedRuns {
  /** `e COMMAND` texts: shell the script will run. */
  readonly shell: string[];
  /** What runs unknowable text (`s///e`, a bare `e`), or why the script could not be followed. */
  readonly opaque: string[];
}

export function scanSedScript(script: string): SedRuns {
  const shell: string[] = [];
  const opaque: string[] = [];
  let i = 0;
  const n = script.length;
  const skipBlanks = (): void => {
    while (i < n && (script[i] === ' ' || script[i] === '\t')) i++;
  };
  const toLineEnd = (): string => {
    const start = i;
    while (i < n && script[i] !== '\n') i++;
    return script.slice(start, i);
  };
  /** A delimited part (`/re/`, `s` parts): returns false when it runs off the end. */
  const delimited = (delim: string): boolean => {
    while (i < n && script[i] !== delim) {
      if (script[i] === '\\') i++;
      else if (script[i] === '\n' && delim !== '\n') return false;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const address = (): boolean => {
    skipBlanks();
    if (script[i] === '/' || script[i] === '\\') {
      let delim = '/';
      if (script[i] === '\\') {
        i++;
        delim = script[i] ?? '';
      }
      i++;
      if (!delimited(delim)) return false;
      while (i < n && /[IM]/.test(script[i]!)) i++;
      return true;
    }
    if (script[i] === '$') {
      i++;
      return true;
    }
    const m = /^(\d+)(~\d+)?/.exec(script.slice(i));
    if (m) i += m[0].length;
    return true;
  };
  while (i < n) {
    while (i < n && /[\s;]/.test(script[i]!)) i++;
    if (i >= n) break;
    if (script[i] === '#') {
      toLineEnd();
      continue;
    }
    if (script[i] === '}') {
      i++;
      continue;
    }
    if (!address()) return { shell, opaque: [...opaque, script] };
    skipBlanks();
    if (script[i] === ',') {
      i++;
      skipBlanks();
      if (script[i] === '+' || script[i] === '~') i++;
      if (!address()) return { shell, opaque: [...opaque, script] };
    }
    skipBlanks();
    while (script[i] === '!') {
      i++;
      skipBlanks();
    }
    const cmd = script[i];
    i++;
    switch (cmd) {
      case '{':
      case '=':
      case 'd':
      case 'D':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'n':
      case 'N':
      case 'p':
      case 'P':
      case 'x':
      case 'z':
      case 'F':
        break;
      case 'l':
      case 'L':
      case 'q':
      case 'Q':
        skipBlanks();
        while (i < n && /\d/.test(script[i]!)) i++;
        break;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        while (i < n && script[i] !== '\n' && script[i] !== ';') i++;
        break;
      case 'r':
      case 'R':
      case 'w':
      case 'W':
        toLineEnd();
        break;
      case 'a':
      case 'i':
      case 'c': {
        // text to the end of the line, continued by a trailing backslash
        for (;;) {
          const line = toLineEnd();
          if (line.endsWith('\\') && i < n) {
            i++;
            continue;
          }
          break;
        }
        break;
      }
      case 'e': {
        skipBlanks();
        const text = toLineEnd();
        if (text.trim()) shell.push(text);
        else opaque.push('e (runs the pattern space)');
        break;
      }
      case 's': {
        const delim = script[i];
        if (!delim || delim === '\n' || delim === '\\') return { shell, opaque: [...opaque, script] };
        i++;
        if (!delimited(delim)) return { shell, opaque: [...opaque, script] };
        const replStart = i;
        if (!delimited(delim)) return { shell, opaque: [...opaque, script] };
        const replacement = script.slice(replStart, i - 1);
        while (i < n && /[gpiImMe0-9]/.test(script[i]!)) {
          if (script[i] === 'e') opaque.push(`s///e (runs the pattern space, here: ${replacement})`);
          i++;
        }
        if (script[i] === 'w') toLineEnd();
        break;
      }
      case 'y': {
        const delim = script[i];
        if (!delim) return { shell, opaque: [...opaque, script] };
        i++;
        if (!delimited(delim) || !delimited(delim)) return { shell, opaque: [...opaque, script] };
        break;
      }
      default:
        return { shell, opaque: [...opaque, script] };
    }
  }
  return { shell, opaque };
}
