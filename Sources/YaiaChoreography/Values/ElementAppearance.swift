/// How a frame shows one element through the three properties every renderer knows: its
/// opacity, its offset from its place and its scale. A renderer (a terminal's text, UIKit's
/// `alpha` and `transform`) applies these instead of reading the frame's dictionary itself, so
/// that what a property means is decided here, once, and tested on every platform.
public struct ElementAppearance: Hashable, Sendable {
  /// Its opacity (0 invisible, 1 opaque), if the element animates it.
  public var opacity: Double?
  /// Its offset from its place, if the element animates it.
  public var offset: AnimatedPoint?
  /// Its scale (1 is its own size), if the element animates it.
  public var scale: Double?

  /// An appearance.
  public init(opacity: Double? = nil, offset: AnimatedPoint? = nil, scale: Double? = nil) {
    self.opacity = opacity
    self.offset = offset
    self.scale = scale
  }
}

extension ChoreographyFrame {
  /// How `element` appears in this frame; every field `nil` for an element that animates none
  /// of them (or is not in the choreography). An opacity is clamped to 0...1, as a curve that
  /// overshoots would otherwise ask for an impossible one.
  public func appearance(of element: String) -> ElementAppearance {
    guard let properties = values[element] else { return ElementAppearance() }
    var appearance = ElementAppearance()
    if case .number(let opacity)? = properties["opacity"] {
      appearance.opacity = min(1, max(0, opacity))
    }
    if case .point(let offset)? = properties["offset"] { appearance.offset = offset }
    if case .number(let scale)? = properties["scale"] { appearance.scale = scale }
    return appearance
  }
}
