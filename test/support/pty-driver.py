#!/usr/bin/env python3
"""Runs a command in a real pseudo-terminal for the tests (test/support/pty.ts drives it).

usage: pty-driver.py [--cols N] [--rows N] [--timeout S] -- command [args...]

What arrives on this script's standard input is typed into the terminal as is (a line ends with "\r",
as the Enter key sends it; "\x04" is Ctrl-D, "\x03" Ctrl-C). What the command writes to the terminal is
copied to standard output. When the command is gone (and nothing holds the terminal open any more), the
last line on standard error is "PTY-EXIT <json>" with {"code": n|null, "signal": n|null}. On SIGTERM or
after --timeout seconds the command's whole process group is killed.
"""
import errno
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time


def main():
    args = sys.argv[1:]
    cols, rows, timeout = 100, 30, 300.0
    while args and args[0] != "--":
        opt, value, args = args[0], args[1], args[2:]
        if opt == "--cols":
            cols = int(value)
        elif opt == "--rows":
            rows = int(value)
        elif opt == "--timeout":
            timeout = float(value)
        else:
            sys.stderr.write("pty-driver: unknown option %s\n" % opt)
            return 64
    argv = args[1:]
    if not argv:
        sys.stderr.write("pty-driver: no command\n")
        return 64

    pid, master = pty.fork()
    if pid == 0:  # the child: the terminal is its controlling terminal and fds 0, 1, 2
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execvp(argv[0], argv)
        except OSError as err:
            os.write(2, ("pty-driver: cannot run %s: %s\r\n" % (argv[0], err.strerror)).encode())
        os._exit(127)

    def kill_group(*_):
        for sig in (signal.SIGHUP, signal.SIGKILL):
            try:
                os.killpg(pid, sig)
            except OSError:
                pass
        report(pid, killed=True)
        os._exit(124)

    signal.signal(signal.SIGTERM, kill_group)
    deadline = time.monotonic() + timeout
    stdin_open = True
    out = sys.stdout.buffer
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            sys.stderr.write("pty-driver: timed out after %ss\n" % timeout)
            kill_group()
        watch = [master] + ([0] if stdin_open else [])
        ready, _, _ = select.select(watch, [], [], min(remaining, 0.5))
        if 0 in ready:
            data = os.read(0, 4096)
            if data:
                os.write(master, data)
            else:
                stdin_open = False
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError as err:
                if err.errno == errno.EIO:  # every process holding the terminal is gone
                    break
                raise
            if not data:
                break
            out.write(data)
            out.flush()
    report(pid)
    return 0


def report(pid, killed=False):
    code, sig = None, None
    try:
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status):
            code = os.WEXITSTATUS(status)
        elif os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
    except ChildProcessError:
        pass
    sys.stderr.write("\nPTY-EXIT %s\n" % json.dumps({"code": code, "signal": sig, "killed": killed}))
    sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main())
