#!/bin/sh
# Adds or removes a "Fax Desktop" printer: a CUPS queue whose jobs land in a Fax Desktop hot folder. Run as root
# (Fax Desktop asks through pkexec).
#   fax-desktop-printer.sh add <queue> <id> <description> <folder>
#   fax-desktop-printer.sh remove <queue> <id>
# FAX_DESKTOP_CUPS_BACKEND_DIR and FAX_DESKTOP_CUPS_SERVERROOT point at another CUPS (the tests' own cupsd);
# pkexec clears the environment, so an elevated run always uses the system's.
set -eu

backend_dir=${FAX_DESKTOP_CUPS_BACKEND_DIR:-/usr/lib/cups/backend}
config_dir="${FAX_DESKTOP_CUPS_SERVERROOT:-/etc/cups}/fax-desktop"
here=$(cd "$(dirname "$0")" && pwd)

fail() {
  echo "$1" >&2
  exit 2
}

check_names() {
  case $1 in '' | *[!A-Za-z0-9_-]*) fail "bad queue name" ;; esac
  case $2 in '' | *[!A-Za-z0-9_-]*) fail "bad printer id" ;; esac
}

case ${1:-} in
  add)
    [ "$#" -eq 5 ] || fail "usage: add <queue> <id> <description> <folder>"
    check_names "$2" "$3"
    case $5 in /*) ;; *) fail "the folder must be an absolute path" ;; esac
    [ -d "$5" ] || fail "the folder does not exist"
    install -d -m 0755 "$backend_dir" "$config_dir"
    install -m 0700 "$here/fax-desktop-backend" "$backend_dir/faxdesktop"
    printf '%s\n' "$5" > "$config_dir/$3.folder.new"
    chmod 0644 "$config_dir/$3.folder.new"
    mv -f "$config_dir/$3.folder.new" "$config_dir/$3.folder"
    # A raw queue: the program's PDF reaches the backend unchanged. A failed job is tried again later (a hot
    # folder on a network drive that is away) instead of stopping the printer.
    out=$(lpadmin -p "$2" -E -v "faxdesktop:/$3" -m raw -D "$4" -o printer-error-policy=retry-job 2>&1) || fail "$(printf '%s\n' "$out" | grep -v -i 'deprecated')"
    lpstat -v "$2" > /dev/null 2>&1 || fail "CUPS did not add the printer"
    ;;
  remove)
    [ "$#" -eq 3 ] || fail "usage: remove <queue> <id>"
    check_names "$2" "$3"
    if lpstat -v "$2" > /dev/null 2>&1; then lpadmin -x "$2"; fi
    rm -f "$config_dir/$3.folder"
    # The backend goes with the last Fax Desktop printer.
    if [ -z "$(ls -A "$config_dir" 2> /dev/null)" ]; then
      rm -f "$backend_dir/faxdesktop"
      rmdir "$config_dir" 2> /dev/null || true
    fi
    ;;
  *) fail "usage: fax-desktop-printer.sh add|remove ..." ;;
esac
