import YaiaResources

/// The view layer's readers of outside input: String Catalogs.
enum ResourceTargets {
  static let all = [stringCatalog]

  /// A String Catalog as a file from anyone holds it, and the same bytes as Swift source for
  /// the key scanner (``KeyUsage``). A catalog that reads is checked and every
  /// key rendered in every language, with arguments of each type: nothing traps, no finding's
  /// text carries a control character (it reaches a terminal), and a rendering stays within a
  /// fixed multiple of the catalog's own size (forms that name each other cannot multiply it).
  static let stringCatalog = FuzzTarget(
    "string-catalog", summary: "String Catalogs (.xcstrings): read, checked, rendered",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    // The same bytes as Swift source: the key scanner reads anything, and finds only literals
    // no longer than its limit.
    for literal in KeyUsage.literals(in: String(decoding: bytes, as: UTF8.self)) {
      try require(
        literal.unicodeScalars.count <= KeyUsage.longestLiteral, "a literal past the limit")
    }
    guard let catalog = try? StringCatalog(bytes: bytes, file: "fuzz.xcstrings") else { return }
    for finding in CatalogCheck.findings(in: catalog, usedKeys: []) {
      let text = finding.description
      try require(
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "a finding's text holds a control character: \(text.debugDescription)")
    }
    let arguments: [[TextArgument]] = [
      [], [.int(1), .string("x")], [.int(2), .double(2.5), .int(-3)],
      [.string("%@%d"), .int(Int.max)], [.double(.infinity), .int(Int.min)],
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
      }
    }
  }
}
