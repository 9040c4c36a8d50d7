import CustomDump
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Records a test failure: to Swift Testing when a Swift Testing test is running, otherwise to
/// XCTest (the failure then names `location` in its message, since XCTest wants a static file
/// name).
///
/// Every assertion and bounded wait in YaiaTesting reports through here, so a YaiaTesting
/// helper works the same in an `@Test` function and in an `XCTestCase`.
func reportFailure(_ message: String, at location: SourceLocation) {
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: location)
    return
  }
  #if canImport(XCTest)
    XCTFail("\(location.fileID):\(location.line): \(message)")
  #else
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  #endif
}

/// Records a test failure showing a field-by-field diff between `expected` and `actual`.
///
/// All mismatches look alike: a headline saying what differed and where, then CustomDump's
/// diff (`−` expected, `+` actual).
func recordMismatch<T>(
  _ headline: String, expected: T, actual: T, sourceLocation: SourceLocation
) {
  let difference =
    diff(expected, actual, format: .proportional)
    ?? "expected:\n\(String(customDumping: expected))\nactual:\n\(String(customDumping: actual))"
  reportFailure("\(headline)\n(− expected, + actual)\n\n\(difference)", at: sourceLocation)
}

/// One line naming an event for a failure message: its position and its value.
func describeEvent<Event>(_ event: Event, at index: Int, of count: Int) -> String {
  "event \(index + 1) of \(count), \(dumped(event))"
}

/// A value as one line of CustomDump output (nested values to depth 2).
func dumped<Value>(_ value: Value) -> String {
  var dump = ""
  customDump(value, to: &dump, maxDepth: 2)
  return dump.split(separator: "\n").map { $0.trimmingPrefix(" ") }.joined(separator: " ")
}

/// The first index at which `expected` and `actual` differ; the shorter count when one is a
/// prefix of the other.
func firstDifference<T: Equatable>(_ expected: [T], _ actual: [T]) -> Int {
  zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(expected.count, actual.count)
}
