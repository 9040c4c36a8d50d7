import YaiaSupport

/// What `yaia resources check` finds in a String Catalog: the mistakes that compile, pass
/// every test in the source language, and show up only on a translated user's screen.
///
/// ```swift
/// let catalog = try StringCatalog(contentsOf: "Localizable.xcstrings")
/// for finding in CatalogCheck.findings(in: catalog, usedKeys: keysTheCodeNames) {
///   print(finding)  // Localizable.xcstrings:12: home.speakers [de]: placeholders differ …
/// }
/// ```
public enum CatalogCheck {
  /// The most findings reported for one catalog: past it, the rest is one `too-many-findings`
  /// finding, so a small hostile file cannot make the checker fill memory.
  public static let mostFindings = 10_000

  /// Every finding in `catalog`, by line. `usedKeys`, when given, are the keys the code names:
  /// an entry outside them is reported as unused.
  public static func findings(
    in catalog: StringCatalog, usedKeys: Set<TextKey>? = nil
  ) -> [CatalogFinding] {
    var findings: [CatalogFinding] = []
    let languages = catalog.languages
    var seen: Set<TextKey> = []
    for entry in catalog.entries where findings.count < mostFindings {
      func report(_ rule: CatalogFinding.Rule, _ language: String?, _ line: Int, _ message: String)
      {
        findings.append(
          CatalogFinding(
            file: catalog.file, line: line, key: entry.key, language: language, rule: rule,
            message: message))
      }
      if !seen.insert(entry.key).inserted {
        report(.duplicateKey, nil, entry.line, "the key is written twice; the first one is used")
      }
      if let usedKeys, !usedKeys.contains(entry.key) {
        report(.unusedKey, nil, entry.line, "no code names this key")
      }
      var budget: Int?
      switch LengthBudget.declared(in: entry.comment) {
      case nil: break
      case .limit(let limit): budget = limit
      case .invalid(let problem): report(.badLengthBudget, nil, entry.line, problem)
      }
      if entry.extractionState == "stale" {
        report(.staleKey, nil, entry.line, "Xcode marks the key stale: the code no longer names it")
      }
      // The key's arguments: the union over every language, device and form. An argument two
      // texts take as two types, or one that no text takes below a later one, is reported once.
      var keyConflict: FormatPlaceholder.Problem?
      do {
        let keyArguments = try TextArguments.of(entry)
        if let last = keyArguments.keys.max(),
          let gap = (1...last).first(where: { keyArguments[$0] == nil })
        {
          report(
            .badPlaceholder, nil, entry.line,
            "no text takes argument \(gap), but one takes argument \(last): String(format:) reads the arguments after a gap from the wrong place"
          )
        }
      } catch {
        // A text that does not read is reported below; two that read alone but disagree are
        // reported at the translation that differs from the source, else (two translations
        // disagree on an argument the source does not take) at the key, after the languages.
        if Self.eachTextReads(entry) { keyConflict = error }
      }
      let reportedBefore = findings.count
      // The source text: its own localization, or the key itself, as Xcode writes a catalog.
      let source = entry.localizations[catalog.sourceLanguage]
      var sourceArguments: [Int: FormatPlaceholder.Kind]?
      // The arguments the source shows: a translation without plural forms must show them too.
      var sourceShown: Set<Int> = []
      if let source {
        for text in allTexts(of: source) {
          sourceShown.formUnion(TextArguments.shown(in: text.text, of: source))
          switch arguments(of: text.text, in: source) {
          case .failure(let problem):
            report(
              .badPlaceholder, catalog.sourceLanguage, source.line,
              "\(text.place.isEmpty ? "" : text.place + ": ")\(problem)")
          case .success(let found):
            // The fullest form is the reference: a `one` form may leave out its number.
            if found.count > (sourceArguments?.count ?? -1) { sourceArguments = found }
          }
        }
      } else if case .success(let found) = signature(of: entry.key.name) {
        sourceArguments = found
        sourceShown = Set(found.keys)
      }
      for language in languages {
        guard let localization = entry.localizations[language] else {
          // The empty key (Xcode extracts `Text("")`) reads the same in every language.
          if language != catalog.sourceLanguage, entry.shouldTranslate, !entry.key.name.isEmpty {
            report(.missingTranslation, language, entry.line, "no \(language) text")
          }
          continue
        }
        if localization.hasOtherVariations { continue }
        if language != catalog.sourceLanguage, entry.shouldTranslate {
          // An empty text is a finding only where the source says something (the empty key,
          // `Text("")`, is empty in every language).
          let sourceIsEmpty =
            source.map { allTexts(of: $0).allSatisfy(\.text.isEmpty) } ?? entry.key.name.isEmpty
          for unit in localization.units {
            let place = unit.place.isEmpty ? "" : unit.place + ": "
            if unit.value.isEmpty, !sourceIsEmpty {
              report(.untranslated, language, unit.line, "\(place)the text is empty")
            } else if unit.state == .new {
              report(
                .untranslated, language, unit.line,
                "\(place)Xcode marks it new: not translated yet")
            } else if unit.state == .needsReview {
              report(
                .needsReview, language, unit.line,
                "\(place)Xcode marks it for review: the source changed since it was translated")
            }
          }
        }
        checkPluralForms(of: localization, in: language, report: report)
        for text in allTexts(of: localization) {
          let place = text.place.isEmpty ? "" : text.place + ": "
          if let budget, let length = LengthBudget.length(of: text.text, in: localization),
            length > budget
          {
            report(
              .tooLong, language, localization.line,
              "\(place)\(length) characters, over the budget of \(budget) the comment declares")
          }
          for placeholder in (try? FormatPlaceholder.parse(text.text)) ?? []
          where placeholder.kind == .substitution {
            if localization.substitutions[placeholder.substitutionName] == nil {
              report(
                .missingSubstitution, language, localization.line,
                "\(place)\(placeholder.text) names no substitution of this text")
            }
          }
          switch arguments(of: text.text, in: localization) {
          case .failure(let problem):
            if language != catalog.sourceLanguage {
              report(.badPlaceholder, language, localization.line, place + problem.description)
            }
          case .success(let found):
            // An empty translation is `untranslated`, not a text that lost its arguments.
            guard language != catalog.sourceLanguage, !text.text.isEmpty,
              let reference = sourceArguments
            else { continue }
            // A translation may take an argument its source leaves out (the key's arguments
            // are the union), never retype one; a text without plural forms takes every one
            // the source takes, where a plural form (`one speaker`) may leave one out.
            let retyped = found.contains { position, kind in
              reference[position].map { $0 != kind } ?? false
            }
            let dropped = text.form == nil && sourceShown.contains { found[$0] == nil }
            if retyped || dropped {
              report(
                .placeholderMismatch, language, localization.line,
                "\(place)placeholders \(describe(found)) differ from the \(catalog.sourceLanguage) text's \(describe(reference))"
              )
            }
          }
        }
      }
      if let keyConflict,
        !findings[reportedBefore...].contains(where: { $0.rule == .placeholderMismatch })
      {
        report(.placeholderMismatch, nil, entry.line, keyConflict.description)
      }
    }
    if findings.count >= mostFindings {
      findings.append(
        CatalogFinding(
          file: catalog.file, line: 1, key: "", language: nil, rule: .tooManyFindings,
          message: "more than \(mostFindings) findings; the rest are not listed"))
    }
    return findings.sorted { ($0.line, $0.rule.rawValue) < ($1.line, $1.rule.rawValue) }
  }

