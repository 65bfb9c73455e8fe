#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the command line's options on `test` (a target's `LLVMFuzzerTestOneInput`),
/// then exits with its status. A target's `main.swift` calls it: libFuzzer's own `main` may or may not
/// be the one linked, and either way the same test runs.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
