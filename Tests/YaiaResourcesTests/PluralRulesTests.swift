import Foundation
import Testing

@testable import YaiaResources

/// The numbers CLDR lists as samples of a form: `@integer 0~15, 100, …` and
/// `@decimal 0.0~1.5, 1.1c6, …`, each range expanded in steps of its last digit.
private func samples(_ text: String) -> [String] {
  var numbers: [String] = []
  for part in text.split(separator: "@") {
    let words = part.split(separator: " ", maxSplits: 1)
    guard words.count == 2 else { continue }
    for item in words[1].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard item != "…", !item.isEmpty else { continue }
      let bounds = item.split(separator: "~").map(String.init)
      guard bounds.count == 2 else {
        numbers.append(item)
        continue
      }
      let places = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
      var scale = 1
      for _ in 0..<places { scale *= 10 }
      let low = Int(bounds[0].replacingOccurrences(of: ".", with: "")) ?? 0
      let high = Int(bounds[1].replacingOccurrences(of: ".", with: "")) ?? 0
      for value in low...high {
        let fraction = String(value % scale)
        numbers.append(
          places == 0
            ? String(value)
            : "\(value / scale)." + String(repeating: "0", count: places - fraction.count)
              + fraction)
      }
    }
  }
  return numbers
}

@Suite("Plural rules from CLDR")
struct PluralRulesTests {
  @Test("every language's every form takes each of CLDR's own sample numbers")
  func cldrSamples() throws {
    var checked = 0
    for (locales, forms) in PluralRules.cldrTable {
      for locale in locales.split(separator: " ") {
        let rules = PluralRules(language: String(locale))
        #expect(rules.isKnown)
        #expect(rules.categories == forms.compactMap { PluralCategory(rawValue: $0.0) })
        for (form, _, sampleText) in forms {
          for sample in samples(sampleText) {
            let number = try #require(PluralOperands(sample), "\(sample)")
            #expect(
              rules.category(for: number).rawValue == form, "\(locale) \(sample) should be \(form)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 11_000)  // 11,935 with the table of this commit
  }

  @Test("the spot checks a trial found wrong: Lithuanian, Irish, Welsh, Romanian, Portuguese 0")
  func spotChecks() {
    #expect(PluralCategory.category(for: 10, in: "lt") == .other)
    #expect(PluralCategory.category(for: 5, in: "ga") == .few)
    #expect(PluralCategory.category(for: 8, in: "ga") == .many)
    #expect(PluralCategory.category(for: 6, in: "cy") == .many)
    #expect(PluralCategory.category(for: 0, in: "cy") == .zero)
    #expect(PluralCategory.category(for: 0, in: "pt") == .one)
    #expect(PluralCategory.category(for: 0, in: "pt-PT") == .other)
    #expect(PluralCategory.category(for: 2, in: "ro") == .few)
    #expect(PluralCategory.category(for: 22, in: "hr") == .few)
    #expect(PluralCategory.category(for: 102, in: "sl") == .two)
    #expect(PluralCategory.category(for: 0, in: "hi") == .one)
    #expect(PluralCategory.category(for: 1_000_000, in: "es") == .many)
    #expect(PluralCategory.required(in: "ga") == [.one, .two, .few, .many, .other])
    #expect(PluralCategory.required(in: "ja") == [.other])
  }

  @Test("a decimal is not the whole number it equals: 1.0 is `other` in English")
  func decimals() throws {
    #expect(PluralCategory.category(for: try #require(PluralOperands("1.0")), in: "en") == .other)
    #expect(PluralCategory.category(for: try #require(PluralOperands("1")), in: "en") == .one)
    #expect(PluralCategory.category(for: try #require(PluralOperands("1.5")), in: "fr") == .one)
    #expect(PluralCategory.category(for: try #require(PluralOperands("2.3")), in: "ru") == .other)
  }

  @Test("a language CLDR does not know takes English's rules, and says so")
  func unknownLanguage() {
    let rules = PluralRules(language: "xx-YY")
    #expect(!rules.isKnown)
    #expect(rules.categories == [.one, .other])
  }

  @Test("operands refuse what is no number, and keep the last digits of a huge one")
  func operandEdges() throws {
    for text in ["", ".", "1.", ".5", "1..2", "1e", "1c31", "a", "1,5", "--1", "1.5.2"] {
      #expect(PluralOperands(text) == nil, "\(text)")
    }
    let huge = try #require(PluralOperands(String(repeating: "9", count: 40) + "21"))
    #expect(huge.integerIsHuge)
    #expect(PluralCategory.category(for: huge, in: "ru") == .one)  // ends in 21
    #expect(PluralCategory.category(for: Int.min, in: "en") == .other)
    // A digit with a combining mark is no digit.
    #expect(PluralOperands("1\u{301}") == nil)
    #expect(PluralOperands("1.5\u{301}") == nil)
    // A fraction of more than 18 significant digits equals no value a rule names: `f = 0`
    // does not hold for 0.1000000000000000000000 (its last 18 digits are zeros).
    let fraction = try #require(PluralOperands("0.1" + String(repeating: "0", count: 21)))
    #expect(fraction.fractionIsHuge)
    #expect(PluralRelation("f = 0")?.holds(for: fraction) == false)
    #expect(PluralRelation("f != 0")?.holds(for: fraction) == true)
    #expect(PluralRelation("f % 10 = 0")?.holds(for: fraction) == true)
  }
}
