#!/usr/bin/env bash
# Builds the DocC documentation of every library module with warnings as errors (a broken
# symbol link or a missing page fails). Output: .build-docs/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-docs/docs
mkdir -p "$out"
for module in AutocompleteCore AutocompleteCities AutocompleteTerminal; do
  graphs=.build-docs/symbol-graphs/$module
  rm -rf "$graphs" && mkdir -p "$graphs"
  swift build --scratch-path .build-docs --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  docc convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.autocompletekit.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors
  echo "docs: $module ok"
done
