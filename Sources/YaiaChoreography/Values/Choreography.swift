/// Several elements' animations, choreographed: a total duration and, for each element, when
/// its animation starts, how long it lasts, its curve and what it animates. Like the seed's
/// Choreo, it does no animation of its own: it is a value a state can return in a command and
/// a test can compare, and a player plays.
///
/// ```swift
/// let splash = try Choreography.over(.milliseconds(400))
///   .element("title").from(0).lasting(0.5).easeOut().fading(from: 0, to: 1)
///   .element("bar").from(0.25).lasting(0.75).filling()
///   .element("subtitle").from(0.5).lasting(0.5).easeOut().sliding(fromX: 12)
///   .build()
/// ```
public struct Choreography: Hashable, Sendable {
  /// The whole animation's length.
  public let total: Duration
  /// The tracks, in the order given.
  public let tracks: [Track]
  /// Each track's start and end in seconds, in the order of ``tracks``.
  private let spans: [ClosedRange<Double>]

  /// The longest total a choreography may have: one hour. Animations last seconds; a total
  /// beyond this is a unit mistake, and its frames at 240 per second would exhaust memory.
  public static let longestTotal: Duration = .seconds(3_600)

  /// A choreography of `tracks` over `total`.
  ///
  /// - Throws: ``ChoreographyError`` naming the first track that does not fit: a zero total, a
  ///   negative start, no duration, an end after the total, a duplicate element, a bad curve
  ///   or value.
  public init(total: Duration, tracks: [Track]) throws(ChoreographyError) {
    let totalSeconds = Self.seconds(total)
    guard totalSeconds > 0, totalSeconds.isFinite else { throw .zeroTotal }
    guard total <= Self.longestTotal else {
      throw .totalTooLong(total, longest: Self.longestTotal)
    }
    var seen: Set<String> = []
    var spans: [ClosedRange<Double>] = []
    for track in tracks {
      guard seen.insert(track.element).inserted else { throw .duplicateElement(track.element) }
      let start = Self.seconds(track.start, of: totalSeconds)
      let length = Self.seconds(track.duration, of: totalSeconds)
      guard start.isFinite, start >= 0 else { throw .negativeStart(element: track.element) }
      guard length.isFinite, length > 0 else { throw .emptyDuration(element: track.element) }
      // A track may end at the total give or take a rounding of a fraction.
      guard start + length <= totalSeconds * (1 + 1e-12) else {
        throw .endsAfterTotal(
          element: track.element, end: .seconds(start + length), total: total)
      }
      guard track.curve.isValid else { throw .invalidCurve(element: track.element) }
      if let bad = track.properties.first(where: { !$0.isFinite }) {
        throw .invalidValue(element: track.element, property: bad.name)
      }
      spans.append(start...min(start + length, totalSeconds))
    }
    self.total = total
    self.tracks = tracks
    self.spans = spans
  }

  // MARK: Queries

  /// Every track's eased progress at `time`: exactly 0 before its start, 1 after its end, the
  /// curve applied in between.
  public func progress(at time: Duration) -> [String: Double] {
    let seconds = Self.seconds(time)
    var progress: [String: Double] = [:]
    for (track, span) in zip(tracks, spans) {
      progress[track.element] = Self.progress(of: track, span, at: seconds)
    }
    return progress
  }

  /// The elements whose animation is under way at `time` (started, not yet ended).
  public func activeTracks(at time: Duration) -> [String] {
    let seconds = Self.seconds(time)
    return zip(tracks, spans).filter { $1.lowerBound <= seconds && seconds < $1.upperBound }
      .map(\.0.element)
  }

  /// The frame at `time`: every element's properties.
  public func frame(at time: Duration) -> ChoreographyFrame {
    let clamped = min(max(time, .zero), total)
    let seconds = Self.seconds(clamped)
    var values: [String: [String: AnimatedValue]] = [:]
    for (track, span) in zip(tracks, spans) {
      let progress = Self.progress(of: track, span, at: seconds)
      var properties: [String: AnimatedValue] = [:]
      for property in track.properties { properties[property.name] = property.value(at: progress) }
      values[track.element] = properties
    }
    return ChoreographyFrame(time: clamped, values: values)
  }

  /// The frames a renderer draws at `framesPerSecond` (1...240): the first at zero, one every
  /// frame interval, and the last exactly at the total.
  public func frames(framesPerSecond: Int) -> [ChoreographyFrame] {
    frameTimes(framesPerSecond: framesPerSecond).map(frame(at:))
  }

  /// The times of ``frames(framesPerSecond:)``.
  public func frameTimes(framesPerSecond: Int) -> [Duration] {
    let rate = Self.rate(framesPerSecond)
    return (0...frameCount(rate: rate)).map { frameTime($0, rate: rate) }
  }

  /// The frame rate used for `framesPerSecond`: clamped to 1...240.
  static func rate(_ framesPerSecond: Int) -> Int { min(240, max(1, framesPerSecond)) }

  /// The index of the last frame at `rate` (the one at the total). Bounded: the total is at
  /// most ``longestTotal``, so at most 864,000.
  func frameCount(rate: Int) -> Int {
    // Less a nanosecond's worth, so that 0.4 s at 30 frames per second (12.000000000000002
    // intervals in floating point) is 12 intervals, not 13 with the last two at one time.
    max(1, Int((Self.seconds(total) * Double(rate) - 1e-9).rounded(.up)))
  }

  /// The time of frame `index` at `rate`: one frame interval apart from zero; the last frame
  /// (``frameCount(rate:)``) exactly at the total.
  func frameTime(_ index: Int, rate: Int) -> Duration {
    index >= frameCount(rate: rate) ? total : .seconds(Double(index) / Double(rate))
  }

  // MARK: Arithmetic

  private static func progress(of track: Track, _ span: ClosedRange<Double>, at seconds: Double)
    -> Double
  {
    if seconds <= span.lowerBound { return 0 }
    if seconds >= span.upperBound { return 1 }
    return track.curve.value(at: (seconds - span.lowerBound) / (span.upperBound - span.lowerBound))
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  private static func seconds(_ time: Track.Time, of total: Double) -> Double {
    switch time {
    case .absolute(let duration): seconds(duration)
    case .fraction(let fraction): fraction * total
    }
  }
}

/// What a renderer draws at one moment: each element's properties.
public struct ChoreographyFrame: Hashable, Sendable {
  /// The moment, from the start.
  public var time: Duration
  /// Each element's properties by name (`opacity`, `offset`, `scale`, or a value's name).
  public var values: [String: [String: AnimatedValue]]

  /// A frame.
  public init(time: Duration, values: [String: [String: AnimatedValue]]) {
    self.time = time
    self.values = values
  }

  /// The number `property` of `element` has, if it animates it.
  public func number(_ element: String, _ property: String) -> Double? {
    values[element]?[property]?.number
  }
}

/// A frame is `Codable`, so that an event carrying one can be (an inspector's exported
/// session). Only numbers and points are written: a frame holding another ``Interpolable``
/// value throws, naming its type.
extension ChoreographyFrame: Codable {}
