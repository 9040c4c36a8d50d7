import CustomDump
package import Testing
import Yaia

#if canImport(XCTest)
  import XCTest
#endif

/// Records a test failure: to Swift Testing when a Swift Testing test is running, otherwise to
/// XCTest (the failure then names `location` in its message, since XCTest wants a static file
/// name).
///
/// Every assertion and bounded wait in YaiaTesting reports through here, so a YaiaTesting
/// helper works the same in an `@Test` function and in an `XCTestCase`. The message's first
/// line is the failure's title (what differed, after which event); the rest is its detail.
package func reportFailure(_ message: String, at location: SourceLocation) {
  if Test.current != nil {
    recordIssue(message, at: location)
    return
  }
  #if canImport(XCTest)
    XCTFail("\(location.fileID):\(location.line): \(message)")
  #else
    recordIssue(message, at: location)
  #endif
}

/// Records `message` to Swift Testing, titled by its first line.
///
/// Swift Testing titles every recorded comment "Issue recorded", whatever it says, and puts
/// the comment below; an issue recorded with an error is titled by the error's description. So
/// the headline travels as a ``HarnessFailure`` and the diff as its comment: the list of
/// failures then says what differed ("Caught error: The view model differs after event 3 of
/// 3, …"), not only that something did.
private func recordIssue(_ message: String, at location: SourceLocation) {
  let lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let headline = String(lines.first ?? "")
  let detail = lines.count > 1 ? String(lines[1]) : ""
  Issue.record(
    HarnessFailure(description: headline),
    detail.isEmpty ? nil : Comment(rawValue: detail), sourceLocation: location)
}

/// A failed YaiaTesting check, as Swift Testing lists it: its description is the check's
/// headline (what differed and where).
struct HarnessFailure: Error, CustomStringConvertible {
  /// What differed, and after which event.
  let description: String
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
package func dumped<Value>(_ value: Value) -> String {
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