  /// Reports the plural forms `localization` lacks, for its text, each device's and each
  /// substitution's; the `many` form that French, Spanish, Italian, Portuguese and Catalan take
  /// only for millions (`1 000 000 de fichiers`) under a rule of its own, which a team that
  /// never shows such counts turns off.
  private static func checkPluralForms(
    of localization: StringCatalog.Localization, in language: String,
    report: (CatalogFinding.Rule, String?, Int, String) -> Void
  ) {
    let required = PluralCategory.required(in: language)
    let millionsOnly = ["fr", "es", "it", "pt", "ca"].contains(
      String(language.lowercased().prefix { $0 != "-" && $0 != "_" }))
    var plurals: [(String, [PluralCategory: String])] = [("", localization.plural)]
    for device in localization.devices.keys.sorted() {
      plurals.append(("the \(device) variant ", localization.devices[device]?.plural ?? [:]))
    }
    for name in localization.substitutions.keys.sorted() {
      plurals.append(
        ("the substitution \(name) ", localization.substitutions[name]?.plural ?? [:]))
    }
    for (place, forms) in plurals where !forms.isEmpty {
      var missing = required.subtracting(forms.keys)
      if millionsOnly, missing.contains(.many) {
        missing.remove(.many)
        report(
          .pluralManyForMillions, language, localization.line,
          "\(place.isEmpty ? "the plural forms lack" : place + "lacks") the many form, used for exact millions (1000000) in \(language)"
        )
      }
      guard !missing.isEmpty else { continue }
      let names = missing.sorted().map(\.rawValue).joined(separator: ", ")
      report(
        .pluralIncomplete, language, localization.line,
        place.isEmpty
          ? "the plural forms \(names) are missing" : "\(place)lacks the plural forms \(names)")
    }
  }

