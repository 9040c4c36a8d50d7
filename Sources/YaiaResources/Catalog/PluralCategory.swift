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

  /// The forms `language` needs (by its code, `de`, `pt-BR`), by CLDR's rules
  /// (``PluralRules``): what a complete plural text in it holds. A language CLDR has no rules
  /// for needs English's, `one` and `other`.
  public static func required(in language: String) -> Set<PluralCategory> {
    Set(PluralRules(language: language).categories)
  }

  /// The form `language` uses for the whole number `count`, by CLDR's rules.
  public static func category(for count: Int, in language: String) -> PluralCategory {
    PluralRules(language: language).category(for: PluralOperands(count))
  }

  /// The form `language` uses for `number`, a decimal as it is shown (`1.0` is not `1` in
  /// English: "1.0 miles").
  public static func category(for number: PluralOperands, in language: String)
    -> PluralCategory
  {
    PluralRules(language: language).category(for: number)
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
}
