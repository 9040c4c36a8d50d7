import Yaia

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
      // The source text: its own localization, or the key itself, as Xcode writes a catalog.
      let source = entry.localizations[catalog.sourceLanguage]
      let sourceTexts =
        source.map(texts(of:)) ?? [(nil, entry.key.name)]
      var sourceSignature: [Int: FormatPlaceholder.Kind]?
      for (form, text) in sourceTexts {
        switch signature(of: text) {
        case .failure(let problem):
          report(
            .badPlaceholder, catalog.sourceLanguage, source?.line ?? entry.line,
            "\(form.map { "the \($0.rawValue) form: " } ?? "")\(problem)")
        case .success(let found):
          // The fullest form is the reference: a `one` form may leave out its number.
          if found.count > (sourceSignature?.count ?? -1) { sourceSignature = found }
        }
      }
      for language in languages {
        guard let localization = entry.localizations[language] else {
          if language != catalog.sourceLanguage, entry.shouldTranslate {
            report(.missingTranslation, language, entry.line, "no \(language) text")
          }
          continue
        }
        if localization.hasOtherVariations { continue }
        if !localization.plural.isEmpty {
          let missing = PluralCategory.required(in: language).subtracting(
            localization.plural.keys)
          if !missing.isEmpty {
            report(
              .pluralIncomplete, language, localization.line,
              "the plural forms \(missing.sorted().map(\.rawValue).joined(separator: ", ")) are missing"
            )
          }
        }
        for (name, substitution) in localization.substitutions where !substitution.plural.isEmpty {
          let missing = PluralCategory.required(in: language).subtracting(substitution.plural.keys)
          if !missing.isEmpty {
            report(
              .pluralIncomplete, language, localization.line,
              "the substitution \(name) lacks the plural forms \(missing.sorted().map(\.rawValue).joined(separator: ", "))"
            )
          }
        }
        for (form, text) in texts(of: localization) {
          let place = form.map { "the \($0.rawValue) form: " } ?? ""
          if let budget, let length = LengthBudget.length(of: text, in: localization),
            length > budget
          {
            report(
              .tooLong, language, localization.line,
              "\(place)\(length) characters, over the budget of \(budget) the comment declares")
          }
          switch signature(of: text) {
          case .failure(let problem):
            if language != catalog.sourceLanguage {
              report(.badPlaceholder, language, localization.line, place + problem.description)
            }
          case .success(let found):
            for placeholder in (try? FormatPlaceholder.parse(text)) ?? []
            where placeholder.kind == .substitution {
              let name = placeholder.substitutionName
              if localization.substitutions[name] == nil {
                report(
                  .missingSubstitution, language, localization.line,
                  "\(place)\(placeholder.text) names no substitution of this text")
              }
            }
            guard language != catalog.sourceLanguage, let reference = sourceSignature else {
              continue
            }
            // A plural form may leave a placeholder out (`one speaker`), never add or retype
            // one; any other text must take exactly the source's arguments.
            let agrees =
              form == nil
              ? found == reference
              : found.allSatisfy { reference[$0.key] == $0.value }
            if !agrees {
              report(
                .placeholderMismatch, language, localization.line,
                "\(place)placeholders \(describe(found)) differ from the \(catalog.sourceLanguage) text's \(describe(reference))"
              )
            }
          }
        }
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

  /// The texts of one language: its plural forms (with their form), else its one text.
  static func texts(of localization: StringCatalog.Localization)
    -> [(PluralCategory?, String)]
  {
    if !localization.plural.isEmpty {
      return localization.plural.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    return localization.value.map { [(nil, $0)] } ?? []
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
