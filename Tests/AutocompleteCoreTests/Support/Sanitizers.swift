import Foundation

/// Whether this test build runs under a sanitizer (`swift test --sanitize=thread`, as CI does): a
/// sanitized build is 5–15× slower, so the heaviest differential tests run fewer cases there (their
/// point under the sanitizer is the threads they start, not the number of cases).
let isSanitized: Bool = ["__tsan_init", "__asan_init"].contains { (name: String) in
  dlsym(nil, name) != nil
}
