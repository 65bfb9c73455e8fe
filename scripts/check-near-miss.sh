#!/usr/bin/env bash
# Shows that no protocol of the package can be missed silently (issues 39 and 46): a conformer whose
# member is a near-miss of a requirement — a misspelled name, a wrong type, a wrong parameter — must be
# a compiler error, because every requirement that a conformer would write is required (a defaulted
# requirement is bypassed silently by a near-miss written in the type's own body). The right
# conformers compile.
#
# Each near-miss case is the right conformer with one member replaced by its near-miss; before issue
# 46 each protocol case compiled (the member was never called).
#
# On Linux (CI, after `swift build`): the protocols of AutocompleteCore and AutocompletePresentation,
# type-checked against the debug build's modules:
#   scripts/check-near-miss.sh linux [MODULES_DIR]   (default: $(swift build --show-bin-path)/Modules)
# With the Apple SDKs: the same protocols plus the UIKit and AppKit delegates, against the package's
# modules emitted from the package root for each platform:
#   check-apple.py ios --modules /tmp/m-ios; check-apple.py macos --modules /tmp/m-macos
#   scripts/check-near-miss.sh apple /tmp/m-ios /tmp/m-macos
set -euo pipefail
mode=${1:?linux [MODULES_DIR] | apple IOS_MODULES MACOS_MODULES}
sdks=${APPLE_SDKS:-$HOME/.cache/apple-sdks}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case $mode in
  linux)
    linux_modules=${2:-$(swift build --show-bin-path)/Modules}
    platforms=(linux) ;;
  apple)
    ios_modules=${2:?modules emitted by check-apple.py ios --modules DIR}
    macos_modules=${3:?modules emitted by check-apple.py macos --modules DIR}
    platforms=(ios macos) ;;
  *) echo "usage: $0 linux [MODULES_DIR] | apple IOS_MODULES MACOS_MODULES" >&2; exit 2 ;;
esac

