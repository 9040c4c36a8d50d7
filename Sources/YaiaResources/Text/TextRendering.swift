extension StringCatalog {
  /// `text` in `language`, its placeholders filled and its plural form chosen by the number it
  /// counts: what the edge shows. Never traps on what a catalog holds:
  /// - a key the catalog lacks renders as the key, so it shows on screen and in a test;
  /// - a language without the key falls back to the language without its region (`de` for
  ///   `de-AT`), then to the source language;
  /// - a placeholder without its argument stays as written, and an argument of another type
  ///   than its placeholder is written as it is (`%d` given a string shows the string).
  public func render(_ text: LocalizedText, language: String) -> String {
    render(text, language: language, depth: 0)
  }

  /// How deep texts inside texts are rendered; deeper ones show as their keys.
  static let deepestText = 8

  private func render(_ text: LocalizedText, language: String, depth: Int) -> String {
    guard let entry = entry(text.key) else { return text.key.name }
    // The language whose text is shown picks the plural form: a French user shown the English
    // fallback reads English forms, chosen by English rules.
    let candidates = [language, Self.baseLanguage(language), sourceLanguage]
    guard let used = candidates.first(where: { entry.localizations[$0] != nil }),
      let localization = entry.localizations[used]
    else { return text.key.name }
    let count = text.arguments.lazy.compactMap { argument -> Int? in
      if case .int(let value) = argument { return value }
      return nil
    }.first
    var format = localization.value ?? ""
    if !localization.plural.isEmpty {
      let category = PluralCategory.category(for: count ?? 0, in: used)
      format = localization.plural[category] ?? localization.plural[.other] ?? format
    }
    // A `%#@name@` becomes its substitution's plural form, `%arg` its number, where it stands:
    // the other placeholders keep their positions, and a form is never read again for
    // substitutions, so forms that name each other cannot multiply the text.
    let substitutions = localization.substitutions
    let arguments = text.arguments.map { argument in
      guard case .text(let inner) = argument else { return argument }
      return .string(
        depth < Self.deepestText
          ? render(inner, language: language, depth: depth + 1) : inner.key.name)
    }
    return Self.fill(format, with: arguments) { placeholder in
      let name = placeholder.substitutionName
      guard let substitution = substitutions[name] else { return nil }
      let index = substitution.argumentNumber - 1
      var number = 0
      if arguments.indices.contains(index), case .int(let value) = arguments[index] {
        number = value
      }
      let form =
        substitution.plural[PluralCategory.category(for: number, in: used)]
        ?? substitution.plural[.other] ?? ""
      return form.replacingAll("%arg", with: String(number))
    }
  }

  /// `format` with each placeholder replaced by its argument, each substitution by what
  /// `substitute` gives for it, and `%%` by `%`.
  static func fill(
    _ format: String, with arguments: [TextArgument],
    substitute: (FormatPlaceholder) -> String? = { _ in nil }
  ) -> String {
    guard format.contains("%"),
      let placeholders = try? FormatPlaceholder.parse(format)
    else { return format }
    var pending = placeholders[...]
    var out = ""
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      out += rest[..<percent]
      let after = rest[percent...]
      if after.hasPrefix("%%") {
        out += "%"
        rest = after.dropFirst(2)
        continue
      }
      guard let placeholder = pending.first, after.hasPrefix(placeholder.text) else {
        out += "%"
        rest = after.dropFirst()
        continue
      }
      pending = pending.dropFirst()
      let index = placeholder.position - 1
      if placeholder.kind == .substitution {
        out += substitute(placeholder) ?? placeholder.text
      } else if arguments.indices.contains(index) {
        out += written(arguments[index], as: placeholder)
      } else {
        out += placeholder.text
      }
      rest = after.dropFirst(placeholder.text.count)
    }
    return out + rest
  }

  /// One argument as its placeholder writes it: a number with the placeholder's precision
  /// (six places by default, as `%f` does), text as it is.
  private static func written(_ argument: TextArgument, as placeholder: FormatPlaceholder)
    -> String
  {
    switch argument {
    case .int(let value):
      return String(value)
    case .string(let value):
      return value
    case .text(let value):
      return value.description
    case .double(let value):
      guard placeholder.kind == .floatingPoint else { return String(value) }
      var places = 6
      if let dot = placeholder.text.firstIndex(of: ".") {
        let digits = placeholder.text[placeholder.text.index(after: dot)...].prefix(
          while: \.isNumber)
        places = min(Int(digits) ?? 0, 17)
      }
      return fixed(value, places: places)
    }
  }

  /// `value` with `places` decimal places, rounded half away from zero; `inf`, `-inf` and
  /// `nan` as `%f` writes them.
  static func fixed(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 1e17 else { return String(value) }
    let whole = Int(scaled)
    var digits = String(whole)
    if places > 0 {
      if digits.count <= places {
        digits = String(repeating: "0", count: places - digits.count + 1) + digits
      }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
    }
    return (value < 0 && whole != 0 ? "-" : "") + digits
  }

  /// `de` for `de-AT` or `de_AT`.
  static func baseLanguage(_ language: String) -> String {
    String(language.prefix { $0 != "-" && $0 != "_" })
  }
}

extension String {
  /// The text with every `target` replaced by `replacement`, without Foundation.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var out = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound]
      out += replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
