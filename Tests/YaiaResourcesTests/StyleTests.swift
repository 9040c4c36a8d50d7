import Testing
import YaiaResources

@Suite("Palettes, type scales and accessibility ids as values")
struct StyleTests {
  enum ColorRole: CaseIterable, Sendable { case text, background, faint }
  enum TextRole: CaseIterable, Sendable { case title, body, tab }

  static let palette = Palette<ColorRole> { role, appearance in
    switch role {
    case .text: appearance == .dark ? ColorValue(hex: 0xFFFFFF) : ColorValue(hex: 0x1C1C1E)
    case .background: appearance == .dark ? ColorValue(hex: 0x000000) : ColorValue(hex: 0xFFFFFF)
    case .faint: ColorValue(hex: 0x8E8E93)
    }
  }

  @Test("colours by role and appearance; contrast as WCAG counts it, failures named")
  func palette() {
    #expect(Self.palette[.text, .light].description == "#1C1C1E")
    #expect(ColorValue(hex: 0x000000).contrastRatio(with: ColorValue(hex: 0xFFFFFF)) == 21)
    #expect(ColorValue(red: .nan, green: 2, blue: -1).description == "#00FF00")
    #expect(ColorValue(hex: 0x0A84FF).luminance > 0.2)
    #expect(Self.palette.contrastProblems([(.text, .background)]) == [])
    #expect(
      Self.palette.contrastProblems([(.faint, .background)])
        == ["faint on background in light: 3.3, below 4.5"])
  }

  @Test("sizes grow with the user's text size and stop at a role's largest")
  func typeScale() {
    let scale = TypeScale<TextRole> { role in
      switch role {
      case .title: TextStyle(size: 28, weight: .bold)
      case .body: TextStyle(size: 17)
      case .tab: TextStyle(size: 10, largest: 14)
      }
    }
    #expect(scale.size(of: .body, at: .large) == 17)
    #expect(scale.size(of: .body, at: .accessibility5) == 53)
    #expect(scale.size(of: .tab, at: .accessibility5) == 14)
    #expect(scale[.title].weight == .bold)
    #expect(TextSize.allCases.sorted() == TextSize.allCases)
    #expect(TextStyle(size: .nan).size == 17)
  }

  struct Screen: AccessibilityIdentified {
    var rows: [String]
    var accessibilityIDs: [AccessibilityID] {
      [AccessibilityID(screen: "pairing", element: "pairButton")]
        + rows.map { AccessibilityID(screen: "pairing", element: "speakerRow", row: $0) }
    }
  }

  @Test("ids are unique on their screen and the same in two runs; each failure is named")
  func accessibility() {
    #expect(AccessibilityAudit.problems { Screen(rows: ["A1", "B2"]) } == [])
    #expect(
      AccessibilityAudit.problems { Screen(rows: ["A1", "A1"]) }
        == ["pairing.speakerRow[A1] names more than one element"])
    var run = 0
    let unstable = AccessibilityAudit.problems {
      run += 1
      return Screen(rows: ["row\(run)"])
    }
    #expect(
      unstable == [
        "the ids differ between two runs of the same state: pairing.speakerRow[row1], pairing.speakerRow[row2]"
      ])
    // Strings are what UI tests query: different parts with the same string clash.
    #expect(
      AccessibilityAudit.duplicates(in: [
        AccessibilityID(screen: "a.b", element: "c"), AccessibilityID(screen: "a", element: "b.c"),
      ]).count == 1)
    #expect(
      AccessibilityID(screen: "s", element: "e", row: "\u{1B}[2J").description == #"s.e[\u{1B}[2J]"#
    )
  }
}
