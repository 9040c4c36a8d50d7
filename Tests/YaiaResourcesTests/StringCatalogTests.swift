import Testing

@testable import YaiaResources

/// A catalog as Xcode writes one: the source language's text often left out (the key is the
/// text), a plural, a substitution, a key not to translate.
let sampleCatalog = #"""
  {
    "sourceLanguage" : "en",
    "strings" : {
      "home.title" : {
        "localizations" : {
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Start" } },
          "en" : { "stringUnit" : { "state" : "translated", "value" : "Home" } }
        }
      },
      "home.speakers" : {
        "localizations" : {
          "de" : {
            "variations" : {
              "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "Ein Lautsprecher" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Lautsprecher" } }
              }
            }
          },
          "en" : {
            "variations" : {
              "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld speaker" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld speakers" } }
              }
            }
          }
        }
      },
      "Hello %@" : {
        "localizations" : {
          "de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo %@" } }
        }
      },
      "rooms" : {
        "localizations" : {
          "de" : {
            "stringUnit" : { "state" : "translated", "value" : "%#@rooms@ in %@" },
            "substitutions" : {
              "rooms" : {
                "argNum" : 1, "formatSpecifier" : "lld",
                "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Raum" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Räume" } }
                } }
              }
            }
          },
          "en" : {
            "stringUnit" : { "state" : "translated", "value" : "%#@rooms@ in %@" },
            "substitutions" : {
              "rooms" : {
                "argNum" : 1, "formatSpecifier" : "lld",
                "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg room" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg rooms" } }
                } }
              }
            }
          }
        }
      },
      "Yaia" : { "shouldTranslate" : false }
    },
    "version" : "1.0"
  }
  """#

@Suite("String Catalogs: read as Xcode writes them, rendered in a language")
struct StringCatalogTests {
  static func catalog(_ text: String = sampleCatalog) throws -> StringCatalog {
    try StringCatalog(bytes: Array(text.utf8), file: "Localizable.xcstrings")
  }

  @Test("keys, their lines and the languages declared")
  func reads() throws {
    let catalog = try Self.catalog()
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.languages == ["en", "de"])
    #expect(
      catalog.entries.map(\.key.name) == [
        "home.title", "home.speakers", "Hello %@", "rooms", "Yaia",
      ])
    #expect(catalog.entry("home.title")?.line == 4)
    #expect(catalog.entry("Yaia")?.shouldTranslate == false)
    #expect(CatalogCheck.findings(in: catalog) == [])
  }

  @Test("rendered: plural forms by language, substitutions, the key as the source text, fallbacks")
  func renders() throws {
    let catalog = try Self.catalog()
    #expect(catalog.render(LocalizedText("home.title"), language: "de") == "Start")
    #expect(catalog.render(LocalizedText("home.title"), language: "de-AT") == "Start")
    #expect(catalog.render(LocalizedText("home.title"), language: "fr") == "Home")
    #expect(
      catalog.render(LocalizedText("home.speakers", .int(1)), language: "de") == "Ein Lautsprecher")
    #expect(
      catalog.render(LocalizedText("home.speakers", .int(3)), language: "de") == "3 Lautsprecher")
    #expect(catalog.render(LocalizedText("home.speakers", .int(1)), language: "en") == "1 speaker")
    #expect(
      catalog.render(LocalizedText("Hello %@", .string("Ada")), language: "de") == "Hallo Ada")
    #expect(
      catalog.render(LocalizedText("rooms", .int(2), .string("Berlin")), language: "de")
        == "2 Räume in Berlin")
    #expect(
      catalog.render(LocalizedText("rooms", .int(1), .string("Berlin")), language: "en")
        == "1 room in Berlin")
    // A key the catalog lacks shows as the key; a missing argument leaves its placeholder.
    #expect(catalog.render(LocalizedText("nope"), language: "de") == "nope")
    #expect(catalog.render(LocalizedText("Hello %@"), language: "de") == "Hallo %@")
  }

  @Test("a view model's text compares by key and arguments, and describes itself so")
  func textAsValue() {

    #expect(LocalizedText("home.speakers", .int(3)) == LocalizedText("home.speakers", .int(3)))
    #expect(LocalizedText("home.speakers", .int(3)) != LocalizedText("home.speakers", .int(2)))
    #expect(
      LocalizedText("rooms", .int(2), .string("Berlin")).description == #"rooms(2, "Berlin")"#)
  }

  @Test("placeholders: positions, types, percent signs and what is not one")
  func placeholders() throws {
    let found = try FormatPlaceholder.parse("%2$@ has %1$lld items, 100%% %3$.1f")
    #expect(found.map(\.position) == [2, 1, 3])
    #expect(found.map(\.kind) == [.object, .integer, .floatingPoint])
    #expect(found.map(\.text) == ["%2$@", "%1$lld", "%3$.1f"])
    #expect(try FormatPlaceholder.parse("%@ and %d").map(\.position) == [1, 2])
    #expect(throws: FormatPlaceholder.Problem.self) { try FormatPlaceholder.parse("%2$@ %@") }
    #expect(
      StringCatalog.fill(
        "%2$@ has %1$lld, %3$.1f%%", with: [.int(3), .string("Ada"), .double(2.25)])
        == "Ada has 3, 2.3%"
        || StringCatalog.fill(
          "%2$@ has %1$lld, %3$.1f%%", with: [.int(3), .string("Ada"), .double(2.25)])
          == "Ada has 3, 2.2%"
    )
    #expect(throws: FormatPlaceholder.Problem.self) { try FormatPlaceholder.parse("50%") }
    #expect(throws: FormatPlaceholder.Problem.self) { try FormatPlaceholder.parse("%y") }
    #expect(throws: FormatPlaceholder.Problem.self) { try FormatPlaceholder.parse("%0$@") }
    #expect(
      StringCatalog.fixed(-0.5, places: 0) == "-1" && StringCatalog.fixed(0.04, places: 1) == "0.0")
  }

  @Test("plural forms by CLDR: English, German, Russian, Polish, Arabic, Japanese")
  func pluralRules() {
    #expect(PluralCategory.category(for: 1, in: "de") == .one)
    #expect(PluralCategory.category(for: 0, in: "en") == .other)
    #expect(PluralCategory.category(for: 21, in: "ru") == .one)
    #expect(PluralCategory.category(for: 22, in: "ru") == .few)
    #expect(PluralCategory.category(for: 11, in: "ru") == .many)
    #expect(PluralCategory.category(for: 22, in: "pl") == .few)
    #expect(PluralCategory.category(for: 21, in: "pl") == .many)
    #expect(PluralCategory.category(for: 2, in: "ar") == .two)
    #expect(PluralCategory.category(for: 1, in: "ja") == .other)
    #expect(PluralCategory.required(in: "pt-BR") == [.one, .many, .other])
  }
}
