#!/usr/bin/env bash
# Shows that the UIKit and AppKit delegates cannot be missed silently: a conformer whose method has
# the wrong parameter types (issue 39: `didAdd mention: Mention` for `[Mention]`, `didPick` with
# `AutocompleteTextField` for `UITextField`) must be a compiler error, and so must a `case` whose
# payload is used as the wrong type; the right conformers compile.
# Needs the Apple SDKs and the package's modules for each platform, emitted from the package root:
#   check-apple.py ios --modules /tmp/m-ios; check-apple.py macos --modules /tmp/m-macos
# then: scripts/check-delegate-near-miss.sh /tmp/m-ios /tmp/m-macos
set -euo pipefail
ios_modules=${1:?modules emitted by check-apple.py ios --modules DIR}
macos_modules=${2:?modules emitted by check-apple.py macos --modules DIR}
sdks=${APPLE_SDKS:-$HOME/.cache/apple-sdks}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

typecheck() {  # platform file
  local target sdk cache prebuilt modules
  if [ "$1" = ios ]; then
    target=arm64-apple-ios16.0 sdk=$sdks/iPhoneOS17.0.sdk modules=$ios_modules
  else
    target=x86_64-apple-macos13.0 sdk=$sdks/MacOSX14.0.sdk modules=$macos_modules
  fi
  swiftc -typecheck -swift-version 6 -target "$target" -sdk "$sdk" -resource-dir "$sdks/resource-dir" \
    -module-cache-path "$sdks/module-cache-$1" -I "$sdks/prebuilt-$1" -I "$modules" \
    -Xfrontend -disable-legacy-type-info "$2"
}

# expect PLATFORM NAME SHOULD_COMPILE SOURCE [DIAGNOSTIC]: a file that must not compile must fail
# with DIAGNOSTIC (so that a missing module is not mistaken for the error looked for).
failures=0
expect() {
  printf '%s\n' "$4" > "$work/$2.swift"
  if typecheck "$1" "$work/$2.swift" > "$work/$2.log" 2>&1; then compiled=yes; else compiled=no; fi
  if [ "$compiled" = no ] && [ -n "${5:-}" ] && ! grep -q "$5" "$work/$2.log"; then compiled="no, not with “$5”"; fi
  if [ "$compiled" = "$3" ]; then
    echo "ok   $1 $2 (compiles: $compiled)"
  else
    echo "FAIL $1 $2 (compiles: $compiled, expected $3)"; cat "$work/$2.log"; failures=$((failures + 1))
  fi
}

for platform in ios macos; do
  if [ $platform = ios ]; then kit=UIKit field=UITextField wrong=AutocompleteTextField; else
    kit=AppKit field=NSTextField wrong=AutocompleteNSTextField; fi
  header="import Autocomplete$kit
import $kit"
  expect $platform manager-right yes "$header
@MainActor final class D: AutocompleteTriggerManagerDelegate {
  func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool { true }
  func autocompleteManager(_ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent) {
    if case .mentionsAdded(let mentions) = event { print(mentions.count) }
  }
}"
  expect $platform manager-near-miss no "$header
@MainActor final class D: AutocompleteTriggerManagerDelegate {
  func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool { true }
  func autocompleteManager(_ manager: AutocompleteTriggerManager, didAdd mention: Mention) {}
}" "does not conform to protocol"
  expect $platform manager-wrong-payload no "$header
@MainActor final class D: AutocompleteTriggerManagerDelegate {
  func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool { true }
  func autocompleteManager(_ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent) {
    if case .mentionsAdded(let mention) = event { print(mention.id) }  // one Mention expected: [Mention]
  }
}" "has no member 'id'"
  expect $platform field-right yes "$header
@MainActor final class D: AutocompleteFieldDelegate {
  func autocompleteField(_ field: $field, didReceive event: AutocompleteFieldEvent) {
    if case .picked(let suggestion) = event { print(suggestion.displayText) }
  }
}"
  expect $platform field-near-miss no "$header
@MainActor final class D: AutocompleteFieldDelegate {
  func autocompleteField(_ field: $wrong, didReceive event: AutocompleteFieldEvent) {}
}" "does not conform to protocol"
done
[ $failures = 0 ] && echo "every near miss is a compiler error" || { echo "$failures unexpected"; exit 1; }
