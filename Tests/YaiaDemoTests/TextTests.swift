import Foundation
import Testing
import YaiaResources

@testable import YaiaDemo

@Suite("The demo's texts: one catalog, English and German, checked against the code")
struct TextTests {
  /// The demo's Swift sources, read from the source tree.
  static func sources() throws -> [String] {
    let folder = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources/YaiaDemo").standardized
    return ResourceFiles.find(in: [folder.path]).sources.map(\.text)
  }

  @Test("the shipped catalog reads, speaks English and German, and the check finds nothing")
  func catalogClean() throws {
    let catalog = try DemoTexts.loaded.get()
    #expect(catalog.languages == ["en", "de"])
    let sources = try Self.sources()
    #expect(sources.count > 20)
    let used = KeyUsage.usedKeys(of: catalog, in: sources)
    #expect(CatalogCheck.findings(in: catalog, usedKeys: used).map(\.description) == [])
  }

  @Test("a view model's text renders in the language chosen; a language the app lacks is English")
  func rendering() {
    let catalog = DemoTexts.catalog
    let text = LocalizedText.entryEmpty(.homeNickname)
    #expect(catalog.render(text, language: "en") == "Nickname is empty: type at least one letter.")
    #expect(
      catalog.render(text, language: "de") == "Name ist leer: Tippe mindestens einen Buchstaben.")
    #expect(
      catalog.render(.appBye(1, "/d"), language: "de")
        == "Tschüss. 1 gekoppelter Lautsprecher gespeichert in /d.")
    #expect(
      catalog.render(.appBye(2, "/d"), language: "fr") == "Bye. 2 paired speakers saved in /d.")
  }
}
