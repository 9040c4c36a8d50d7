import Testing

@testable import YaiaResources

@Suite("Which keys the code names: its plain string literals")
struct KeyUsageTests {
  @Test("plain, raw and multi-line literals count; comments and interpolation do not")
  func literals() {
    let source = #"""
      let title = LocalizedText("home.title")  // "in.a.comment"
      /* "in.a /* nested */ block" */
      let raw = TextKey(#"raw."quoted""#)
      let escaped = "tab\there"
      let mixed = "count \(n) items"
      let long = """
        "not.a.key"
        """
      let after = "after.multiline"
      let unclosed = "never closed
      let next = "next.line"
      """#
    let found = KeyUsage.literals(in: source)
    #expect(
      found == [
        "home.title", #"raw."quoted""#, "tab\there", #""not.a.key""#, "after.multiline",
        "next.line",
      ])
  }

  @Test("a \\u{…} escape is decoded, and an escape Swift refuses keeps the literal's end")
  func unicodeEscapes() {
    let source = #"""
      let smile = "smile.\u{1F600}"
      let bad = "bad.\q"  "after.bad"
      let unclosed = "\u{110000}" "after.unclosed"
      """#
    #expect(KeyUsage.literals(in: source) == ["smile.\u{1F600}", "after.bad", "after.unclosed"])
    // A `\` ending a single-line literal's line leaves it unclosed; the next line reads anew.
    #expect(KeyUsage.literals(in: "let a = \"open\\\nlet b = \"next.key\"") == ["next.key"])
  }

  @Test("a catalog's keys that no source names are reported unused, with their lines")
  func unusedKeys() throws {
    let catalog = try StringCatalog(
      bytes: Array(
        #"{"sourceLanguage":"en","strings":{"home.title":{},"old.key":{}}}"#.utf8),
      file: "App.xcstrings")
    let used = KeyUsage.usedKeys(
      of: catalog, in: [#"let title = LocalizedText("home.title")"#])
    #expect(used == ["home.title"])
    let findings = CatalogCheck.findings(in: catalog, usedKeys: used)
    #expect(findings.map(\.rule) == [.unusedKey])
    #expect(findings.first?.key == "old.key")
  }

  @Test("any text reads without trapping, in linear time")
  func hostile() {
    for text in [
      "\"", "#", "\"\\", "/*", "\"\\(", "##\"", String(repeating: "\"\\(", count: 10_000),
    ] {
      _ = KeyUsage.literals(in: text)
    }
    #expect(KeyUsage.literals(in: String(repeating: "\"a\" ", count: 100_000)) == ["a"])
    // A multi-line literal with a long line of quotes: each is not a rescan of the line.
    _ = KeyUsage.scan(
      "let a = \"\"\"\n" + String(repeating: " ", count: 1_000) + "x"
        + String(repeating: "\"", count: 200_000))
  }
}

@Suite("Keys named through their generated accessors count as used")
struct AccessorUsageTests {
  @Test(
    "`.homeTitle` and `TextKey.homeSpeakers(3)` use their keys; the same name in a comment or literal does not"
  )
  func accessors() throws {
    let catalog = try StringCatalog(
      bytes: Array(
        #"{"sourceLanguage":"en","strings":{"home.title":{},"home.speakers":{},"old.key":{},"in.comment":{}}}"#
          .utf8),
      file: "App.xcstrings")
    let source = """
      let title: LocalizedText = .homeTitle
      let count = LocalizedText.homeSpeakers(3)
      // .inComment
      let text = ".oldKey"
      """
    #expect(KeyUsage.names(in: source).members.isSuperset(of: ["homeTitle", "homeSpeakers"]))
    #expect(KeyUsage.usedKeys(of: catalog, in: [source]) == ["home.title", "home.speakers"])
  }

  @Test("an interpolated literal names the key Xcode extracts from it; a multi-line one its text")
  func templatesAndMultiline() throws {
    let catalog = try StringCatalog(
      bytes: Array(
        #"""
        {"sourceLanguage":"en","strings":{
        "%lld items left":{},"Hello %@, you have %lld new":{},"%lld%% done":{},
        "Welcome back.\nWe kept your place.":{},"One line\ncontinued here":{},
        "%lld unused":{},"never named":{}}}
        """#.utf8),
      file: "Localizable.xcstrings")
    let source = #"""
      Text("\(count) items left")
      Text("Hello \(name), you have \(unread.count) new")
      Text("\(progress)% done")
      Text("""
        Welcome back.
        We kept your place.
        """)
      let text = """
          One line
          continued \
          here
          """
      """#
    let used = KeyUsage.usedKeys(of: catalog, in: [source])
    #expect(
      used == [
        "%lld items left", "Hello %@, you have %lld new", "%lld%% done",
        "Welcome back.\nWe kept your place.", "One line\ncontinued here",
      ])
    #expect(!used.contains("%lld unused") && !used.contains("never named"))
    #expect(KeyUsage.scan(source).templates.contains("\u{0} items left"))
    // A key built at run time from a literal without spaces counts its every filling as used.
    let built = try StringCatalog(
      bytes: Array(
        #"{"sourceLanguage":"en","strings":{"tricks.category.apps":{},"tricks.category.all games":{},"tricks.apps":{},"other.key":{}}}"#
          .utf8),
      file: "Localizable.xcstrings")
    #expect(
      KeyUsage.usedKeys(of: built, in: [#"let key = "tricks.category.\(category.rawValue)""#])
        == ["tricks.category.apps"])
    #expect(KeyUsage.matches("a.b.c", ["a.", ".c"]))
    #expect(!KeyUsage.matches("a..c", ["a.", ".c"]))
    #expect(KeyUsage.matches("pre.x.mid.y", ["pre.", ".mid.", ""]))
    // A literal inside an interpolation is read too (a trial's app names keys so).
    let nested = KeyUsage.scan(#"title: "\("settings.designed-by".localized) Erich (2023)","#)
    #expect(nested.literals == ["settings.designed-by"])
  }
}
