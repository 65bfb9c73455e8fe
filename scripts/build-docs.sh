#!/usr/bin/env bash
# Builds the DocC documentation of every library module with warnings as errors (a broken
# symbol link or an undocumented parameter fails). Output: .build-docs/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(AutocompleteCore AutocompleteCities AutocompleteTerminal AutocompletePresentation AutocompleteRemote)
graphs="$PWD/.build-docs/symbol-graphs"  # kept between runs: an up-to-date module emits nothing anew
mkdir -p "$graphs" .build-docs/docs
for module in "${modules[@]}"; do
  swift build --scratch-path .build-docs --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
done
for module in "${modules[@]}"; do
  own=".build-docs/module-graphs/$module"
  rm -rf "$own" && mkdir -p "$own"
  cp "$graphs/$module.symbols.json" "$own/"
  cp "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  docc convert "${catalog[@]}" --additional-symbol-graph-dir "$own" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.autocompletekit.$module" \
    --output-path ".build-docs/docs/$module.doccarchive" --warnings-as-errors
  echo "docs: $module ok"
done
