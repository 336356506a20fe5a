#!/usr/bin/env bash
# Starts a Docker engine (when none answers) and builds the sandbox tests' image offline (when it is
# missing): a busybox-static root filesystem with bash, imported as orkeon-code-test:busybox. No image can
# be pulled here, so nothing is pulled. Idempotent: a second run with an engine and the image does nothing.
# Exit 0 even when no engine can start: the Docker tests then skip loudly with the reason (see
# test/sandbox/docker-env.ts); this script says why on standard error.
set -uo pipefail

IMAGE="${ORKEON_CODE_TEST_IMAGE:-orkeon-code-test:busybox}"
LOG="${DOCKERD_LOG:-/var/log/dockerd.log}"

say() { printf 'docker-setup: %s\n' "$*" >&2; }

if ! command -v docker >/dev/null 2>&1; then
  say "no docker client on PATH (apt-get install docker.io); the Docker tests will skip"
  exit 0
fi

if ! docker info >/dev/null 2>&1; then
  if ! command -v dockerd >/dev/null 2>&1; then
    say "no dockerd on PATH (apt-get install docker.io); the Docker tests will skip"
    exit 0
  fi
  say "starting dockerd (vfs storage driver), log in $LOG"
  # setsid: the engine outlives this script and is not in the CI job's process group.
  setsid dockerd --storage-driver=vfs >"$LOG" 2>&1 </dev/null &
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 0.5
  done
  if ! docker info >/dev/null 2>&1; then
    say "dockerd did not answer within 30 s; last lines of $LOG:"
    tail -n 20 "$LOG" >&2 || true
    exit 0
  fi
fi

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
  say "$IMAGE present"
  exit 0
fi

# A static busybox runs in an image with no libraries (ldd fails on a static binary).
busybox=$(command -v busybox || true)
if [ -z "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
  say "no static busybox (apt-get install busybox-static); the Docker tests will skip"
  exit 0
fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# mktemp -d makes a 0700 folder, which would become the image's / and shut out every uid but root's.
chmod 0755 "$root"
mkdir -p "$root"/{bin,sbin,etc,tmp,home,run,workspace,output,user-config,lib,lib64,usr/bin}
cp "$busybox" "$root/bin/busybox"
"$busybox" --install -s "$root/bin" 2>/dev/null || true
# --install -s from outside the root writes links to the host's busybox path: point them at the image's.
for link in "$root"/bin/*; do
  [ -L "$link" ] && ln -sf /bin/busybox "$link"
done
# bash and the libraries it links: a line with operators runs under `bash -c` in the sandbox.
cp /bin/bash "$root/bin/bash"
for lib in $(ldd /bin/bash | grep -o '/[^ ]*' | sort -u); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
ln -sf /bin/bash "$root/bin/sh.bash"
ln -sf ../../bin/env "$root/usr/bin/env"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"

if tar -C "$root" -c . | docker import -c 'ENV PATH=/usr/local/bin:/usr/bin:/bin' - "$IMAGE" >/dev/null; then
  say "built $IMAGE offline (busybox-static + bash)"
else
  say "docker import of $IMAGE failed; the Docker tests will skip"
fi
exit 0
