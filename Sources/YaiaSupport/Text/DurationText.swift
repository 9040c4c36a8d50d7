/// Yaia's one way to read and write a duration as text, shared by every part of the package:
/// manifests and scripts parse with it, reports, test failures and screens format with it.
///
/// Package-internal: an app formats durations its own way; Yaia's parts must agree with one
/// another.
package enum DurationText {
  /// Why text is not a duration.
  package enum Problem: Error, Equatable, Sendable {
    /// Not a number followed by `ms` or `s` (`300ms`, `1.5s`).
    case notADuration
    /// Negative, or longer than the limit the caller allows.
    case outOfRange(limit: Duration)
  }

  /// Reads `300ms`, `1.5s` or `2 s` (spaces around are ignored), from zero up to `limit`.
  ///
  /// The number is checked before any conversion: `inf`, `nan` or `1e300s` would trap in
  /// `Duration` arithmetic, and are refused instead.
  package static func parse(_ text: String, atMost limit: Duration) -> Result<Duration, Problem> {
    let trimmed = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
    var number = String(trimmed)
    let scale: Double
    if number.hasSuffix("ms") {
      number.removeLast(2)
      scale = 0.001
    } else if number.hasSuffix("s") {
      number.removeLast()
      scale = 1
    } else {
      return .failure(.notADuration)
    }
    while number.hasSuffix(" ") { number.removeLast() }
    // Digits, a point and an exponent (`1e3ms`); never `inf` or `nan`.
    guard !number.isEmpty,
      number.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
      let value = Double(number), value.isFinite
    else {
      return .failure(.notADuration)
    }
    let seconds = value * scale
    guard seconds >= 0, seconds <= Self.seconds(limit) else {
      return .failure(.outOfRange(limit: limit))
    }
    return .success(.microseconds(Int64((seconds * 1_000_000).rounded())))
  }

  /// A duration for people: `0 ms`, `0.40 ms`, `800 ms`, `2.5 s`, `12 s`.
  package static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    if microseconds == 0 { return "0 ms" }
    if abs(microseconds) >= 10_000_000 {
      return "\(microseconds / 1_000_000) s"
    }
    if abs(microseconds) >= 1_000_000 {
      let tenths = (microseconds + 50_000) / 100_000
      return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
    if abs(microseconds) >= 1_000 {
      return "\((microseconds + 500) / 1_000) ms"
    }
    let hundredths = (microseconds + 5) / 10
    return "0.\(hundredths < 10 ? "0" : "")\(hundredths) ms"
  }

  /// The duration in seconds, for APIs that take a `Double` (`TimeInterval`).
  package static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
