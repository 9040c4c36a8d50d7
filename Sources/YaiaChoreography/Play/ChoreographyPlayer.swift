/// Plays a choreography: at each frame time, on the clock it is given, it calls `render` with
/// that frame, and it ends with the frame at exactly the total. The clock is injected: with a
/// test clock the frames are the same every run, and a test advances time instead of waiting.
///
/// ```swift
/// let player = ChoreographyPlayer(framesPerSecond: 30, clock: ContinuousClock())
/// try await player.play(splash) { frame in screen.draw(frame) }
/// ```
///
/// Cancelling the task that plays stops it at once, between frames, with `CancellationError`.
public struct ChoreographyPlayer<C: Clock>: Sendable where C.Duration == Duration {
  /// Frames per second (1...240).
  public let framesPerSecond: Int
  /// The clock frames are timed on.
  public let clock: C

  /// A player at `framesPerSecond` on `clock`.
  public init(framesPerSecond: Int = 30, clock: C) {
    self.framesPerSecond = min(240, max(1, framesPerSecond))
    self.clock = clock
  }

  /// Plays `choreography`, calling `render` with each frame in order; returns after the last
  /// frame, at the total.
  ///
  /// - Throws: `CancellationError` when the playing task is cancelled.
  public func play(
    _ choreography: Choreography, render: (ChoreographyFrame) -> Void
  ) async throws {
    let start = clock.now
    // Frame by frame, not a list of every frame: a long choreography costs no memory.
    let rate = Choreography.rate(framesPerSecond)
    for index in 0...choreography.frameCount(rate: rate) {
      let time = choreography.frameTime(index, rate: rate)
      try Task.checkCancellation()
      try await clock.sleep(until: start.advanced(by: time), tolerance: nil)
      render(choreography.frame(at: time))
    }
  }
}
