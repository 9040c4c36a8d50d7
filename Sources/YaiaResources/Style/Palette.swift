/// The colours of an app, by role, in light and dark appearance: the "one file for the whole
/// app" of the view layer, as a value.
///
/// The roles are the app's own enum, and the palette is made from a function that switches on
/// it, so a role without a colour is a compile error, not a clear pixel:
///
/// ```swift
/// enum ColorRole: CaseIterable { case text, background, accent }
///
/// let palette = Palette<ColorRole> { role, appearance in
///   switch role {
///   case .text: appearance == .dark ? ColorValue(hex: 0xFFFFFF) : ColorValue(hex: 0x1C1C1E)
///   case .background: appearance == .dark ? ColorValue(hex: 0x000000) : ColorValue(hex: 0xFFFFFF)
///   case .accent: ColorValue(hex: 0x0A6BD6)
///   }
/// }
/// palette[.accent, .dark]  // #0A6BD6
/// ```
///
/// A screen's style names roles (`HomeStyle.title = .text`), never colours, and a test checks
/// that each pair of text and background a screen uses is readable
/// (``contrastProblems(_:minimum:)``).
public struct Palette<Role: Hashable & CaseIterable & Sendable>: Sendable {
  /// Light or dark, as the system shows.
  public enum Appearance: Hashable, Sendable, CaseIterable {
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
  }

  private let colors: [Appearance: [Role: ColorValue]]

  /// A palette with `color(role, appearance)` for every role in both appearances.
  public init(_ color: (Role, Appearance) -> ColorValue) {
    var colors: [Appearance: [Role: ColorValue]] = [:]
    for appearance in Appearance.allCases {
      for role in Role.allCases { colors[appearance, default: [:]][role] = color(role, appearance) }
    }
    self.colors = colors
  }

  /// The colour of `role` in `appearance`.
  public subscript(role: Role, appearance: Appearance) -> ColorValue {
    // Filled for every case of `Role` at init, so the lookup always finds one.
    colors[appearance]?[role] ?? ColorValue(red: 0, green: 0, blue: 0)
  }

  /// Each pair of (text, background) roles whose contrast is below `minimum` in some
  /// appearance, described: `text on background in dark: 2.1, below 4.5`. Empty when every
  /// pair is readable. WCAG asks 4.5 for text, 3 for large text and icons.
  public func contrastProblems(_ pairs: [(text: Role, background: Role)], minimum: Double = 4.5)
    -> [String]
  {
    var problems: [String] = []
    for appearance in Appearance.allCases {
      for (text, background) in pairs {
        let ratio = self[text, appearance].contrastRatio(with: self[background, appearance])
        if ratio < minimum {
          problems.append(
            "\(text) on \(background) in \(appearance): \((ratio * 10).rounded() / 10), below \(minimum)"
          )
        }
      }
    }
    return problems
  }
}
