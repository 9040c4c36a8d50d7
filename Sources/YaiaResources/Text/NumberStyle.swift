import Foundation
import YaiaSupport

/// How a language writes numbers in a rendered text: its decimal separator and grouping, as
/// Foundation's number formatters write them (`8,8` and `1.234` in German, `1 234` in French).
/// `plain` writes digits alone, for a text rendered outside any language.
struct NumberStyle: Sendable {
  /// The language's locale, or `nil` for plain digits.
  let locale: Locale?

  /// Digits alone: `1234`, `8.8`.
  static let plain = NumberStyle(locale: nil)

  /// The style of `language` (`de`, `pt-BR`).
  init(language: String) {
    self.locale = Self.locales.withLock { cache in
      if let known = cache[language] { return known }
      let locale = Locale(identifier: language)
      if cache.count < 256 { cache[language] = locale }  // a catalog names few languages
      return locale
    }
  }

  private init(locale: Locale?) {
    self.locale = locale
  }

  /// Locales made so far, by language: making one reads the platform's data.
  private static let locales = Locked<[String: Locale]>([:])

  /// `value` as the language writes a whole number.
  func integer(_ value: Int) -> String {
    guard let locale else { return String(value) }
    return value.formatted(.number.locale(locale))
  }

  /// `value` as the language writes a date and time (an abbreviated date, a short time) in the
  /// device's time zone; ISO 8601 in UTC with no language (a catalog-less fill).
  func date(_ value: Date) -> String {
    guard let locale else { return value.ISO8601Format() }
    return value.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale))
  }

  /// `value` with `places` decimal places (as many as it needs when `nil`), as the language
  /// writes it; `inf`, `-inf` and `nan` as `%f` writes them.
  func decimal(_ value: Double, places: Int?) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    guard let locale else {
      return places.map { StringCatalog.fixed(value, places: $0) } ?? String(value)
    }
    let style = FloatingPointFormatStyle<Double>.number.locale(locale)
    guard let places else { return value.formatted(style) }
    return value.formatted(style.precision(.fractionLength(places)))
  }
}
