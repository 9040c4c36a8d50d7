import Foundation

extension StringCatalog {
  /// `text` in `language`, its placeholders filled and its plural form chosen by the number it
  /// counts: what the edge shows. Never traps on what a catalog holds:
  /// - a key the catalog lacks renders as the key, so it shows on screen and in a test;
  /// - a language without the key falls back to the language without its region (`de` for
  ///   `de-AT`), then to the source language;
  /// - a placeholder without its argument stays as written, and an argument of another type
  ///   than its placeholder is written as it is (`%d` given a string shows the string).
  ///
  /// Numbers are written as the language writes them (`8,8` and `1.234` in German), as
  /// Foundation's number formatters do. A text that varies by device renders its `other`
  /// variant; ``render(_:language:device:)`` names the device.
  public func render(_ text: LocalizedText, language: String) -> String {
    render(text, language: language, device: "other", depth: 0)
  }

  /// `text` in `language` as `device` shows it (`iphone`, `ipad`, `mac`, `applewatch`,
  /// `appletv`, `applevision`): a text that varies by device renders that device's variant,
  /// else its `other` one; every other text renders as ``render(_:language:)`` does.
  public func render(_ text: LocalizedText, language: String, device: String) -> String {
    render(text, language: language, device: device, depth: 0)
  }

  /// How deep texts inside texts are rendered; deeper ones show as their keys.
  static let deepestText = 8

  private func render(_ text: LocalizedText, language: String, device: String, depth: Int)
    -> String
  {
    guard let entry = entry(text.key) else { return text.key.name }
    // The language whose text is shown picks the plural form: a French user shown the English
    // fallback reads English forms, chosen by English rules.
    let candidates = [language, Self.baseLanguage(language), sourceLanguage]
    guard let used = candidates.first(where: { entry.localizations[$0] != nil }),
      let localization = entry.localizations[used]
    else { return text.key.name }
    let arguments = text.arguments.map { argument in
      guard case .text(let inner) = argument else { return argument }
      return .string(
        depth < Self.deepestText
          ? render(inner, language: language, device: device, depth: depth + 1)
          : inner.key.name)
    }
    let numbers = NumberStyle(language: used)
    var value = localization.value
    var plural = localization.plural
    if !localization.devices.isEmpty {
      let variant =
        localization.devices[device] ?? localization.devices["other"]
        ?? localization.devices.sorted { $0.key < $1.key }.first?.value
      value = variant?.value
      plural = variant?.plural ?? [:]
    }
    var format = value ?? ""
    if !plural.isEmpty {
      // A text that varies by plural counts its first number, as its forms write it: 1.5 shown
      // by `%.1f` is `1.5`, by `%.0f` is `2`, and by `%@` or `%lld` is `1.5`.
      let counted = arguments.indices.first { Self.operands(of: arguments[$0], as: nil) != nil }
      let count = counted.flatMap { index in
        Self.operands(
          of: arguments[index],
          as: Self.placeholder(at: index + 1, in: plural[.other] ?? plural.values.first ?? ""))
      }
      let category = PluralCategory.category(for: count ?? PluralOperands(0), in: used)
      format = plural[category] ?? plural[.other] ?? format
    }
    // A `%#@name@` becomes its substitution's plural form, chosen by its number; inside the
    // form, `%arg` and an unnumbered placeholder write that number, a numbered one an argument
    // of the whole text. A form is never read again for substitutions, so forms that name each
    // other cannot multiply the text.
    let substitutions = localization.substitutions
    guard format.contains("%"), let placeholders = try? FormatPlaceholder.parse(format) else {
      return format
    }
    return Self.fill(format, placeholders) { placeholder in
      guard placeholder.kind == .substitution else {
        return Self.argument(placeholder.position, of: arguments, as: placeholder, numbers)
      }
      guard let substitution = substitutions[placeholder.substitutionName] else { return nil }
      let position = TextArguments.argument(of: substitution, at: placeholder)
      let own =
        (try? FormatPlaceholder.parse("%\(position)$" + substitution.formatSpecifier))?.first
        ?? FormatPlaceholder(position: position, kind: .integer, text: "%\(position)$lld")
      let number = arguments.indices.contains(position - 1) ? arguments[position - 1] : .int(0)
      let category = PluralCategory.category(
        for: Self.operands(of: number, as: own) ?? PluralOperands(0), in: used)
      let form = substitution.plural[category] ?? substitution.plural[.other] ?? ""
      let written = form.replacingAll("%arg", with: own.text)
      guard let inner = try? FormatPlaceholder.scan(written) else { return written }
      return Self.fill(written, inner) { placeholder in
        let at = placeholder.isNumbered ? placeholder.position : position
        return Self.argument(at, of: arguments, as: placeholder, numbers)
      }
    }
  }

