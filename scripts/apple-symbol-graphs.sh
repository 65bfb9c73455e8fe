#!/usr/bin/env bash
# Symbol graphs of the Apple front ends (AutocompleteUIKit, AutocompleteSwiftUI, AutocompleteAppKit),
# for scripts/build-docs.sh: UIKit, SwiftUI and AppKit exist only in Apple's SDKs, so these modules
# are type-checked against the iOS 17.0 and macOS 14.0 SDKs by ../shared/tools/apple-sdk/check-apple.py
# (every body, Swift 6 strict concurrency; see that folder's README), which leaves their modules in a
# folder, and their symbol graphs are then extracted from those modules with the same SDK flags.
#
#   scripts/apple-symbol-graphs.sh OUT_DIR
#
# Writes OUT_DIR/ios/*.symbols.json (UIKit, SwiftUI) and OUT_DIR/macos/*.symbols.json (AppKit,
# SwiftUI) and exits 0; a warning or error from the type-check fails it (exit 1), as DocC's
# warnings do. Where the SDKs are not prepared (CI has none) or check-apple.py is not beside the
# checkout, it prints why on standard error, writes nothing and exits 3.
# APPLE_SDKS (default ~/.cache/apple-sdks) and CHECK_APPLE (default ../shared/tools/apple-sdk/check-apple.py)
# say where they are.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:?usage: scripts/apple-symbol-graphs.sh OUT_DIR}"
sdks="${APPLE_SDKS:-$HOME/.cache/apple-sdks}"
check="${CHECK_APPLE:-../shared/tools/apple-sdk/check-apple.py}"
declare -A triple=([ios]=arm64-apple-ios16.0 [macos]=x86_64-apple-macos13.0)
declare -A sdk=([ios]=iPhoneOS17.0.sdk [macos]=MacOSX14.0.sdk)
declare -A modules=([ios]="AutocompleteUIKit AutocompleteSwiftUI" [macos]="AutocompleteAppKit AutocompleteSwiftUI")

for platform in ios macos; do
  if [ ! -e "$sdks/${sdk[$platform]}/.prepared" ]; then
    echo "no prepared ${sdk[$platform]} in $sdks (../shared/tools/apple-sdk/prepare.sh makes it)" >&2
    exit 3
  fi
done
if [ ! -f "$check" ]; then
  echo "no $check (the shared Apple SDK tools are not beside this checkout)" >&2
  exit 3
fi

for platform in ios macos; do
  work="$out/modules-$platform"
  rm -rf "$work" "${out:?}/$platform" && mkdir -p "$work" "$out/$platform"
  # shellcheck disable=SC2086  # the module names are words
  if ! report="$(python3 "$check" "$platform" --modules "$work" ${modules[$platform]} 2>&1)"; then
    echo "$report" >&2
    echo "apple-symbol-graphs: the $platform type-check failed" >&2
    exit 1
  fi
  if grep -q ": warning: " <<<"$report" || grep -E '^Autocomplete[A-Za-z]+: ' <<<"$report" | grep -vq 'OK (0 warning(s))'; then
    echo "$report" >&2
    echo "apple-symbol-graphs: the $platform type-check has warnings (treated as errors)" >&2
    exit 1
  fi
  for module in ${modules[$platform]}; do
    swift-symbolgraph-extract -module-name "$module" -target "${triple[$platform]}" \
      -sdk "$sdks/${sdk[$platform]}" -resource-dir "$sdks/resource-dir" \
      -module-cache-path "$sdks/module-cache-$platform" -I "$sdks/prebuilt-$platform" -I "$work" \
      -minimum-access-level public -emit-extension-block-symbols -output-dir "$out/$platform"
  done
  echo "apple-symbol-graphs: $platform: ${modules[$platform]} type-checked with 0 warnings, graphs extracted" >&2
done
