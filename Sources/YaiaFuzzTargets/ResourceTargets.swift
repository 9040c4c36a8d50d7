import Foundation
import YaiaResources

/// The view layer's readers of outside input: String Catalogs.
enum ResourceTargets {
  static let all = [stringCatalog]

  /// A String Catalog as a file from anyone holds it, and the same bytes as Swift source for
  /// the key scanner (``KeyUsage``). A catalog that reads is checked and every
  /// key rendered in every language, with arguments of each type: nothing traps, no finding's
  /// text carries a control character (it reaches a terminal), and a rendering stays within a
  /// fixed multiple of the catalog's own size (forms that name each other cannot multiply it),
  /// and every argument of the right type is placed (``requireEveryArgumentPlaced``).
  /// The accessors generated from a catalog that reads (or the generator's typed refusal):
  /// every line is one of the shapes the generator writes, so no key or text, whatever it
  /// holds, ends a literal or a comment and becomes code in an app's build.
  static func requireOnlyDeclarations(_ catalog: StringCatalog) throws(FuzzViolation) {
    guard let source = try? TextKeySource.swift(for: [catalog]) else { return }
    try require(
      !source.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
      "the generated source holds a control character")
    let shapes = [
      "// ", "import YaiaResources", "extension TextKey {",
      "extension TextValue where Self == LocalizedText {", "}", "  /// `",
      "  internal static let ", "  internal static var ", "  internal static func ",
      "    LocalizedText(.", "  }",
    ]
    for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
      try require(
        shapes.contains { line.hasPrefix($0) }, "a generated line of no known shape: \(line)")
      if line.hasPrefix("  internal static let ") {
        // `name: TextKey = "…"`: one literal, closed at the end of the line, no quote inside
        // that is not escaped.
        let literal = Array(line.drop { $0 != "\"" }.unicodeScalars)
        var closedAt: Int?
        var index = 1
        while index < literal.count, closedAt == nil {
          if literal[index] == "\\" {
            index += 1
          } else if literal[index] == "\"" {
            closedAt = index
          }
          index += 1
        }
        try require(
          closedAt == literal.count - 1,
          "a key's literal is not one closed literal: \(line)")
      }
    }
  }

  static let stringCatalog = FuzzTarget(
    "string-catalog", summary: "String Catalogs (.xcstrings): read, checked, rendered",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    // The same bytes as Swift source: the key scanner reads anything, and finds only literals
    // no longer than its limit.
    let names = KeyUsage.scan(String(decoding: bytes, as: UTF8.self))
    for literal in names.literals.union(names.members).union(names.templates) {
      try require(
        literal.unicodeScalars.count <= KeyUsage.longestLiteral, "a literal or name past the limit")
    }
    guard let catalog = try? StringCatalog(bytes: bytes, file: "fuzz.xcstrings") else { return }
    let findings = CatalogCheck.findings(in: catalog, usedKeys: [])
    var report = CatalogReport()
    report.findings = findings
    for text in findings.map(\.description) + [report.rendered(as: .text)] {
      try require(
        !text.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }, "a finding's text holds a control character: \(text.debugDescription)")
    }
    try requireOnlyDeclarations(catalog)
    let arguments: [[TextArgument]] = [
      [], [.int(1), .string("x")], [.int(2), .double(2.5), .int(-3)],
      [.string("%@%d"), .int(Int.max)], [.double(.infinity), .int(Int.min)],
      [.date(Date(timeIntervalSince1970: -1e12)), .date(.distantFuture), .int(1)],
    ]
    for entry in catalog.entries.prefix(50) {
      for language in catalog.languages.prefix(8) {
        for values in arguments {
          let rendered = catalog.render(
            LocalizedText(entry.key, arguments: values), language: language)
          try require(
            rendered.utf8.count <= 64 * (bytes.count + 64),
            "\(entry.key) in \(language) rendered \(rendered.utf8.count) bytes from \(bytes.count)")
        }
        try requireEveryArgumentPlaced(entry, language: language, in: catalog)
      }
    }
  }

  /// Renders `entry` in `language` (and as a Mac shows it) with an argument of the right type
  /// at every position its texts take, each text a marker of its own: a text with neither
  /// plural forms nor devices shows the marker of every text argument it takes, and no text
  /// keeps a `%#@name@` whose substitution exists.
  static func requireEveryArgumentPlaced(
    _ entry: StringCatalog.Entry, language: String, in catalog: StringCatalog
  ) throws(FuzzViolation) {
    guard let signature = try? TextArguments.of(entry), let last = signature.keys.max(),
      last <= FormatPlaceholder.mostPerText
    else { return }
    let arguments: [TextArgument] = (1...last).map { position in
      switch signature[position] {
      case .integer?: .int(position)
      case .floatingPoint?: .double(Double(position))
      default: .string("<\(position)>")
      }
    }
    let text = LocalizedText(entry.key, arguments: arguments)
    for rendered in [
      catalog.render(text, language: language),
      catalog.render(text, language: language, device: "mac"),
    ] {
      guard let localization = entry.localizations[language] else { continue }
      for name in localization.substitutions.keys {
        try require(
          !rendered.contains("%#@\(name)@"), "\(entry.key) in \(language) kept %#@\(name)@")
      }
      guard localization.plural.isEmpty, localization.devices.isEmpty,
        localization.substitutions.isEmpty, !localization.hasOtherVariations,
        let value = localization.value,
        let placeholders = try? FormatPlaceholder.parse(value)
      else { continue }
      for placeholder in placeholders where placeholder.kind == .object {
        try require(
          rendered.contains("<\(placeholder.position)>"),
          "\(entry.key) in \(language) left argument \(placeholder.position) out: \(rendered)")
      }
    }
  }
}