  /// Argument `position` (from 1) as `placeholder` writes it; `nil` (the placeholder stays as
  /// written) when there is no such argument.
  private static func argument(
    _ position: Int, of arguments: [TextArgument], as placeholder: FormatPlaceholder,
    _ numbers: NumberStyle
  ) -> String? {
    guard arguments.indices.contains(position - 1) else { return nil }
    return written(arguments[position - 1], as: placeholder, numbers)
  }

  /// The plural operands of a number argument as `placeholder` shows it (`%.1f` shows 1 as
  /// `1.0`, which English counts as `other`); a decimal that no floating-point placeholder
  /// writes counts as its shortest digits (`1.5`, `2`). `nil` for an argument that is no
  /// number.
  static func operands(of argument: TextArgument, as placeholder: FormatPlaceholder?)
    -> PluralOperands?
  {
    switch argument {
    case .int(let value): return PluralOperands(value)
    case .double(let value):
      guard value.isFinite else { return nil }
      guard let placeholder, placeholder.kind == .floatingPoint else {
        return PluralOperands(shortest(value))
      }
      return PluralOperands(fixed(value, places: precision(of: placeholder)))
    default: return nil
    }
  }

  /// The first placeholder in `format` that writes argument `position`; `nil` when none does
  /// (or the format cannot be read).
  static func placeholder(at position: Int, in format: String) -> FormatPlaceholder? {
    guard format.contains("%"), let placeholders = try? FormatPlaceholder.parse(format) else {
      return nil
    }
    return placeholders.first { $0.position == position && $0.kind != .substitution }
  }

  /// A finite `value`'s magnitude in the fewest plain digits that read back as it (`1.5`,
  /// `2`, `0.0000001`, `100000000000000000000`): how a count shows when nothing fixes its
  /// decimal places.
  static func shortest(_ value: Double) -> String {
    let magnitude = value.magnitude
    guard magnitude.rounded() != magnitude else {
      return magnitude < 1e17 ? String(UInt64(magnitude)) : String(format: "%.0f", magnitude)
    }
    let text = String(magnitude)  // "1.5", or "1e-07" beyond plain notation
    guard text.contains("e") else { return text }
    var digits = fixed(magnitude, places: 17)
    while digits.hasSuffix("0") { digits.removeLast() }
    return digits.hasSuffix(".") ? String(digits.dropLast()) : digits
  }

  /// `format` with each of its `placeholders` (in the order written) replaced by what
  /// `resolve` gives for it (kept as written for `nil`), and `%%` by `%`.
  static func fill(
    _ format: String, _ placeholders: [FormatPlaceholder],
    resolve: (FormatPlaceholder) -> String?
  ) -> String {
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
      out += resolve(placeholder) ?? placeholder.text
      rest = after.dropFirst(placeholder.text.count)
    }
    return out + rest
  }

  /// `format` with each placeholder replaced by its argument, and `%%` by `%`; numbers as the
  /// source language of no catalog writes them (plain digits).
  static func fill(_ format: String, with arguments: [TextArgument]) -> String {
    guard format.contains("%"), let placeholders = try? FormatPlaceholder.parse(format) else {
      return format
    }
    return fill(format, placeholders) {
      argument($0.position, of: arguments, as: $0, .plain)
    }
  }

  /// One argument as its placeholder writes it: a number with the placeholder's precision
  /// (six places by default, as `%f` does) in the language's digits and separators, text as
  /// it is.
  private static func written(
    _ argument: TextArgument, as placeholder: FormatPlaceholder, _ numbers: NumberStyle
  ) -> String {
    switch argument {
    case .int(let value):
      return numbers.integer(value)
    case .string(let value):
      return value
    case .text(let value):
      return value.description
    case .date(let value):
      return numbers.date(value)
    case .double(let value):
      guard placeholder.kind == .floatingPoint else { return numbers.decimal(value, places: nil) }
      return numbers.decimal(value, places: precision(of: placeholder))
    }
  }

  /// The decimal places a placeholder asks for: its precision (`%.1f`), else six, as `%f`.
  static func precision(of placeholder: FormatPlaceholder) -> Int {
    guard let dot = placeholder.text.firstIndex(of: ".") else { return 6 }
    let digits = placeholder.text[placeholder.text.index(after: dot)...].prefix(while: \.isNumber)
    return min(Int(digits) ?? 0, 17)
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
