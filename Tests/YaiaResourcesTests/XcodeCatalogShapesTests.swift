import Foundation
import Testing

@testable import YaiaResources

/// A catalog of one file, from `strings` (the members of its `strings` object).
private func catalog(_ strings: String, source: String = "en") throws -> StringCatalog {
  let text = #"{"sourceLanguage":""# + source + #"","strings":{"# + strings + #"},"version":"1.0"}"#
  return try StringCatalog(bytes: Array(text.utf8), file: "Localizable.xcstrings")
}

/// A string unit as Xcode writes it.
private func unit(_ value: String, _ state: String = "translated") -> String {
  #"{"stringUnit":{"state":""# + state + #"","value":""# + value + #""}}"#
}

/// `rule line language` of each finding, for short expectations.
private func found(_ catalog: StringCatalog) -> [String] {
  CatalogCheck.findings(in: catalog).map { "\($0.rule.rawValue) \($0.language ?? "-")" }
}

// Each shape below is written the way Xcode 15-16 writes it (our own small examples of each
// real shape, not an app's catalog): read, checked and rendered.
@Suite("String Catalogs as Xcode writes them")
struct XcodeCatalogShapesTests {
  /// What Xcode's migration from a `.stringsdict` writes: a substitution without `argNum`,
  /// its forms with the `.stringsdict`'s own `%d`.
  static let migrated = """
    "files.in.folder":{"extractionState":"migrated","localizations":{
    "en":{"stringUnit":{"state":"translated","value":"%#@files@ in %@"},"substitutions":{"files":{
      "formatSpecifier":"d","variations":{"plural":{"one":\(unit("%d file")),"other":\(unit("%d files"))}}}}},
    "de":{"stringUnit":{"state":"translated","value":"%#@files@ in %@"},"substitutions":{"files":{
      "formatSpecifier":"d","variations":{"plural":{"one":\(unit("eine Datei")),"other":\(unit("%d Dateien"))}}}}}
    }}
    """

  @Test("a substitution without argNum takes the place of its %#@name@, and renders")
  func migratedSubstitution() throws {
    let catalog = try catalog(Self.migrated)
    let entry = try #require(catalog.entry("files.in.folder"))
    let files = try #require(entry.localizations["en"]?.substitutions["files"])
    #expect(files.argumentNumber == 1)
    #expect(!files.writesArgumentNumber)
    #expect(try TextArguments.of(entry) == [1: .integer, 2: .object])
    #expect(found(catalog) == [])
    let one = LocalizedText("files.in.folder", .int(1), .string("Inbox"))
    let many = LocalizedText("files.in.folder", .int(1200), .string("Inbox"))
    #expect(catalog.render(one, language: "en") == "1 file in Inbox")
    #expect(catalog.render(one, language: "de") == "eine Datei in Inbox")
    #expect(catalog.render(many, language: "de") == "1.200 Dateien in Inbox")
    let source = try TextKeySource.swift(for: [catalog])
    #expect(source.contains("func filesInFolder(_ argument1: Int, _ argument2: some TextValue)"))
  }

