#!/usr/bin/env bash
# Runs a command where the OS keychain (Secret Service) works.
# - On a desktop with a session bus, the command runs as is and uses the user's own keychain.
# - Otherwise (CI, servers, containers), or when FAX_ISOLATED_KEYRING=1 (the tests always set it, so they never
#   touch a developer's real keychain), it starts a private D-Bus session with a fresh, unlocked GNOME Keyring
#   in a temporary home (its secrets kept in the daemon's memory), runs the command inside it, and removes
#   everything afterwards.
set -euo pipefail

if [ "${FAX_KEYRING_SESSION:-}" = "1" ]; then
  exec "$@"
fi
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ "${FAX_ISOLATED_KEYRING:-}" != "1" ]; then
  exec "$@"
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: '$tool' is missing. Install it with: sudo apt-get install -y dbus gnome-keyring" >&2
    exit 1
  fi
done

keyring_home=$(mktemp -d "${TMPDIR:-/tmp}/fax-keyring.XXXXXX")
trap 'rm -rf "$keyring_home"' EXIT
export FAX_REAL_HOME="$HOME"
export FAX_KEYRING_SESSION=1
HOME="$keyring_home" XDG_RUNTIME_DIR="$keyring_home" XDG_DATA_HOME="$keyring_home/.local/share" \
  dbus-run-session -- bash -c '
    set -e
    # The daemon reads the new keyring password on stdin; the keyring only protects throw-away test secrets.
    printf "fax-desktop-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    # The secrets go to the daemon'"'"'s in-memory "session" collection, not the login keyring: that is a file the
    # daemon rewrites whole, encrypted, at every change, and a test run stores thousands of throw-away items (the
    # rewrites were about half of the daemon'"'"'s CPU over a run). The app talks to the same Secret Service either way.
    for _ in $(seq 50); do
      dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q true && break
      sleep 0.1
    done
    dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.SetAlias string:default objpath:/org/freedesktop/secrets/collection/session >/dev/null ||
      echo "with-keyring: the keychain keeps its items in a file (the in-memory collection could not be made the default)" >&2
    exec "$@"
  ' with-keyring "$@" 2> >(grep -v "Failed to set fd limit" >&2)
