#!/usr/bin/env bash
# Installs what building this package needs beyond the Swift toolchain: the SQLite
# development files (header and pkg-config entry). Safe to run again; does nothing when present.
set -euo pipefail

if pkg-config --exists sqlite3 2>/dev/null || [ -f /usr/include/sqlite3.h ]; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq libsqlite3-dev pkg-config
elif command -v brew >/dev/null 2>&1; then
  brew install sqlite
else
  echo "Install the SQLite 3 development package (sqlite3.h) with your system's package manager." >&2
  exit 1
fi
