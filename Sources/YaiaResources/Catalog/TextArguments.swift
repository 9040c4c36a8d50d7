import YaiaSupport

/// The arguments a catalog's texts take, by position, as Foundation reads them once every
/// substitution is expanded: what the accessor's parameters are, and what every language's
/// text must agree with.
///
/// A `%#@name@` takes its substitution's number: the argument its `argNum` gives (else the
/// placeholder's own place), of the type its `formatSpecifier` says. Inside a substitution's
/// plural forms, `%arg` and an unnumbered placeholder (a `.stringsdict` form's `%d`) take that
/// number too, and a numbered one (`%2$@`) takes an argument of the whole text. A key's
/// arguments are the union over every language, every device and every form
/// (``of(_:in:)``): a translation may use an argument its source leaves out, as Xcode's own
/// generated symbols allow.
public enum TextArguments {
  /// The arguments of one text of `localization`, by position.
  ///
  /// - Throws: ``FormatPlaceholder/Problem`` for a placeholder Foundation cannot read, or one
  ///   argument taken as two types (`%1$@ %1$d`), which crashes `String(format:)`.
  public static func of(_ text: String, in localization: StringCatalog.Localization)
    throws(FormatPlaceholder.Problem) -> [Int: FormatPlaceholder.Kind]
  {
    var arguments: [Int: FormatPlaceholder.Kind] = [:]
    var scanned: [String: [FormatPlaceholder]] = [:]
    for placeholder in try FormatPlaceholder.parse(text) {
      guard placeholder.kind == .substitution else {
        try add(placeholder.position, placeholder.kind, as: placeholder.text, to: &arguments)
        continue
      }
      guard let substitution = localization.substitutions[placeholder.substitutionName] else {
        continue  // the `missing-substitution` finding says so
      }
      let number = argument(of: substitution, at: placeholder)
      let kind = kind(of: substitution)
      try add(number, kind, as: placeholder.text, to: &arguments)
      let inside = try formPlaceholders(of: placeholder.substitutionName, substitution, &scanned)
      for inner in inside {
        try add(
          inner.isNumbered ? inner.position : number, inner.kind, as: inner.text,
          to: &arguments)
      }
    }
    return arguments
  }

  /// The placeholders inside `substitution`'s forms (`%arg` aside, nested substitutions
  /// left out), scanned once per text however often the text names it: a text naming one
  /// long form 64 times would otherwise read it 64 times per form.
  /// With `skippingUnreadable`, a form that does not read adds nothing and the others count
  /// (what ``shown(in:of:)`` wants); else it throws.
  private static func formPlaceholders(
    of name: String, _ substitution: StringCatalog.Substitution,
    _ scanned: inout [String: [FormatPlaceholder]], skippingUnreadable: Bool = false
  ) throws(FormatPlaceholder.Problem) -> [FormatPlaceholder] {
    if let known = scanned[name] { return known }
    var found: [FormatPlaceholder] = []
    for form in substitution.plural.values {
      let text = form.replacingAll("%arg", with: "")
      let inside =
        skippingUnreadable
        ? (try? FormatPlaceholder.scan(text)) ?? [] : try FormatPlaceholder.scan(text)
      found += inside.filter { $0.kind != .substitution }
    }
    scanned[name] = found
    return found
  }

  /// The arguments `text` shows: its placeholders', and a substitution's number only where one
  /// of its forms writes it (`%arg`, an unnumbered placeholder). A number that only chooses the
  /// form (`%#@followers@` whose forms write `%2$@ followers`) is not shown, so a language
  /// without plurals may leave it out.
  public static func shown(in text: String, of localization: StringCatalog.Localization)
    -> Set<Int>
  {
    var shown: Set<Int> = []
    var scanned: [String: [FormatPlaceholder]] = [:]
    for placeholder in (try? FormatPlaceholder.parse(text)) ?? [] {
      guard placeholder.kind == .substitution else {
        shown.insert(placeholder.position)
        continue
      }
      guard let substitution = localization.substitutions[placeholder.substitutionName] else {
        continue
      }
      let number = argument(of: substitution, at: placeholder)
      if substitution.plural.values.contains(where: { $0.contains("%arg") }) {
        shown.insert(number)
      }
      let inside =
        (try? formPlaceholders(
          of: placeholder.substitutionName, substitution, &scanned, skippingUnreadable: true))
        ?? []
      for inner in inside {
        shown.insert(inner.isNumbered ? inner.position : number)
      }
    }
    return shown
  }

  /// The arguments of every text of `entry` in every language, by position: the key's
  /// signature.
  ///
  /// - Throws: ``FormatPlaceholder/Problem`` for the first text that does not read, or an
  ///   argument two texts take as two types.
  public static func of(_ entry: StringCatalog.Entry) throws(FormatPlaceholder.Problem)
    -> [Int: FormatPlaceholder.Kind]
  {
    var arguments: [Int: FormatPlaceholder.Kind] = [:]
    for language in entry.localizations.keys.sorted() {
      guard let localization = entry.localizations[language] else { continue }
      for text in CatalogCheck.allTexts(of: localization) {
        for (position, kind) in try of(text.text, in: localization) {
          try add(position, kind, as: "argument \(position)", to: &arguments)
        }
      }
    }
    return arguments
  }

  /// The argument a substitution's number is: its `argNum`, else where its `%#@name@` stands.
  static func argument(
    of substitution: StringCatalog.Substitution, at placeholder: FormatPlaceholder
  ) -> Int {
    substitution.writesArgumentNumber ? substitution.argumentNumber : placeholder.position
  }

  /// The type a substitution's number takes: its `formatSpecifier` read as a placeholder
  /// (`lld` a whole number, `f` a decimal); a whole number when it does not read.
  static func kind(of substitution: StringCatalog.Substitution) -> FormatPlaceholder.Kind {
    let read = try? FormatPlaceholder.parse("%" + substitution.formatSpecifier)
    guard let kind = read?.first?.kind, read?.count == 1, kind != .substitution else {
      return .integer
    }
    return kind
  }

  /// Records that argument `position` is taken as `kind` (written `text`).
  private static func add(
    _ position: Int, _ kind: FormatPlaceholder.Kind, as text: String,
    to arguments: inout [Int: FormatPlaceholder.Kind]
  ) throws(FormatPlaceholder.Problem) {
    guard (1...FormatPlaceholder.mostPerText).contains(position) else {
      throw FormatPlaceholder.Problem(
        "argument \(position) is out of range 1...\(FormatPlaceholder.mostPerText)")
    }
    if let earlier = arguments[position], earlier != kind {
      throw FormatPlaceholder.Problem(
        "argument \(position) is taken as \(earlier.rawValue) and as \(kind.rawValue) (\(VisibleText.escaped(text, atMost: 40))): String(format:) reads it wrongly or crashes"
      )
    }
    arguments[position] = kind
  }
}
