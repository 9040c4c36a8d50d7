import Testing
import YaiaResources

@testable import YaiaDemo

@Suite("The demo's look, by role")
struct DemoStyleTests {
  @Test("every text colour is readable on the background in both appearances")
  func contrast() {
    #expect(DemoStyle.palette.contrastProblems(DemoStyle.textOnBackground) == [])
  }

  @Test("the terminal draws roles: headings bold, hints dim, problems in the palette's colour")
  func terminal() {
    #expect(DemoStyle.ansi(.heading) == "1")
    #expect(DemoStyle.ansi(.hint) == "2")
    #expect(DemoStyle.ansi(.body) == nil)
    #expect(DemoStyle.ansi(.problem) == "38;2;255;107;96")
    #expect(DemoStyle.typeScale.size(of: .hint, at: .accessibility5) == 24)
  }
}
