/// One element's part in a choreography: when it starts, how long it lasts, its curve, and
/// what it animates.
public struct Track: Hashable, Sendable {
  /// When a track starts or how long it lasts: a duration, or a fraction of the total (the
  /// designer's "the bar fills during the middle half").
  public enum Time: Hashable, Sendable {
    /// An absolute duration.
    case absolute(Duration)
    /// A fraction of the choreography's total (0.25 is a quarter).
    case fraction(Double)
  }

  /// The element's name (unique in the choreography).
  public var element: String
  /// When it starts.
  public var start: Time
  /// How long it lasts.
  public var duration: Time
  /// How its progress follows time.
  public var curve: TimingCurve
  /// What it animates.
  public var properties: [AnimatedProperty]

  /// A track.
  public init(
    _ element: String, start: Time, duration: Time, curve: TimingCurve = .linear,
    properties: [AnimatedProperty]
  ) {
    self.element = element
    self.start = start
    self.duration = duration
    self.curve = curve
    self.properties = properties
  }
}

/// Why a choreography cannot be built, naming the track.
public enum ChoreographyError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The total is zero, negative, or not a number.
  case zeroTotal
  /// The total is longer than ``Choreography/longestTotal``: an animation that long is a
  /// mistake, and its frames would not fit in memory.
  case totalTooLong(Duration, longest: Duration)
  /// A track starts before zero.
  case negativeStart(element: String)
  /// A track lasts zero or less.
  case emptyDuration(element: String)
  /// A track ends after the total.
  case endsAfterTotal(element: String, end: Duration, total: Duration)
  /// Two tracks name the same element.
  case duplicateElement(String)
  /// A track's Bézier has control x values outside 0...1, or values that are not numbers.
  case invalidCurve(element: String)
  /// A track animates to or from a value that is not a number.
  case invalidValue(element: String, property: String)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .zeroTotal: "A choreography needs a total longer than zero."
    case .totalTooLong(let total, let longest):
      "A choreography of \(total) is longer than the longest allowed, \(longest)."
    case .negativeStart(let element): "Track \"\(element)\" starts before zero."
    case .emptyDuration(let element): "Track \"\(element)\" lasts no time; give it a duration."
    case .endsAfterTotal(let element, let end, let total):
      "Track \"\(element)\" ends at \(end), after the total of \(total)."
    case .duplicateElement(let element):
      "Two tracks animate \"\(element)\"; give each element one track (with several properties)."
    case .invalidCurve(let element):
      "Track \"\(element)\" has a Bézier whose x control values are outside 0...1."
    case .invalidValue(let element, let property):
      "Track \"\(element)\" animates \(property) to or from a value that is not a number."
    }
  }
}
