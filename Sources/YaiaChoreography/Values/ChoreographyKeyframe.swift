/// One keyframe of a platform animation that plays a choreography: when it starts and how long
/// it lasts, as fractions of the total (what `UIView.addKeyframe(withRelativeStartTime:
/// relativeDuration:)` takes), and the frame it shows. Computed here so that a platform player
/// only applies keyframes, and their timing is tested on every platform.
public struct ChoreographyKeyframe: Hashable, Sendable {
  /// When it starts, as a fraction of the total (0...1).
  public var relativeStart: Double
  /// How long it lasts, as a fraction of the total: until the next keyframe; 0 for the last.
  public var relativeDuration: Double
  /// The frame it shows.
  public var frame: ChoreographyFrame
}

extension Choreography {
  /// The keyframes of ``frames(framesPerSecond:)``: starts rise from 0 to exactly 1, each
  /// lasts until the next, and none reaches past the total.
  public func keyframes(framesPerSecond: Int) -> [ChoreographyKeyframe] {
    let totalSeconds = Self.seconds(total)
    let times = frameTimes(framesPerSecond: framesPerSecond)
    return times.indices.map { index in
      let start = Self.seconds(times[index]) / totalSeconds
      let next = index + 1 < times.count ? Self.seconds(times[index + 1]) / totalSeconds : start
      return ChoreographyKeyframe(
        relativeStart: min(1, start), relativeDuration: max(0, min(1, next) - min(1, start)),
        frame: frame(at: times[index]))
    }
  }
}
