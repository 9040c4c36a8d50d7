/// A plural form, as Unicode's CLDR names them and String Catalogs store them: the same
/// number asks for `one` in English and `few` in Polish.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable, Comparable {
  /// Zero, in languages that give it a form (Arabic, Latvian).
  case zero
  /// One, and what counts as one (`1` in English; `1`, `21`, `31` in Russian).
  case one
  /// Two, in languages that give it a form.
  case two
  /// A few (`2`–`4` in Czech and Polish).
  case few
  /// Many (`5`–`20` in Russian; large numbers in French).
  case many
  /// Every other number: the form every language has.
  case other

  /// The forms `language` needs (by its code, `de`, `pt-BR`: the part before `-` or `_`):
  /// what a complete plural text in it holds. A language this table does not name needs
  /// `one` and `other`, which most do.
  public static func required(in language: String) -> Set<PluralCategory> {
    switch base(language) {
    case "ja", "zh", "ko", "vi", "th", "id", "ms", "my", "lo", "km": [.other]
    case "fr", "it", "es", "pt", "ca": [.one, .many, .other]
    case "ru", "uk", "be", "pl", "lt": [.one, .few, .many, .other]
    case "cs", "sk": [.one, .few, .many, .other]
    case "ar": [.zero, .one, .two, .few, .many, .other]
    case "he": [.one, .two, .other]
    case "lv": [.zero, .one, .other]
    case "ga": [.one, .two, .few, .many, .other]
    case "cy": [.zero, .one, .two, .few, .many, .other]
    default: [.one, .other]
    }
  }

  /// The form `language` uses for the whole number `count`; `other` for a language whose
  /// rule this table does not hold beyond `one`.
  public static func category(for count: Int, in language: String) -> PluralCategory {
    let n = count.magnitude
    let ten = n % 10
    let hundred = n % 100
    switch base(language) {
    case "ja", "zh", "ko", "vi", "th", "id", "ms", "my", "lo", "km":
      return .other
    case "fr":
      if n == 0 || n == 1 { return .one }
      return n % 1_000_000 == 0 ? .many : .other
    case "it", "es", "pt", "ca":
      if n == 1 { return .one }
      return n != 0 && n % 1_000_000 == 0 ? .many : .other
    case "ru", "uk", "be":
      if ten == 1, hundred != 11 { return .one }
      if (2...4).contains(ten), !(12...14).contains(hundred) { return .few }
      return .many
    case "pl":
      if n == 1 { return .one }
      if (2...4).contains(ten), !(12...14).contains(hundred) { return .few }
      return .many
    case "lt":
      if ten == 1, !(11...19).contains(hundred) { return .one }
      if (2...9).contains(ten), !(11...19).contains(hundred) { return .few }
      return .many
    case "cs", "sk":
      if n == 1 { return .one }
      return (2...4).contains(n) ? .few : .other
    case "ar":
      if n == 0 { return .zero }
      if n == 1 { return .one }
      if n == 2 { return .two }
      if (3...10).contains(hundred) { return .few }
      if (11...99).contains(hundred) { return .many }
      return .other
    case "he":
      if n == 1 { return .one }
      return n == 2 ? .two : .other
    case "lv":
      if ten == 0 || (11...19).contains(hundred) { return .zero }
      return ten == 1 && hundred != 11 ? .one : .other
    default:
      return n == 1 ? .one : .other
    }
  }

  /// CLDR's order: `zero`, `one`, `two`, `few`, `many`, `other`.
  public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .zero: 0
    case .one: 1
    case .two: 2
    case .few: 3
    case .many: 4
    case .other: 5
    }
  }

  private static func base(_ language: String) -> String {
    String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
  }
}
