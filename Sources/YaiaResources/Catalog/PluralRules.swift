/// The plural rules of one language, from Unicode's CLDR (the data Apple's platforms use): which
/// forms a complete text holds, and which form a number takes.
///
/// ```swift
/// let polish = PluralRules(language: "pl")
/// polish.category(for: PluralOperands(22))          // .few
/// polish.category(for: PluralOperands("1.5")!)      // .other: a decimal
/// polish.categories                                 // [.one, .few, .many, .other]
/// ```
///
/// The table is generated from CLDR's `plurals.xml` by `Scripts/generate-plural-rules.py`
/// (``cldrVersion`` names the data) and holds every language CLDR gives rules for; each rule is
/// checked against CLDR's own sample numbers in the tests. A language is found by its code
/// (`pt-PT`, then `pt`); one CLDR has no rules for takes English's (`one`, `other`), which
/// ``isKnown`` tells.
public struct PluralRules: Sendable {
  /// The language asked for, as given.
  public let language: String
  /// Whether CLDR has rules for the language (else English's are used).
  public let isKnown: Bool
  /// The forms, in CLDR's order, each with its condition; `other` last, with none.
  let forms: [(category: PluralCategory, condition: PluralCondition)]

  /// The rules for `language` (`de`, `pt-BR`, `sr_Latn`).
  public init(language: String) {
    self.language = language
    let table = Self.parsed
    let code = language.lowercased().replacingAll("-", with: "_")
    let base = String(code.prefix { $0 != "_" })
    if let index = table.index[code] ?? table.index[base] {
      forms = table.sets[index]
      isKnown = true
    } else {
      forms = table.index["en"].map { table.sets[$0] } ?? [(.other, .always)]
      isKnown = false
    }
  }

  /// The forms a complete text in this language holds, in CLDR's order.
  public var categories: [PluralCategory] { forms.map(\.category) }

  /// The form `number` takes.
  public func category(for number: PluralOperands) -> PluralCategory {
    for form in forms where form.condition.holds(for: number) { return form.category }
    return .other
  }

  /// Every rule set parsed once: the forms of each, and the index of each locale.
  private static let parsed:
    (
      sets: [[(category: PluralCategory, condition: PluralCondition)]],
      index: [String: Int]
    ) = {
      var sets: [[(category: PluralCategory, condition: PluralCondition)]] = []
      var index: [String: Int] = [:]
      for (locales, rules) in cldrTable {
        var forms: [(category: PluralCategory, condition: PluralCondition)] = []
        for (name, condition, _) in rules {
          // The table is generated and tested: a rule that does not parse is left out, never
          // a crash (its samples then fail in the tests).
          guard let category = PluralCategory(rawValue: name),
            let parsed = name == "other" ? .always : PluralCondition(condition)
          else { continue }
          forms.append((category, parsed))
        }
        for locale in locales.split(separator: " ") {
          index[locale.lowercased()] = sets.count
        }
        sets.append(forms)
      }
      return (sets, index)
    }()
}

/// A number as CLDR's plural rules read it: its integer digits, its visible fraction digits
/// (`1.50` has two, and is not `1.5` to a rule), and its compact exponent (`1.2c6`).
///
/// Built from an integer, or from a decimal as it is written (`"1.0"`, `"0.25"`, `"1.1c6"`); a
/// sign is ignored, as CLDR's operands are of the absolute value.
public struct PluralOperands: Sendable, Equatable, CustomStringConvertible {
  /// The integer digits, the last 18 of them (`i`); ``integerIsHuge`` when there were more.
  public let integer: UInt64
  /// Whether the integer part has more than 18 digits: it equals no value a rule names.
  public let integerIsHuge: Bool
  /// The visible fraction digits, as written (`v` is their count).
  public let fractionDigits: String
  /// The compact exponent (`c`, `e`): 6 for `1.2c6`, else 0.
  public let exponent: Int

  /// `count`, a whole number.
  public init(_ count: Int) {
    integer = UInt64(count.magnitude)
    integerIsHuge = false
    fractionDigits = ""
    exponent = 0
  }

  /// A decimal as written: digits, an optional `.` and fraction digits, an optional `c` or `e`
  /// and exponent (at most 30); `nil` for anything else.
  public init?(_ text: String) {
    var rest = Substring(text)
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    var exponent = 0
    if let marker = rest.firstIndex(where: { $0 == "c" || $0 == "e" }) {
      guard let value = Int(rest[rest.index(after: marker)...]), (0...30).contains(value)
      else { return nil }
      exponent = value
      rest = rest[..<marker]
    }
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else {
      return nil
    }
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else {
      return nil
    }
    // The exponent moves fraction digits into the integer: 1.1c6 is 1100000.
    var digits = String(whole)
    for _ in 0..<exponent {
      digits.append(fraction.isEmpty ? "0" : fraction.removeFirst())
    }
    let significant = digits.drop { $0 == "0" }
    self.integerIsHuge = significant.count > 18
    self.integer = UInt64(significant.suffix(18)) ?? 0
    self.fractionDigits = fraction
    self.exponent = exponent
  }

