/// The sizes of an app's text, by role, and how each grows with the user's text size (Dynamic
/// Type): the fonts part of the view layer, as a value a test can read.
///
/// ```swift
/// enum TextRole: CaseIterable { case title, body, caption }
///
/// let scale = TypeScale<TextRole> { role in
///   switch role {
///   case .title: TextStyle(size: 28, weight: .bold)
///   case .body: TextStyle(size: 17)
///   case .caption: TextStyle(size: 12, largest: 20)
///   }
/// }
/// scale.size(of: .body, at: .accessibility1)  // 28
/// ```
public struct TypeScale<Role: Hashable & CaseIterable & Sendable>: Sendable {
  private let styles: [Role: TextStyle]

  /// A scale with `style(role)` for every role: a role without a style does not compile.
  public init(_ style: (Role) -> TextStyle) {
    var styles: [Role: TextStyle] = [:]
    for role in Role.allCases { styles[role] = style(role) }
    self.styles = styles
  }

  /// The style of `role`.
  public subscript(role: Role) -> TextStyle {
    styles[role] ?? TextStyle(size: TextSize.large.multiplier * 17)
  }

  /// The size in points `role` is drawn at when the user chose `textSize`: its size at the
  /// default (``TextSize/large``) times the step's factor, at most its `largest`.
  public func size(of role: Role, at textSize: TextSize) -> Double {
    let style = self[role]
    let scaled = (style.size * textSize.multiplier * 2).rounded() / 2
    return style.largest.map { min(scaled, $0) } ?? scaled
  }
}

/// One role's text: its size at the default text size, its weight, and the largest size it may
/// grow to (a tab bar's label must stay in its bar).
public struct TextStyle: Hashable, Sendable {
  /// How heavy the strokes are.
  public enum Weight: String, Hashable, Sendable, CaseIterable {
    /// Regular.
    case regular
    /// Medium.
    case medium
    /// Semibold.
    case semibold
    /// Bold.
    case bold
  }

  /// Points at the default text size; at least 1.
  public var size: Double
  /// The weight.
  public var weight: Weight
  /// The largest size in points, if the role must not grow past it.
  public var largest: Double?

  /// A style of `size` points (1 to 200; outside, clamped), `weight`, growing to at most
  /// `largest`.
  public init(size: Double, weight: Weight = .regular, largest: Double? = nil) {
    self.size = size.isNaN ? 17 : min(max(size, 1), 200)
    self.weight = weight
    self.largest = largest.map { $0.isNaN ? self.size : max($0, 1) }
  }
}

/// The text sizes a user can choose (Dynamic Type's steps), from the smallest to the largest
/// accessibility size, each with the factor it scales body text by.
public enum TextSize: Int, Hashable, Sendable, CaseIterable, Comparable {
  /// Extra small.
  case xSmall
  /// Small.
  case small
  /// Medium.
  case medium
  /// Large: the default.
  case large
  /// Extra large.
  case xLarge
  /// Extra extra large.
  case xxLarge
  /// Extra extra extra large.
  case xxxLarge
  /// The first accessibility size.
  case accessibility1
  /// Accessibility size 2.
  case accessibility2
  /// Accessibility size 3.
  case accessibility3
  /// Accessibility size 4.
  case accessibility4
  /// The largest accessibility size.
  case accessibility5

  /// The factor against ``large``: body text's points at this step over its 17 at the default
  /// (14, 15, 16, 17, 19, 21, 23, then 28, 33, 40, 47, 53).
  public var multiplier: Double {
    let body: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    return body[rawValue] / 17
  }

  /// Smaller steps first.
  public static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.rawValue < rhs.rawValue }
}
