#if canImport(UIKit)
  import UIKit

  /// Plays a choreography on views with `UIViewPropertyAnimator`: one keyframe animation per
  /// track, no logic of its own (the timing is the value's). Not built on Linux.
  @MainActor
  public struct UIKitChoreographyPlayer {
    /// The views, by element name.
    public var views: [String: UIView]

    /// A player for `views`.
    public init(views: [String: UIView]) {
      self.views = views
    }

    /// Starts every track's animation; returns the animators (to pause or stop them).
    @discardableResult
    public func play(_ choreography: Choreography) -> [UIViewPropertyAnimator] {
      let total = Choreography.seconds(choreography.total)
      return choreography.tracks.compactMap { track in
        guard let view = views[track.element] else { return nil }
        let animator = UIViewPropertyAnimator(duration: total, curve: .linear) {
          UIView.animateKeyframes(withDuration: total, delay: 0) {
            Self.addKeyframes(of: track.element, in: choreography, to: view)
          }
        }
        animator.startAnimation()
        return animator
      }
    }

    /// One keyframe per frame at 60 per second, setting what the frame says.
    private static func addKeyframes(
      of element: String, in choreography: Choreography, to view: UIView
    ) {
      let total = Choreography.seconds(choreography.total)
      for time in choreography.frameTimes(framesPerSecond: 60) {
        let frame = choreography.frame(at: time)
        UIView.addKeyframe(
          withRelativeStartTime: Choreography.seconds(time) / total,
          relativeDuration: 1 / 60 / total
        ) {
          if let opacity = frame.number(element, "opacity") { view.alpha = opacity }
          var transform = CGAffineTransform.identity
          if case .point(let offset)? = frame.values[element]?["offset"] {
            transform = transform.translatedBy(x: offset.x, y: offset.y)
          }
          if let scale = frame.number(element, "scale") {
            transform = transform.scaledBy(x: scale, y: scale)
          }
          view.transform = transform
        }
      }
    }
  }
#endif