  /// The number of visible fraction digits.
  var v: UInt64 { UInt64(fractionDigits.count) }
  /// The fraction digits with trailing zeros removed.
  var trimmedFraction: Substring {
    let digits = Substring(fractionDigits)
    let end = digits.lastIndex { $0 != "0" }.map(digits.index(after:)) ?? digits.startIndex
    return digits[..<end]
  }
  /// The fraction digits as a number (`f`), the last 18.
  var f: UInt64 { UInt64(fractionDigits.suffix(18)) ?? 0 }
  /// Whether `f` has more than 18 significant digits: it equals no value a rule names.
  var fractionIsHuge: Bool { fractionDigits.drop { $0 == "0" }.count > 18 }
  /// The same, trailing zeros removed (`t`).
  var t: UInt64 { UInt64(trimmedFraction.suffix(18)) ?? 0 }
  /// Whether `t` has more than 18 significant digits.
  var trimmedFractionIsHuge: Bool { trimmedFraction.drop { $0 == "0" }.count > 18 }
  /// The number of fraction digits, trailing zeros removed (`w`).
  var w: UInt64 { UInt64(trimmedFraction.count) }

  /// The number as written (without its sign).
  public var description: String {
    (integerIsHuge ? "…" : "") + String(integer)
      + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
      + (exponent == 0 ? "" : "c\(exponent)")
  }
}

/// One plural form's condition, in CLDR's syntax: relations on the operands, joined by `and`
/// (binding tighter) and `or`.
enum PluralCondition: Sendable {
  /// Holds for every number (`other`).
  case always
  /// Holds when any of the `and`-groups holds, each when all of its relations do.
  case any([[PluralRelation]])

  /// The condition `text`, or `nil` if it is not CLDR's syntax.
  init?(_ text: String) {
    var groups: [[PluralRelation]] = []
    for group in Substring(text).components(separatedByWord: "or") {
      var relations: [PluralRelation] = []
      for relation in group.components(separatedByWord: "and") {
        guard let parsed = PluralRelation(relation) else { return nil }
        relations.append(parsed)
      }
      guard !relations.isEmpty else { return nil }
      groups.append(relations)
    }
    guard !groups.isEmpty else { return nil }
    self = .any(groups)
  }

  /// Whether the condition holds for `number`.
  func holds(for number: PluralOperands) -> Bool {
    switch self {
    case .always: true
    case .any(let groups): groups.contains { $0.allSatisfy { $0.holds(for: number) } }
    }
  }
}

/// One relation of a condition: `i % 10 = 2..4`, `v != 0`, `n = 1,11`.
struct PluralRelation: Sendable {
  /// The operand: `n`, `i`, `v`, `w`, `f`, `t`, `c` or `e`.
  let operand: Character
  /// The modulus, if the relation takes one (`% 10`).
  let modulus: UInt64?
  /// Whether the relation is `=` (else `!=`).
  let equals: Bool
  /// The values and ranges on the right.
  let ranges: [ClosedRange<UInt64>]

  init?(_ text: Substring) {
    let equalsAt = text.firstRange(of: "!=") ?? text.firstRange(of: "=")
    guard let equalsAt else { return nil }
    equals = text[equalsAt] == "="
    let left = text[..<equalsAt.lowerBound].split(separator: "%").map {
      $0.trimmingSpaces
    }
    guard let name = left.first, name.count == 1, let operand = name.first,
      "nivwftce".contains(operand), left.count <= 2
    else { return nil }
    self.operand = operand
    if left.count == 2 {
      guard let modulus = UInt64(left[1]), modulus > 0 else { return nil }
      self.modulus = modulus
    } else {
      modulus = nil
    }
    var ranges: [ClosedRange<UInt64>] = []
    for item in text[equalsAt.upperBound...].split(separator: ",") {
      let bounds = item.trimmingSpaces.split(separator: ".", omittingEmptySubsequences: true)
      guard let low = bounds.first.flatMap({ UInt64($0) }), bounds.count <= 2 else { return nil }
      let high = bounds.count == 2 ? UInt64(bounds[1]) : low
      guard let high, low <= high else { return nil }
      ranges.append(low...high)
    }
    guard !ranges.isEmpty else { return nil }
    self.ranges = ranges
  }

  /// Whether the relation holds for `number`.
  func holds(for number: PluralOperands) -> Bool {
    // `n` with a fraction is no whole number, so it equals none of the values listed.
    if operand == "n", number.t != 0 { return !equals }
    var value: UInt64
    var huge = false
    switch operand {
    case "n", "i":
      value = number.integer
      huge = number.integerIsHuge
    case "v": value = number.v
    case "w": value = number.w
    case "f":
      value = number.f
      huge = number.fractionIsHuge
    case "t":
      value = number.t
      huge = number.trimmedFractionIsHuge
    default: value = UInt64(number.exponent)
    }
    if let modulus {
      value %= modulus
      huge = false  // every modulus CLDR uses divides 10^18: the last 18 digits decide
    }
    let inRanges = !huge && ranges.contains { $0.contains(value) }
    return inRanges == equals
  }
}

extension Character {
  /// Whether it is one of `0`–`9`.
  /// (A character compares as a string: `"1\u{301}"`, a digit with a combining mark, sorts
  /// between `"0"` and `"9"` but is no digit, so its scalar is what is tested.)
  fileprivate var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}

extension Substring {
  /// Without spaces at either end.
  fileprivate var trimmingSpaces: Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map(index(after:)) ?? start
    return self[start..<Swift.max(start, end)]
  }

  /// The parts between each ` word ` (a word on its own, spaces around it).
  fileprivate func components(separatedByWord word: String) -> [Substring] {
    var parts: [Substring] = []
    var rest = self
    while let range = rest.firstRange(of: " \(word) ") {
      parts.append(rest[..<range.lowerBound])
      rest = rest[range.upperBound...]
    }
    parts.append(rest)
    return parts
  }
}
