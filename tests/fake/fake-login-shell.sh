#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# fake-login-shell.sh — the user's login shell, for tests. It takes -l, -i
# and -c COMMAND like bash; its "profile" prepends $FAKE_LOGIN_PREPEND
# (default: login-bin next to this script) to PATH and exports
# FAKE_LOGIN_PROFILE_RAN=1, then it runs COMMAND with /bin/sh.
#
# FAKE_LOGIN_MODE picks a behaviour:
#   normal          (the default)
#   hang            never finishes, ignoring SIGTERM, SIGHUP and SIGINT
#   garbage         prints text that holds no environment and exits 0
#   fail            says "broken profile" on stderr and exits 3
#   no-interactive  refuses -i, like a shell that needs a terminal for it
#   read-stdin      reads a line from standard input first, as a prompt would
#   noisy           prints a greeting around the command's output
# FAKE_LOGIN_COUNT_FILE, if set, gets a line per start.
interactive=0 command=
while [ $# -gt 0 ]; do
  case $1 in
    -l) ;;
    -i) interactive=1 ;;
    -c) command=$2; shift ;;
    *) echo "fake-login-shell: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

[ -n "${FAKE_LOGIN_COUNT_FILE:-}" ] && echo "start interactive=$interactive" >> "$FAKE_LOGIN_COUNT_FILE"

case ${FAKE_LOGIN_MODE:-normal} in
  hang)
    trap '' TERM HUP INT
    while :; do sleep 1; done ;;
  garbage)
    printf 'Welcome!\nthis is no environment\nPATH-ish=/nope\n'
    exit 0 ;;
  fail)
    echo "fake-login-shell: broken profile" >&2
    exit 3 ;;
  no-interactive)
    if [ "$interactive" = 1 ]; then
      echo "fake-login-shell: cannot be interactive without a terminal" >&2
      exit 1
    fi ;;
  read-stdin)
    printf 'Update now? [y/N] '
    read -r answer || answer=
    echo "answer: $answer" ;;
  noisy)
    echo "Have a nice day"
    printf 'no newline after this' ;;
  normal) ;;
  *) echo "fake-login-shell: unknown mode $FAKE_LOGIN_MODE" >&2; exit 2 ;;
esac

PATH=${FAKE_LOGIN_PREPEND:-$(dirname "$0")/login-bin}:$PATH
export PATH
FAKE_LOGIN_PROFILE_RAN=1
export FAKE_LOGIN_PROFILE_RAN
/bin/sh -c "$command"
status=$?
[ "${FAKE_LOGIN_MODE:-normal}" = noisy ] && echo "Goodbye"
exit $status
