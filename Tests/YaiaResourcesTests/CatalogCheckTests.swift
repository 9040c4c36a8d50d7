import Testing

@testable import YaiaResources

@Suite("yaia resources check: the mistakes a translation makes, with file and line")
struct CatalogCheckTests {
  /// Four mistakes, each on a line of its own.
  static let broken = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "only.english" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Only English" } }
          }
        },
        "count" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "%d items" } },
            "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dinge" } }
          }
        },
        "speakers" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld speaker" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld speakers" } }
            } } },
            "de" : { "variations" : { "plural" : {
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Lautsprecher" } }
            } } }
          }
        },
        "old.key" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Alt" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Old" } }
          }
        }
      }
    }
    """#

  @Test(
    "a missing translation, a %d/%@ mismatch, a missing plural form and an unused key: each named with its line"
  )
  func eachMistake() throws {
    let catalog = try StringCatalog(bytes: Array(Self.broken.utf8), file: "App.xcstrings")
    let findings = CatalogCheck.findings(
      in: catalog, usedKeys: ["only.english", "count", "speakers"])
    #expect(
      findings.map { "\($0.line) \($0.rule.rawValue) \($0.key) \($0.language ?? "-")" } == [
        "4 missing-translation only.english de",
        "12 placeholder-mismatch count de",
        "21 plural-incomplete speakers de",
        "26 unused-key old.key -",
      ])
    let mismatch = try #require(findings.first { $0.rule == .placeholderMismatch })
    #expect(
      mismatch.description
        == "App.xcstrings:12: count [de]: placeholders (1: object) differ from the en text's (1: integer) (placeholder-mismatch)"
    )
  }

  @Test("a plural form may leave its number out or take one more, never retype one")
  func pluralForms() throws {
    let text = #"""
      {"sourceLanguage":"en","strings":{"n":{"localizations":{
      "en":{"variations":{"plural":{"one":{"stringUnit":{"value":"%lld thing"}},"other":{"stringUnit":{"value":"%lld things"}}}}},
      "de":{"variations":{"plural":{"one":{"stringUnit":{"value":"ein Ding"}},"other":{"stringUnit":{"value":"%@ Dinge %d"}}}}}
      }}}}
      """#
    let catalog = try StringCatalog(bytes: Array(text.utf8), file: "x.xcstrings")
    let findings = CatalogCheck.findings(in: catalog)
    #expect(findings.map(\.rule) == [.placeholderMismatch])
    #expect(findings.first?.message.hasPrefix("the other form: ") == true)
  }

  @Test(
    "hostile catalogs are typed errors naming the line: deep, unclosed, wrong shapes, not a language"
  )
  func hostile() {
    let deep = String(repeating: "[", count: 100_000)
    for (text, line, reason) in [
      (#"{"sourceLanguage":"en","strings":"# + deep, 1, "nested deeper than 32 levels"),
      (
        "{\n\"sourceLanguage\":\"en\",\n\"strings\":{\"a\":", 3,
        "the document ends where a value should be"
      ),
      (#"{"sourceLanguage":"en","strings":[]}"#, 1, "`strings` must be an object of keys"),
      (#"{"sourceLanguage":"e n","strings":{}}"#, 1, "`sourceLanguage` must name a language"),
      (
        "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"\\u001b[2J\":{}}}}}",
        1,
        "is not a language code"
      ),
      (
        "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"de\":{\"variations\":{\"plural\":{\"lots\":{}}}}}}}}",
        1,
        "is not a plural form"
      ),
      ("\u{1}", 1, "unexpected character"),
      (
        #"{"sourceLanguage":"en","strings":{"k":{"x":"# + String(repeating: "9", count: 80) + "}}}",
        1, "a number is longer than 64 characters"
      ),
      (
        #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"value":"%#@n@"},"substitutions":{"n":{"argNum":0}}}}}}}"#,
        1, "has an `argNum` that is not a whole number from 1 to 64"
      ),
    ] {
      let error = #expect(throws: StringCatalogError.self) {
        try StringCatalog(bytes: Array(text.utf8), file: "h.xcstrings")
      }
      guard case .malformed(_, let found, let message) = error else { continue }
      #expect(found == line, "\(message)")
      #expect(message.contains(reason), "\(message)")
      // Nothing from the file reaches a terminal unescaped.
      #expect(!message.unicodeScalars.contains { $0.value < 0x20 }, "\(message)")
    }
  }

  @Test("a file that is not a regular file, or is missing, is a typed error")
  func files() {
    #expect(
      throws: StringCatalogError.unreadable(file: "/nonexistent.xcstrings", reason: "no such file")
    ) {
      try StringCatalog(contentsOf: "/nonexistent.xcstrings")
    }
    #expect(throws: StringCatalogError.self) { try StringCatalog(contentsOf: "/dev/null") }
  }
}

@Suite("Length budgets: a max-length: in a key's comment, checked in every language")
struct LengthBudgetTests {
  @Test(
    "a German text over the budget fails with its line; placeholders count nothing; a bad budget is named"
  )
  func budgets() throws {
    let text = #"""
      {"sourceLanguage":"en","strings":{
      "button.pair":{"comment":"Tab title. max-length: 8","localizations":{
      "en":{"stringUnit":{"value":"Pair %@"}},
      "de":{"stringUnit":{"value":"Verbinden %@"}}}},
      "typo":{"comment":"max-length: eight","shouldTranslate":false,"localizations":{"en":{"stringUnit":{"value":"x"}}}}
      }}
      """#
    let catalog = try StringCatalog(bytes: Array(text.utf8), file: "App.xcstrings")
    let findings = CatalogCheck.findings(in: catalog)
    #expect(
      findings.map { "\($0.line) \($0.rule.rawValue) \($0.language ?? "-")" } == [
        "4 too-long de", "5 bad-length-budget -",
      ])
    #expect(findings.first?.message == "10 characters, over the budget of 8 the comment declares")
    #expect(LengthBudget.length(of: "100%% of %2$@ and %1$lld") == 13)
    #expect(LengthBudget.length(of: "café 🇩🇪") == 6)
    #expect(LengthBudget.declared(in: "MAX-LENGTH:24 in a tab") == .limit(24))
    #expect(LengthBudget.declared(in: "no budget") == nil)
    #expect(LengthBudget.declared(in: "max-length: 0") != .limit(0))
    #expect(LengthBudget.declared(in: "max-length: 99999999999999999999") != nil)
  }
}

@Suite("What a review of the check found: bounds, fallbacks, numbered substitutions")
struct CatalogCheckBoundsTests {
  @Test("a catalog declaring more languages than any app ships is refused at the line")
  func tooManyLanguages() {
    let languages = (0...StringCatalog.mostLanguages).map { "\"l\($0)\":{}" }.joined(separator: ",")
    let text = #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"# + languages + "}}}}"
    let error = #expect(throws: StringCatalogError.self) {
      try StringCatalog(bytes: Array(text.utf8), file: "wide.xcstrings")
    }
    guard case .malformed(_, _, let reason) = error else { return }
    #expect(reason.contains("more than 500 languages"))
  }

  @Test("keys times languages cannot fill memory: the findings stop at their bound and say so")
  func findingsBounded() throws {
    let languages = (0..<300).map { "\"l\($0)\":{}" }.joined(separator: ",")
    let keys = (0..<100).map { "\"k\($0)\":{}" }.joined(separator: ",")
    let text =
      #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"# + languages + "}},"
      + keys + "}}"
    let catalog = try StringCatalog(bytes: Array(text.utf8), file: "many.xcstrings")
    let findings = CatalogCheck.findings(in: catalog)
    #expect(findings.contains { $0.rule == .tooManyFindings })
    #expect(findings.count < CatalogCheck.mostFindings + 400)
  }

  @Test("a numbered substitution is found; its forms count toward the length budget")
  func substitutions() throws {
    let text = #"""
      {"sourceLanguage":"en","strings":{"n":{"comment":"max-length: 12","localizations":{
      "en":{"stringUnit":{"value":"%1$#@count@"},"substitutions":{"count":{"argNum":1,"formatSpecifier":"lld",
        "variations":{"plural":{"one":{"stringUnit":{"value":"%arg speaker"}},"other":{"stringUnit":{"value":"%arg loudspeakers"}}}}}}}
      }}}}
      """#
    let catalog = try StringCatalog(bytes: Array(text.utf8), file: "s.xcstrings")
    #expect(catalog.render(LocalizedText("n", .int(1)), language: "en") == "1 speaker")
    let findings = CatalogCheck.findings(in: catalog)
    #expect(findings.map(\.rule) == [.tooLong], "\(findings)")
  }

  @Test("a language without the text is shown the source's, in the source's plural forms")
  func fallbackPlural() throws {
    let text = #"""
      {"sourceLanguage":"en","strings":{"bye":{"localizations":{
      "en":{"variations":{"plural":{"one":{"stringUnit":{"value":"%lld speaker"}},"other":{"stringUnit":{"value":"%lld speakers"}}}}}}}}}
      """#
    let catalog = try StringCatalog(bytes: Array(text.utf8), file: "f.xcstrings")
    // French counts 0 as `one`; the English text shown must say "0 speakers".
    #expect(catalog.render(LocalizedText("bye", .int(0)), language: "fr") == "0 speakers")
    #expect(catalog.render(LocalizedText("bye", .int(21)), language: "ru") == "21 speakers")
  }
}
