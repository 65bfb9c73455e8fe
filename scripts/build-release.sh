#!/usr/bin/env bash
# Builds the `autocomplete` command the way to install or ship it, and prints the binary's path:
#
#   cp "$(bash scripts/build-release.sh)" ~/.local/bin/autocomplete
#
# Release mode (a debug build is 10-50x slower), and on Linux the Swift runtime and Foundation
# linked in (--static-swift-stdlib) into a non-PIE executable: one file that needs no Swift
# toolchain, that starts in about half the time, and whose peak memory before it reads anything is
# about 22 MB instead of 30 MB (no Swift libraries to map and relocate: 81,000 relocations of a PIE
# touch 3 MB more at start-up). Like fzf's release binaries, it is not position-independent. The
# command keeps `--typesense`, so it still loads the system's libcurl (FoundationNetworking needs
# it): building it needs libcurl's development files, which this script installs on Debian
# (`libcurl4-openssl-dev`) when they are missing and apt-get can.
#
# Environment: SCRATCH=DIR (default .build-release), the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH="${SCRATCH:-.build-release}"
flags=()
if [[ "$(uname -s)" == Linux ]]; then
  # The linker's libcurl.so comes with the development files.
  if ! compgen -G '/usr/lib/*/libcurl.so' >/dev/null && ! compgen -G '/usr/lib/libcurl.so' >/dev/null \
    && command -v apt-get >/dev/null 2>&1; then
    echo "installing libcurl4-openssl-dev (libcurl's development files, for the static link)..." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev; } >&2
  fi
  flags=(--static-swift-stdlib -Xlinker -no-pie)
fi
swift build -c release --product autocomplete --scratch-path "$SCRATCH" "${flags[@]}" >&2
echo "$PWD/$SCRATCH/release/autocomplete"