  /// Every text of one language with where it sits: its plural forms (or its one text), then
  /// each device's, in a stable order. `place` is empty for the language's own one text.
  public static func allTexts(of localization: StringCatalog.Localization)
    -> [(place: String, form: PluralCategory?, text: String)]
  {
    var all = texts(of: localization).map { form, text in
      (place: form.map { "the \($0.rawValue) form" } ?? "", form: form, text: text)
    }
    for device in localization.devices.keys.sorted() {
      guard let variant = localization.devices[device] else { continue }
      if let value = variant.value { all.append(("the \(device) variant", nil, value)) }
      for (form, text) in variant.plural.sorted(by: { $0.key < $1.key }) {
        all.append(("the \(device) variant, the \(form.rawValue) form", form, text))
      }
    }
    return all
  }

  /// Whether every text of `entry` reads on its own (so a failure of the whole is a conflict
  /// between texts, not one text that does not read).
  private static func eachTextReads(_ entry: StringCatalog.Entry) -> Bool {
    entry.localizations.values.allSatisfy { localization in
      allTexts(of: localization).allSatisfy {
        (try? TextArguments.of($0.text, in: localization)) != nil
      }
    }
  }

  /// The texts of one language: its plural forms (with their form), else its one text.
  static func texts(of localization: StringCatalog.Localization)
    -> [(PluralCategory?, String)]
  {
    if !localization.plural.isEmpty {
      return localization.plural.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    return localization.value.map { [(nil, $0)] } ?? []
  }

  private static func arguments(of text: String, in localization: StringCatalog.Localization)
    -> Result<[Int: FormatPlaceholder.Kind], FormatPlaceholder.Problem>
  {
    do {
      return .success(try TextArguments.of(text, in: localization))
    } catch {
      return .failure(error)
    }
  }

  private static func signature(of text: String)
    -> Result<[Int: FormatPlaceholder.Kind], FormatPlaceholder.Problem>
  {
    do {
      return .success(FormatPlaceholder.signature(try FormatPlaceholder.parse(text)))
    } catch {
      return .failure(error)
    }
  }

  /// `(1: integer, 2: object)`, or `(none)`.
  private static func describe(_ signature: [Int: FormatPlaceholder.Kind]) -> String {
    guard !signature.isEmpty else { return "(none)" }
    return "("
      + signature.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.rawValue)" }
      .joined(separator: ", ") + ")"
  }
}

