import YaiaResources

/// The demo's look in one place, by role: the colours of its messages and marks, and the
/// weight and size of its texts. Screens name roles (`.problem`, `.heading`), never colours
/// or escape codes; the terminal turns a role into ANSI styling, and an Apple view would turn
/// the same values into `Color` and `Font` (YaiaResources' SwiftUI glue).
enum DemoStyle {
  /// What a colour is for.
  enum ColorRole: Hashable, CaseIterable, Sendable {
    /// The screen behind the text.
    case background
    /// Text that reports a failure.
    case problem
    /// Text that reports something done.
    case success
    /// Text that asks for attention: a refused key, a question.
    case warning
    /// The mark of a moved row.
    case moved
  }

  /// The colours, readable on their background in both appearances (DemoStyleTests).
  static let palette = Palette<ColorRole> { role, appearance in
    let dark = appearance == .dark
    return switch role {
    case .background: ColorValue(hex: dark ? 0x1C1C1E : 0xFFFFFF)
    case .problem: ColorValue(hex: dark ? 0xFF6B60 : 0xC0271D)
    case .success: ColorValue(hex: dark ? 0x4CD964 : 0x1D7A35)
    case .warning: ColorValue(hex: dark ? 0xFFD60A : 0x8A5A00)
    case .moved: ColorValue(hex: dark ? 0x64D2FF : 0x00668A)
    }
  }

  /// The pairs of text and background the screens use.
  static let textOnBackground: [(text: ColorRole, background: ColorRole)] = [
    (.problem, .background), (.success, .background), (.warning, .background),
    (.moved, .background),
  ]

  /// What a text is.
  enum TextRole: Hashable, CaseIterable, Sendable {
    /// The app's title and a screen's heading.
    case heading
    /// Ordinary text.
    case body
    /// A key hint or a legend: smaller, less prominent.
    case hint
  }

  /// The sizes and weights; the terminal draws a bold role bold and a role smaller than body
  /// dim, having no sizes.
  static let typeScale = TypeScale<TextRole> { role in
    switch role {
    case .heading: TextStyle(size: 20, weight: .bold)
    case .body: TextStyle(size: 17)
    case .hint: TextStyle(size: 13, largest: 24)
    }
  }

  /// The appearance the terminal is assumed to have: most are dark.
  static let terminalAppearance = Palette<ColorRole>.Appearance.dark

  /// The ANSI parameters of `role`: a 24-bit foreground colour.
  static func ansi(_ role: ColorRole) -> String {
    let color = palette[role, terminalAppearance]
    func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
    return "38;2;\(byte(color.red));\(byte(color.green));\(byte(color.blue))"
  }

  /// The ANSI parameters of `role`, or `nil` for plain body text.
  static func ansi(_ role: TextRole) -> String? {
    let style = typeScale[role]
    if style.weight == .bold || style.weight == .semibold { return "1" }
    return style.size < typeScale[.body].size ? "2" : nil
  }
}
