#if canImport(UIKit)
  public import UIKit

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

    /// One keyframe per frame at 60 per second, applying the element's appearance; timing and
    /// appearance are computed (and tested) in ``Choreography/keyframes(framesPerSecond:)`` and
    /// ``ChoreographyFrame/appearance(of:)``.
    private static func addKeyframes(
      of element: String, in choreography: Choreography, to view: UIView
    ) {
      for keyframe in choreography.keyframes(framesPerSecond: 60) {
        let appearance = keyframe.frame.appearance(of: element)
        UIView.addKeyframe(
          withRelativeStartTime: keyframe.relativeStart,
          relativeDuration: keyframe.relativeDuration
        ) {
          if let opacity = appearance.opacity { view.alpha = opacity }
          let offset = appearance.offset ?? AnimatedPoint(x: 0, y: 0)
          let scale = appearance.scale ?? 1
          view.transform = CGAffineTransform(translationX: offset.x, y: offset.y)
            .scaledBy(x: scale, y: scale)
        }
      }
    }
  }
#endif