/// One mistake in a String Catalog, with its place: what `yaia resources check` prints.
public struct CatalogFinding: Hashable, Sendable, CustomStringConvertible {
  /// What kind of mistake.
  public enum Rule: String, Hashable, Sendable, CaseIterable {
    /// A language the catalog declares has no text for a key that needs one.
    case missingTranslation = "missing-translation"
    /// A translation's placeholders differ in number, position or type from the source's.
    case placeholderMismatch = "placeholder-mismatch"
    /// A plural text lacks a form its language needs.
    case pluralIncomplete = "plural-incomplete"
    /// No code names the key.
    case unusedKey = "unused-key"
    /// A `%` that starts no placeholder.
    case badPlaceholder = "bad-placeholder"
    /// A `%#@name@` placeholder without its substitution.
    case missingSubstitution = "missing-substitution"
    /// The file writes a key twice.
    case duplicateKey = "duplicate-key"
    /// A text is longer than the `max-length: N` its comment declares.
    case tooLong = "too-long"
    /// A comment's `max-length:` is not a whole number from 1 to 10,000.
    case badLengthBudget = "bad-length-budget"
    /// The catalog has more findings than ``CatalogCheck/mostFindings``: the rest are not
    /// listed.
    case tooManyFindings = "too-many-findings"
    /// A translation Xcode marks `new` (still the source text), or an empty one.
    case untranslated = "untranslated"
    /// A translation Xcode marks `needs_review`: its source changed since.
    case needsReview = "needs-review"
    /// A key Xcode marks `stale`: the code no longer names it.
    case staleKey = "stale-key"
    /// The `many` form French, Spanish, Italian, Portuguese and Catalan use only for exact
    /// millions is missing: a rule of its own, so a team that never shows such counts turns it
    /// off without losing `plural-incomplete`.
    case pluralManyForMillions = "plural-many-for-millions"

    /// How serious a finding is, as SARIF levels say it: `error` for what shows wrong or
    /// crashes, `warning` for what a user sees in the wrong language, `note` for tidiness.
    public var level: String {
      switch self {
      case .placeholderMismatch, .badPlaceholder, .missingSubstitution, .duplicateKey:
        "error"
      case .missingTranslation, .pluralIncomplete, .tooLong, .untranslated, .needsReview,
        .badLengthBudget, .tooManyFindings:
        "warning"
      case .unusedKey, .staleKey, .pluralManyForMillions: "note"
      }
    }

    /// What the rule checks, in a sentence: SARIF's rule description.
    public var summary: String {
      switch self {
      case .missingTranslation:
        "Every language the catalog declares has a text for every key that needs translation."
      case .placeholderMismatch:
        "A translation takes the same arguments as the source: number, position and type."
      case .pluralIncomplete: "A plural text has every form its language needs."
      case .unusedKey: "Every key is named by the code."
      case .badPlaceholder: "Every % starts a placeholder String(format:) reads."
      case .missingSubstitution: "Every %#@name@ names a substitution of its text."
      case .duplicateKey: "No key is written twice."
      case .tooLong: "No text is longer than the max-length: its comment declares."
      case .badLengthBudget: "A declared max-length: is a whole number from 1 to 10,000."
      case .tooManyFindings: "A catalog has at most 10,000 findings listed."
      case .untranslated: "No translation is empty or still marked new."
      case .needsReview: "No translation is marked for review."
      case .staleKey: "No key is marked stale."
      case .pluralManyForMillions:
        "Plural texts in French, Spanish, Italian, Portuguese and Catalan have the form for millions."
      }
    }
  }

  /// The catalog file.
  public var file: String
  /// The line of the key or of the language's text.
  public var line: Int
  /// The key.
  public var key: TextKey
  /// The language, when the finding is about one.
  public var language: String?
  /// What kind of mistake.
  public var rule: Rule
  /// What is wrong, in a sentence.
  public var message: String

  /// A finding of `rule` at `file`:`line`, about `key` (in `language`), saying `message`.
  public init(
    file: String, line: Int, key: TextKey, language: String?, rule: Rule, message: String
  ) {
    self.file = file
    self.line = line
    self.key = key
    self.language = language
    self.rule = rule
    self.message = message
  }

  /// `Localizable.xcstrings:12: home.speakers [de]: message (placeholder-mismatch)`, the key
  /// escaped: it came from a file.
  public var description: String {
    "\(VisibleText.escaped(file)):\(line): \(VisibleText.escaped(key.name, atMost: 200))"
      + (language.map { " [\(VisibleText.escaped($0, atMost: 40))]" } ?? "")
      + ": \(VisibleText.escaped(message)) (\(rule.rawValue))"
  }
}