  @Test("placeholders inside a substitution's forms take the whole text's arguments")
  func placeholdersInForms() throws {
    let catalog = try catalog(
      """
      "moved":{"localizations":{
      "en":{"stringUnit":\(#"{"state":"translated","value":"%#@count@"}"#),"substitutions":{"count":{
        "argNum":1,"formatSpecifier":"lld","variations":{"plural":{
        "one":\(unit("%arg photo moved to %2$@")),"other":\(unit("%arg photos moved to %2$@"))}}}}},
      "fr":{"stringUnit":\(#"{"state":"translated","value":"%#@count@"}"#),"substitutions":{"count":{
        "argNum":1,"formatSpecifier":"lld","variations":{"plural":{
        "one":\(unit("%arg photo déplacée vers %2$@")),"many":\(unit("%arg de photos déplacées vers %2$@")),
        "other":\(unit("%arg photos déplacées vers %2$@"))}}}}}
      }}
      """)
    let entry = try #require(catalog.entry("moved"))
    #expect(try TextArguments.of(entry) == [1: .integer, 2: .object])
    #expect(found(catalog) == [])  // the correct French is not flagged
    let text = LocalizedText("moved", .int(3), .string("Album"))
    #expect(catalog.render(text, language: "en") == "3 photos moved to Album")
    #expect(catalog.render(text, language: "fr") == "3 photos déplacées vers Album")
    // French groups digits with a narrow space, and says `de` before a million.
    #expect(
      catalog.render(LocalizedText("moved", .int(1_000_000), .string("A")), language: "fr")
        == "1\u{202F}000\u{202F}000 de photos déplacées vers A")
    #expect(
      try TextKeySource.swift(for: [catalog]).contains(
        "func moved(_ argument1: Int, _ argument2: some TextValue)"))
  }

  @Test("a number that only chooses the English form may be left out where there are no plurals")
  func selectorOnly() throws {
    let catalog = try catalog(
      """
      "followers":{"localizations":{
      "en":{"stringUnit":\(#"{"state":"translated","value":"%#@followers@"}"#),"substitutions":{"followers":{
        "formatSpecifier":"lld","variations":{"plural":{
        "one":\(unit("%2$@ follower")),"other":\(unit("%2$@ followers"))}}}}},
      "ko":\(unit("팔로워 %2$@명")),
      "pl":\(unit("obserwujący"))}}
      """)
    // Korean shows the formatted count (%2$@) and no plural: right. Polish drops it: wrong.
    #expect(found(catalog) == ["placeholder-mismatch pl"])
    let text = LocalizedText("followers", .int(1200), .string("1.2K"))
    #expect(catalog.render(text, language: "en") == "1.2K followers")
    #expect(catalog.render(text, language: "ko") == "팔로워 1.2K명")
  }

  @Test("a key whose source drops the count still takes it, for the languages that show it")
  func translationTakesMore() throws {
    let catalog = try catalog(
      """
      "delete.all":{"localizations":{
      "en":\(unit("Delete all?")),
      "de":\(unit("%lld Elemente löschen?"))}}
      """)
    #expect(found(catalog) == [])
    #expect(try TextKeySource.swift(for: [catalog]).contains("func deleteAll(_ argument1: Int)"))
    #expect(
      catalog.render(LocalizedText("delete.all", .int(4)), language: "de") == "4 Elemente löschen?")
  }

  /// Vary by device, with plural forms inside one device, as Xcode writes it.
  static let byDevice = """
    "open.hint":{"localizations":{
    "en":{"variations":{"device":{
      "iphone":\(unit("Tap to open %@")),"mac":\(unit("Click to open %@")),"other":\(unit("Open %@"))}}},
    "de":{"variations":{"device":{
      "iphone":\(unit("%@ zum Öffnen tippen")),"mac":\(unit("%d zum Öffnen klicken")),"other":\(unit("%@ öffnen"))}}}
    }},
    "items":{"localizations":{
    "en":{"variations":{"device":{
      "applewatch":{"variations":{"plural":{"one":\(unit("%lld item")),"other":\(unit("%lld items"))}}},
      "other":{"variations":{"plural":{"one":\(unit("%lld item in your list")),"other":\(unit("%lld items in your list"))}}}}}}
    }}
    """

  @Test("a text that varies by device renders for the device named, and every variant is checked")
  func deviceVariations() throws {
    let catalog = try catalog(Self.byDevice)
    let hint = LocalizedText("open.hint", .string("Notes"))
    #expect(catalog.render(hint, language: "en", device: "mac") == "Click to open Notes")
    #expect(catalog.render(hint, language: "en", device: "ipad") == "Open Notes")
    #expect(catalog.render(hint, language: "en") == "Open Notes")
    #expect(catalog.render(hint, language: "de", device: "iphone") == "Notes zum Öffnen tippen")
    let items = LocalizedText("items", .int(1))
    #expect(catalog.render(items, language: "en", device: "applewatch") == "1 item")
    #expect(catalog.render(items, language: "en") == "1 item in your list")
    // The German Mac text takes a number where English takes a text: a mismatch, at its place.
    let mismatch = CatalogCheck.findings(in: catalog).filter { $0.rule == .placeholderMismatch }
    #expect(mismatch.count == 1)
    #expect(mismatch.first?.message.hasPrefix("the mac variant: ") == true)
    #expect(mismatch.first?.language == "de")
  }

  @Test(
    "translation state: new, empty and needs_review are findings; translated and shouldTranslate false are not"
  )
  func translationStates() throws {
    let catalog = try catalog(
      """
      "a":{"localizations":{"en":\(unit("Save")),"de":\(unit("Save", "new"))}},
      "b":{"localizations":{"en":\(unit("Cancel")),"de":\(unit(""))}},
      "c":{"localizations":{"en":\(unit("Delete")),"de":\(unit("Löschen", "needs_review"))}},
      "d":{"localizations":{"en":\(unit("Share", "new")),"de":\(unit("Teilen"))}},
      "e":{"shouldTranslate":false,"localizations":{"en":\(unit("Yaia"))}},
      "f":{"extractionState":"stale","localizations":{"en":\(unit("Old")),"de":\(unit("Alt"))}},
      "":{},
      "g":{"comment":"only a comment"}
      """)
    #expect(
      found(catalog) == [
        "untranslated de", "untranslated de", "needs-review de", "stale-key -",
        "missing-translation de",
      ])
    let levels = CatalogCheck.findings(in: catalog).map(\.rule.level)
    #expect(levels == ["warning", "warning", "warning", "note", "warning"])
    #expect(catalog.render(LocalizedText("g"), language: "de") == "g")
    #expect(catalog.render(LocalizedText(""), language: "de") == "")
  }

  @Test("format specifiers Foundation reads wrongly are findings, and render without a crash")
  func badSpecifiers() throws {
    let catalog = try catalog(
      """
      "twice":{"localizations":{"en":\(unit("%1$@ %1$d"))}},
      "star":{"localizations":{"en":\(unit("%*d"))}},
      "precision":{"localizations":{"en":\(unit("%.*f"))}},
      "long":{"localizations":{"en":\(unit("%Lf"))}},
      "gap":{"localizations":{"en":\(unit("%1$@ %3$@"))}}
      """)
    let findings = CatalogCheck.findings(in: catalog)
    #expect(findings.map(\.rule) == Array(repeating: .badPlaceholder, count: 5))
    #expect(findings.contains { $0.message.contains("taken as object and as integer") })
    #expect(findings.contains { $0.message.contains("no text takes argument 2") })
    for key in ["twice", "star", "precision", "long", "gap"] {
      _ = catalog.render(LocalizedText(TextKey(key), .int(1), .string("x")), language: "en")
    }
    #expect(
      catalog.render(LocalizedText("twice", .string("a"), .int(1)), language: "en") == "a a")
  }

  @Test("the many form for millions is a rule of its own, off without losing plural-incomplete")
  func manyForMillions() throws {
    let catalog = try catalog(
      """
      "n":{"localizations":{
      "en":{"variations":{"plural":{"one":\(unit("%lld file")),"other":\(unit("%lld files"))}}},
      "fr":{"variations":{"plural":{"one":\(unit("%lld fichier")),"other":\(unit("%lld fichiers"))}}},
      "ga":{"variations":{"plural":{"one":\(unit("%lld comhad")),"other":\(unit("%lld comhaid"))}}}}}
      """)
    #expect(found(catalog) == ["plural-many-for-millions fr", "plural-incomplete ga"])
    let ga = CatalogCheck.findings(in: catalog).first { $0.language == "ga" }
    #expect(ga?.message == "the plural forms two, few, many are missing")
  }

  @Test("numbers are written as the language writes them")
  func numbersByLanguage() throws {
    let catalog = try catalog(
      """
      "took":{"localizations":{"en":\(unit("%.1f s")),"de":\(unit("%.1f s"))}},
      "count":{"localizations":{"en":\(unit("%lld")),"de":\(unit("%lld")),"fr":\(unit("%lld"))}}
      """)
    #expect(catalog.render(LocalizedText("took", .double(8.8)), language: "de") == "8,8 s")
    #expect(catalog.render(LocalizedText("took", .double(8.8)), language: "en") == "8.8 s")
    #expect(catalog.render(LocalizedText("count", .int(1234)), language: "de") == "1.234")
    #expect(catalog.render(LocalizedText("count", .int(1234)), language: "en") == "1,234")
  }

  @Test("a decimal count picks the form of the number as the text shows it")
  func decimalCounts() throws {
    let catalog = try catalog(
      """
      "km":{"localizations":{"en":{"variations":{"plural":{
        "one":\(unit("%.1f kilometre")),"other":\(unit("%.1f kilometres"))}}}}},
      "steps":{"localizations":{"en":{"variations":{"plural":{
        "one":\(unit("%@ step")),"other":\(unit("%@ steps"))}}}}},
      "laps":{"localizations":{"en":{"stringUnit":\(#"{"state":"translated","value":"%#@laps@"}"#),
        "substitutions":{"laps":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
        "one":\(unit("%arg lap")),"other":\(unit("%arg laps"))}}}}}}}
      """)
    // `%.1f` shows 1 as 1.0, which English counts as other; 1.5 is never the whole number 2.
    #expect(catalog.render(LocalizedText("km", .double(1)), language: "en") == "1.0 kilometres")
    #expect(catalog.render(LocalizedText("km", .double(1.5)), language: "en") == "1.5 kilometres")
    // With no precision to show, a decimal counts as its shortest digits: 1 is one, 1.5 other.
    #expect(catalog.render(LocalizedText("steps", .double(1)), language: "en").hasSuffix("step"))
    #expect(catalog.render(LocalizedText("steps", .double(1.5)), language: "en") == "1.5 steps")
    // A decimal given to a whole-number substitution (`lld`) is not counted with six places.
    #expect(catalog.render(LocalizedText("laps", .double(1)), language: "en") == "1 lap")
    #expect(catalog.render(LocalizedText("laps", .double(0.5)), language: "en") == "0.5 laps")
    #expect(StringCatalog.shortest(1e-7) == "0.0000001")
    #expect(StringCatalog.shortest(-2) == "2")
    #expect(StringCatalog.shortest(1e20) == "100000000000000000000")
  }

  @Test("a catalog naming one long substitution many times reads each form once")
  func repeatedSubstitution() throws {
    let form = String(repeating: "word ", count: 20_000) + "%arg"
    let names = String(repeating: "%#@n@ ", count: 64)
    let catalog = try catalog(
      """
      "many":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"\(names)"},
        "substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{
        "one":\(unit(form)),"other":\(unit(form))}}}}}}}
      """)
    let entry = try #require(catalog.entry("many"))
    // Unnumbered, the substitution takes the place of its first %#@n@.
    #expect(entry.localizations["en"]?.substitutions["n"]?.argumentNumber == 1)
    #expect(try TextArguments.of(entry).count == 64)
  }

  @Test("a date argument is written as the language writes a date and time")
  func dates() throws {
    let catalog = try catalog(
      """
      "updated":{"localizations":{"en":\(unit("Updated %@")),"de":\(unit("Aktualisiert %@"))}}
      """)
    let moment = Date(timeIntervalSince1970: 1_795_000_000)
    let style = Date.FormatStyle(date: .abbreviated, time: .shortened)
    let text = LocalizedText("updated", .date(moment))
    #expect(
      catalog.render(text, language: "de")
        == "Aktualisiert " + moment.formatted(style.locale(Locale(identifier: "de"))))
    #expect(
      catalog.render(text, language: "en")
        == "Updated " + moment.formatted(style.locale(Locale(identifier: "en"))))
    // German and English write the same moment differently; a test compares the moment.
    #expect(
      catalog.render(text, language: "de").dropFirst(13)
        != catalog.render(text, language: "en").dropFirst(8))
    #expect(TextArgument.date(moment).description == "2026-11-18T11:06:40Z")
  }
}
