extension Choreography {
  /// Starts a choreography over `total`, declared element by element as a designer describes
  /// it: "the title fades in over the first half, easing out; the bar fills from a quarter".
  ///
  /// ```swift
  /// let splash = try Choreography.over(.milliseconds(400))
  ///   .element("title").from(0).lasting(0.5).easeOut().fading(from: 0, to: 1)
  ///   .element("bar").from(0.25).lasting(0.75).filling()
  ///   .build()
  /// ```
  public static func over(_ total: Duration) -> ChoreographyBuilder {
    ChoreographyBuilder(total: total, tracks: [])
  }
}

/// A choreography being declared (``Choreography/over(_:)``); ``build()`` validates it.
public struct ChoreographyBuilder: Sendable {
  let total: Duration
  var tracks: [Track]

  /// Declares the next element's track: by default it lasts the whole choreography, linearly,
  /// animating nothing until told.
  public func element(_ name: String) -> TrackBuilder {
    TrackBuilder(
      choreography: self,
      track: Track(name, start: .fraction(0), duration: .fraction(1), properties: []))
  }

  /// The choreography.
  ///
  /// - Throws: ``ChoreographyError`` naming the track that does not fit.
  public func build() throws(ChoreographyError) -> Choreography {
    try Choreography(total: total, tracks: tracks)
  }
}

/// One element's track being declared; each call returns the declaration with one more detail.
public struct TrackBuilder: Sendable {
  let choreography: ChoreographyBuilder
  var track: Track

  private func with(_ change: (inout Track) -> Void) -> TrackBuilder {
    var copy = self
    change(&copy.track)
    return copy
  }

  // MARK: When

  /// Starts at `fraction` of the total (0.5 is halfway).
  public func from(_ fraction: Double) -> TrackBuilder { with { $0.start = .fraction(fraction) } }
  /// Starts at `time` from the beginning.
  public func at(_ time: Duration) -> TrackBuilder { with { $0.start = .absolute(time) } }
  /// Lasts `fraction` of the total.
  public func lasting(_ fraction: Double) -> TrackBuilder {
    with { $0.duration = .fraction(fraction) }
  }
  /// Lasts `time`.
  public func lasting(_ time: Duration) -> TrackBuilder { with { $0.duration = .absolute(time) } }

  // MARK: How

  /// Progress follows time.
  public func linear() -> TrackBuilder { curve(.linear) }
  /// Starts slowly.
  public func easeIn() -> TrackBuilder { curve(.easeIn) }
  /// Ends slowly.
  public func easeOut() -> TrackBuilder { curve(.easeOut) }
  /// Starts and ends slowly.
  public func easeInOut() -> TrackBuilder { curve(.easeInOut) }
  /// Follows `curve`.
  public func curve(_ curve: TimingCurve) -> TrackBuilder { with { $0.curve = curve } }

  // MARK: What

  /// Animates opacity from `from` to `to`.
  public func fading(from: Double = 0, to: Double = 1) -> TrackBuilder {
    animating(.opacity(from: from, to: to))
  }
  /// Animates the offset from (`x`, `y`) to the element's place: it slides in.
  public func sliding(fromX x: Double = 0, y: Double = 0) -> TrackBuilder {
    animating(.offset(from: AnimatedPoint(x: x, y: y), to: AnimatedPoint(x: 0, y: 0)))
  }
  /// Animates the scale from `from` to `to`.
  public func scaling(from: Double, to: Double) -> TrackBuilder {
    animating(.scale(from: from, to: to))
  }
  /// Animates the scale from 0 to 1: a bar that fills.
  public func filling() -> TrackBuilder { scaling(from: 0, to: 1) }
  /// Animates `property`.
  public func animating(_ property: AnimatedProperty) -> TrackBuilder {
    with { $0.properties.append(property) }
  }

  // MARK: Next

  /// Ends this track and declares the next element's.
  public func element(_ name: String) -> TrackBuilder { done.element(name) }

  /// Ends this track and builds the choreography.
  ///
  /// - Throws: ``ChoreographyError`` naming the track that does not fit.
  public func build() throws(ChoreographyError) -> Choreography { try done.build() }

  private var done: ChoreographyBuilder {
    var builder = choreography
    builder.tracks.append(track)
    return builder
  }
}
