// The sandbox's own /etc/passwd and /etc/group: programs that look their user up (whoami, ssh, git's
// ident) find one, and the host's accounts and their home folders are not listed.
import type { SandboxIdentity } from './types.js';

/** A user name programs accept, or `user`. */
export function sandboxUserName(name: string): string {
  return /^[a-z_][a-z0-9_-]{0,31}$/.test(name) ? name : 'user';
}

export function sandboxPasswd(identity: SandboxIdentity, home: string): string {
  const name = identity.uid === 0 ? 'root' : sandboxUserName(identity.user);
  const lines = [
    identity.uid === 0 ? `root:x:0:0:root:${home}:/bin/sh` : 'root:x:0:0:root:/root:/usr/sbin/nologin',
    ...(identity.uid === 0 ? [] : [`${name}:x:${identity.uid}:${identity.gid}:${name}:${home}:/bin/sh`]),
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
  ];
  return lines.join('\n') + '\n';
}

export function sandboxGroup(identity: SandboxIdentity): string {
  const lines = ['root:x:0:'];
  if (identity.gid !== 0 && identity.gid !== 65534) lines.push(`${identity.uid === 0 ? 'users' : sandboxUserName(identity.user)}:x:${identity.gid}:`);
  lines.push('nogroup:x:65534:');
  return lines.join('\n') + '\n';
}
