import Testing
import YaiaResources

/// The examples of the YaiaResources article, as a reader copies them: public API only.
@Suite("YaiaResources article examples")
struct ArticleExampleTests {
  @Test("a view model says which text it shows, compared by key and arguments")
  func viewModelText() {
    struct HomeViewModel: Equatable {
      var title: LocalizedText
    }

    let viewModel = HomeViewModel(title: LocalizedText("home.speakers", .int(3)))
    #expect(viewModel.title == LocalizedText("home.speakers", .int(3)))
  }
}

/// The compiled example of the LocalizingAnApp article, as a reader copies it.
@Suite("LocalizingAnApp article example")
struct LocalizingArticleTests {
  @Test("a palette's contrast and a screen's ids, checked in a test")
  func styleAndIDs() {
    enum ColorRole: CaseIterable, Sendable { case text, background, accent }

    let palette = Palette<ColorRole> { role, appearance in
      switch role {
      case .text: appearance == .dark ? ColorValue(hex: 0xFFFFFF) : ColorValue(hex: 0x1C1C1E)
      case .background: appearance == .dark ? ColorValue(hex: 0x000000) : ColorValue(hex: 0xFFFFFF)
      case .accent: ColorValue(hex: 0x0A6BD6)
      }
    }
    #expect(palette.contrastProblems([(.text, .background)]) == [])

    struct SpeakersViewModel: AccessibilityIdentified {
      var addresses: [String]
      var accessibilityIDs: [AccessibilityID] {
        addresses.map { AccessibilityID(screen: "speakers", element: "row", row: $0) }
      }
    }
    #expect(AccessibilityAudit.problems { SpeakersViewModel(addresses: ["A1", "B2"]) } == [])
  }
}