typecheck() {  # platform file
  local target sdk modules
  if [ "$1" = linux ]; then
    swiftc -typecheck -swift-version 6 -I "$linux_modules" "$2"
    return
  elif [ "$1" = ios ]; then
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

# conformer PROTOCOL TYPE MEMBERS...: `struct TYPE: PROTOCOL` with one member a line.
conformer() {
  local protocol=$1 type=$2; shift 2
  printf 'import AutocompleteCore\nimport AutocompletePresentation\nstruct %s: %s {\n' "$type" "$protocol"
  printf '  %s\n' "$@"
  printf '}\n'
}
# replace OLD NEW MEMBERS...: the members, with the one equal to OLD replaced by NEW.
replaced() {
  local old=$1 new=$2; shift 2
  for member in "$@"; do if [ "$member" = "$old" ]; then printf '%s\n' "$new"; else printf '%s\n' "$member"; fi; done
}

# The protocols of the core and the presentation layer: each near-miss listed in issue 46.
protocol_cases() {  # platform
  local platform=$1 not="does not conform to protocol"
  local source=(
    'var title: String? { "People" }'
    'var isCacheable: Bool { false }'
    'func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }'
    'func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] { [] }')
  local item=(
    'var name: String'
    'var searchText: String { name }'
    'var displayText: String { name.uppercased() }'
    'var alternateSearchTexts: [String] { [] }'
    'var weight: Double { 1 }'
    'func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(searchText: searchText, alternates: []) }')
  local listed=(
    'var code: String'
    'func search(_ searchText: String) -> Bool { code.hasPrefix(searchText) }'
    'var autocompleteText: String { code }')
  local -a members
  expect "$platform" source-right yes "$(conformer SuggestionSource S "${source[@]}")"
  mapfile -t members < <(replaced "${source[1]}" 'var isCachable: Bool { false }' "${source[@]}")
  expect "$platform" source-isCachable no "$(conformer SuggestionSource S "${members[@]}")" "$not"
  mapfile -t members < <(replaced "${source[0]}" 'var title: String { "People" }' "${source[@]}")
  expect "$platform" source-title-not-optional no "$(conformer SuggestionSource S "${members[@]}")" "$not"
  mapfile -t members < <(replaced "${source[2]}" \
    'func immediateSuggestions(for text: String) -> [Suggestion]? { nil }' "${source[@]}")
  expect "$platform" source-immediate-string no "$(conformer SuggestionSource S "${members[@]}")" "$not"

  expect "$platform" item-right yes "$(conformer AutocompleteSearchable City "${item[@]}")"
  for weight in Int Float; do
    mapfile -t members < <(replaced "${item[4]}" "var weight: $weight { 1 }" "${item[@]}")
    expect "$platform" "item-weight-$weight" no "$(conformer AutocompleteSearchable City "${members[@]}")" "$not"
  done
  mapfile -t members < <(replaced "${item[5]}" \
    'func match(query: SearchQuery) -> TextMatch? { query.bestMatch(searchText: searchText, alternates: []) }' \
    "${item[@]}")
  expect "$platform" item-match-query-label no "$(conformer AutocompleteSearchable City "${members[@]}")" \
    "different argument labels from those required by protocol"
  mapfile -t members < <(replaced "${item[5]}" 'func match(_ query: String) -> TextMatch? { nil }' "${item[@]}")
  expect "$platform" item-match-string no "$(conformer AutocompleteSearchable City "${members[@]}")" "$not"
  mapfile -t members < <(replaced "${item[2]}" 'var displayText: String? { name }' "${item[@]}")
  expect "$platform" item-displayText-optional no "$(conformer AutocompleteSearchable City "${members[@]}")" "$not"
  mapfile -t members < <(replaced "${item[3]}" 'var alternateSearchText: [String] { [] }' "${item[@]}")
  expect "$platform" item-alternates-misspelled no "$(conformer AutocompleteSearchable City "${members[@]}")" "$not"

  expect "$platform" listed-item-right yes "$(conformer AutocompleteSearchableItemProtocol Airport "${listed[@]}")"
  mapfile -t members < <(replaced "${listed[2]}" 'var autocompleteText: String? { code }' "${listed[@]}")
  expect "$platform" listed-item-text-optional no \
    "$(conformer AutocompleteSearchableItemProtocol Airport "${members[@]}")" "$not"
}

# The UIKit and AppKit delegates (issue 39): `didAdd mention: Mention` for `[Mention]`, `didPick` with
# `AutocompleteTextField` for `UITextField`, and a `case` whose payload is used as the wrong type.
delegate_cases() {  # platform
  local platform=$1 kit field wrong header
  if [ "$platform" = ios ]; then kit=UIKit field=UITextField wrong=AutocompleteTextField; else
    kit=AppKit field=NSTextField wrong=AutocompleteNSTextField; fi
  header="import Autocomplete$kit
import $kit"
  expect "$platform" manager-right yes "$header
@MainActor final class D: AutocompleteTriggerManagerDelegate {
  func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool { true }
  func autocompleteManager(_ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent) {
    if case .mentionsAdded(let mentions) = event { print(mentions.count) }
  }
}"
  expect "$platform" manager-near-miss no "$header
@MainActor final class D: AutocompleteTriggerManagerDelegate {
  func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool { true }
  func autocompleteManager(_ manager: AutocompleteTriggerManager, didAdd mention: Mention) {}
}" "does not conform to protocol"
  expect "$platform" manager-wrong-payload no "$header
@MainActor final class D: AutocompleteTriggerManagerDelegate {
  func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool { true }
  func autocompleteManager(_ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent) {
    if case .mentionsAdded(let mention) = event { print(mention.id) }  // one Mention expected: [Mention]
  }
}" "has no member 'id'"
  expect "$platform" field-right yes "$header
@MainActor final class D: AutocompleteFieldDelegate {
  func autocompleteField(_ field: $field, didReceive event: AutocompleteFieldEvent) {
    if case .picked(let suggestion) = event { print(suggestion.displayText) }
  }
}"
  expect "$platform" field-near-miss no "$header
@MainActor final class D: AutocompleteFieldDelegate {
  func autocompleteField(_ field: $wrong, didReceive event: AutocompleteFieldEvent) {}
}" "does not conform to protocol"
}

for platform in "${platforms[@]}"; do
  protocol_cases "$platform"
  if [ "$platform" != linux ]; then delegate_cases "$platform"; fi
done
[ $failures = 0 ] && echo "every near miss is a compiler error" || { echo "$failures unexpected"; exit 1; }
