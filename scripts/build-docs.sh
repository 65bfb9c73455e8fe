#!/usr/bin/env bash
# Builds the documentation website: DocC for every library module and the guides, with warnings as
# errors (a broken symbol link or an undocumented parameter fails), merged into one site for static
# hosting at the root of a server (no base path). Output: docs-site/ in the checkout (git ignores it);
# the last line says how to serve it.
# - Linux modules: symbol graphs from `swift build`.
# - AutocompleteUIKit, AutocompleteSwiftUI, AutocompleteAppKit: symbol graphs from the modules
#   type-checked against Apple's iOS and macOS SDKs (scripts/apple-symbol-graphs.sh); where the SDKs
#   are not prepared (CI) they are left out of the site, with the reason printed.
# - Guides/*.md: made into a DocC catalog at build time (scripts/guides-to-docc.py), the "Guides"
#   pages the modules' landing pages link to.
# Each archive is built against the ones before it (`--dependency`), so a page may link another
# module's pages as ``/AutocompleteCore/SearchIndex`` or <doc:/Guides/Session>.
set -euo pipefail
cd "$(dirname "$0")/.."
linux=(AutocompleteCore AutocompleteCities AutocompleteTerminal AutocompletePresentation AutocompleteRemote)
apple=(AutocompleteUIKit AutocompleteAppKit AutocompleteSwiftUI)
work="$PWD/.build-docs"
site="$PWD/docs-site"
graphs="$work/symbol-graphs"  # kept between runs: an up-to-date module emits nothing anew
mkdir -p "$graphs" "$work/docs"
for module in "${linux[@]}"; do
  swift build --scratch-path .build-docs --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
done

modules=("${linux[@]}")
status=0
bash scripts/apple-symbol-graphs.sh "$work/apple-graphs" || status=$?
case $status in
  0) modules+=("${apple[@]}") ;;
  3) echo "docs: ${apple[*]} skipped: no Apple SDK here (the reason is above)" ;;
  *) exit 1 ;;
esac

# The archives, in dependency order; each may link the ones before it.
archives=()
convert() {  # NAME CATALOG [docc convert options…]
  local name="$1" catalog="$2"
  shift 2
  local dependencies=()
  for archive in "${archives[@]}"; do dependencies+=(--dependency "$archive"); done
  rm -rf "$work/docs/$name.doccarchive"
  docc convert "$catalog" "$@" "${dependencies[@]}" --enable-experimental-external-link-support \
    --fallback-display-name "$name" --fallback-bundle-identifier "org.autocompletekit.$name" \
    --output-path "$work/docs/$name.doccarchive" --warnings-as-errors
  archives+=("$work/docs/$name.doccarchive")
  echo "docs: $name ok"
}

rm -rf "$work/catalogs" && mkdir -p "$work/catalogs"
python3 scripts/guides-to-docc.py Guides "$work/catalogs/Guides.docc"
convert Guides "$work/catalogs/Guides.docc"

for module in "${modules[@]}"; do
  own="$work/module-graphs/$module"
  rm -rf "$own" && mkdir -p "$own"
  if [[ " ${apple[*]} " == *" $module "* ]]; then
    for platform in ios macos; do  # one graph per platform: DocC shows each symbol's platforms
      if compgen -G "$work/apple-graphs/$platform/$module.symbols.json" >/dev/null; then
        mkdir -p "$own/$platform"
        cp "$work/apple-graphs/$platform/$module".*json "$work/apple-graphs/$platform/$module"@*.json "$own/$platform/" 2>/dev/null || true
      fi
    done
  else
    cp "$graphs/$module.symbols.json" "$own/"
    cp "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
  fi
  convert "$module" "Sources/$module/$module.docc" --additional-symbol-graph-dir "$own"
done

rm -rf "$site"
docc merge "${archives[@]}" --output-path "$site" \
  --synthesized-landing-page-name AutocompleteKit --synthesized-landing-page-kind Package
echo "docs: the site is in docs-site/ (${#archives[@]} archives: Guides ${modules[*]})"
echo "docs: serve it with: python3 -m http.server 8000 --bind 127.0.0.1 --directory docs-site" \
  "  and open http://127.0.0.1:8000/documentation/"
