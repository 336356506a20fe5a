// What of the host's system a bubblewrap sandbox sees, read-only: the program folders, and the parts of
// /etc a program needs to start (the dynamic loader's cache, alternatives), to resolve names, to check
// TLS certificates, to know the time zone and the locale, and to use ssh as a client. Left out on purpose:
// /etc/shadow, /etc/gshadow, sudoers, ssh host keys, /etc/machine-id, package-manager configs that may
// hold registry tokens (/etc/npmrc, /etc/pip.conf), TLS private keys (/etc/ssl/private), and everything
// of /home, /root, /var, /srv, /mnt, /media and /run. /etc/passwd and /etc/group are the sandbox's own (etc-files.ts).
// Each is bound with --ro-bind-try: a folder this distribution does not have is skipped, so the list can
// name the usual places of several distributions without probing the file system.

export const SYSTEM_FOLDERS: readonly string[] = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/opt', '/nix/store'];

export const ETC_ENTRIES: readonly string[] = [
  // the dynamic loader and Debian's alternatives (/usr/bin/editor → /etc/alternatives/editor → …)
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  // names and services
  '/etc/nsswitch.conf',
  '/etc/host.conf',
  '/etc/hosts',
  '/etc/resolv.conf',
  '/etc/gai.conf',
  '/etc/services',
  '/etc/protocols',
  '/etc/networks',
  // TLS trust: the certificates and the library configs, never /etc/ssl/private or /etc/pki/tls/private
  // (a sandbox run by root keeps root's uid, and the host's private keys are root's)
  '/etc/ssl/certs',
  '/etc/ssl/openssl.cnf',
  '/etc/ssl/cert.pem',
  '/etc/ca-certificates',
  '/etc/ca-certificates.conf',
  '/etc/pki/ca-trust',
  '/etc/pki/tls/certs',
  '/etc/pki/tls/openssl.cnf',
  '/etc/pki/tls/cert.pem',
  '/etc/crypto-policies',
  // time and language
  '/etc/localtime',
  '/etc/timezone',
  '/etc/locale.alias',
  '/etc/locale.conf',
  // file types, terminals
  '/etc/mime.types',
  '/etc/magic',
  '/etc/magic.mime',
  '/etc/inputrc',
  '/etc/terminfo',
  // what system this is
  '/etc/os-release',
  '/etc/debian_version',
  '/etc/lsb-release',
  '/etc/alpine-release',
  '/etc/fedora-release',
  '/etc/redhat-release',
  // git's and ssh's system-wide client settings (the ssh agent is reached through SSH_AUTH_SOCK)
  '/etc/gitconfig',
  '/etc/ssh/ssh_config',
  '/etc/ssh/ssh_config.d',
  '/etc/ssh/ssh_known_hosts',
  // Debian's JDKs read their security settings here
  '/etc/java-8-openjdk',
  '/etc/java-11-openjdk',
  '/etc/java-17-openjdk',
  '/etc/java-21-openjdk',
];
