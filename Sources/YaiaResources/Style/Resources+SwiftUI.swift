#if canImport(SwiftUI)
  // The Apple glue of YaiaResources, kept thin: each function turns one value into its SwiftUI
  // counterpart, and every decision (which text, colour, size, id) was made in a value a test
  // reads on any platform. Not built on Linux.
  public import SwiftUI

  extension Color {
    /// The SwiftUI colour of a palette's `value`.
    public init(_ value: ColorValue) {
      self.init(
        .sRGB, red: value.red, green: value.green, blue: value.blue, opacity: value.opacity)
    }
  }

  extension TextSize {
    /// The step of SwiftUI's `DynamicTypeSize`.
    public init(_ size: DynamicTypeSize) {
      switch size {
      case .xSmall: self = .xSmall
      case .small: self = .small
      case .medium: self = .medium
      case .large: self = .large
      case .xLarge: self = .xLarge
      case .xxLarge: self = .xxLarge
      case .xxxLarge: self = .xxxLarge
      case .accessibility1: self = .accessibility1
      case .accessibility2: self = .accessibility2
      case .accessibility3: self = .accessibility3
      case .accessibility4: self = .accessibility4
      case .accessibility5: self = .accessibility5
      @unknown default: self = .large
      }
    }
  }

  extension TypeScale {
    /// The system font for `role` at the user's text size (read `dynamicTypeSize` from the
    /// environment).
    public func font(_ role: Role, at size: DynamicTypeSize) -> Font {
      let weight: Font.Weight =
        switch self[role].weight {
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        }
      return .system(size: self.size(of: role, at: TextSize(size)), weight: weight)
    }
  }

  extension Text {
    /// `text` rendered from `catalog` in `language`, shown as it is (not looked up again).
    public init(_ text: LocalizedText, in catalog: StringCatalog, language: String) {
      self.init(verbatim: catalog.render(text, language: language))
    }
  }

  extension View {
    /// Sets the element's accessibility identifier to `id`'s string (`pairing.speakerRow[A1]`).
    public func accessibilityIdentifier(_ id: AccessibilityID) -> some View {
      accessibilityIdentifier(id.description)
    }
  }
#endif
