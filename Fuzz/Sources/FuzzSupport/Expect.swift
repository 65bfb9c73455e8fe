/// Stops the fuzz target with `message` when `condition` fails: libFuzzer keeps the input as a crash.
public func expect(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition() { fatalError(message(), file: file, line: line) }
}
