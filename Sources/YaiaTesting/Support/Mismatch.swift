import CustomDump
import Testing

/// Records a test issue showing a field-by-field diff between `expected` and `actual`.
///
/// Every assertion in YaiaTesting reports through here, so all failures look alike: a
/// headline saying what differed and where, then CustomDump's diff (`−` expected, `+` actual).
func recordMismatch<T>(
  _ headline: String, expected: T, actual: T, sourceLocation: SourceLocation
) {
  let difference =
    diff(expected, actual, format: .proportional)
    ?? "expected:\n\(String(customDumping: expected))\nactual:\n\(String(customDumping: actual))"
  Issue.record(
    Comment(rawValue: "\(headline)\n(− expected, + actual)\n\n\(difference)"),
    sourceLocation: sourceLocation)
}

/// One line naming an event for a failure message: its position and its value.
func describeEvent<Event>(_ event: Event, at index: Int, of count: Int) -> String {
  var dump = ""
  customDump(event, to: &dump, maxDepth: 2)
  return "event \(index + 1) of \(count), \(dump.replacingOccurrences(of: "\n", with: " "))"
}

/// The first index at which `expected` and `actual` differ; the shorter count when one is a
/// prefix of the other.
func firstDifference<T: Equatable>(_ expected: [T], _ actual: [T]) -> Int {
  zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(expected.count, actual.count)
}
