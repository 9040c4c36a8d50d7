import YaiaHTTP
import YaiaSupport

/// An app's translated texts, read from a String Catalog (`.xcstrings`), the JSON file Xcode
/// writes: an app's existing catalog works as it is.
///
/// ```swift
/// let catalog = try StringCatalog(contentsOf: "Sources/App/Localizable.xcstrings")
/// catalog.render(LocalizedText("home.speakers", .int(3)), language: "de")  // "3 Lautsprecher"
/// ```
///
/// The reader keeps each key's line, so ``CatalogCheck`` can point at it. A catalog is input
/// like any other: at most ``largestFile`` bytes, 32 levels deep, ``mostValues`` values, else
/// a ``StringCatalogError`` naming the file, the line and what ran out.
public struct StringCatalog: Sendable {
  /// The language the app is written in: its texts are the reference for every other.
  public var sourceLanguage: String
  /// Every entry, in the order the file writes them.
  public var entries: [Entry]
  /// The file the catalog was read from, for messages.
  public var file: String
  /// Where each key's entry is in ``entries``: the first, when a file repeats a key.
  private var positions: [TextKey: Int] = [:]

  /// One key of the catalog.
  public struct Entry: Sendable {
    /// The key.
    public var key: TextKey
    /// The line of the key in the file.
    public var line: Int
    /// `false` for a key marked as not needing translation (a brand name, `OK`).
    public var shouldTranslate: Bool
    /// The developer's comment for translators.
    public var comment: String?
    /// How Xcode found the key: `manual` (added by hand), `extracted_with_value`, `migrated`
    /// (from a `.strings` or `.stringsdict` file), `stale` (the code no longer names it);
    /// `nil` when the file says nothing (a key Xcode extracted and keeps in step).
    public var extractionState: String?
    /// Its text in each language that has one.
    public var localizations: [String: Localization]
  }

  /// A key's text in one language.
  public struct Localization: Sendable {
    /// The line the language's entry starts on.
    public var line: Int
    /// The text without variations, if it has one.
    public var value: String?
    /// The text per plural form, when it varies by a number.
    public var plural: [PluralCategory: String]
    /// The substitutions its `%#@name@` placeholders name, each with its own plural forms.
    public var substitutions: [String: Substitution]
    /// The text per device class (`iphone`, `ipad`, `mac`, `applewatch`, `appletv`,
    /// `applevision`, `other`), when it varies by device: each holds a text or plural forms,
    /// as the language's own text does.
    public var devices: [String: DeviceText] = [:]
    /// Every string unit of the language, wherever it sits (its text, a plural form, a
    /// device's, a substitution's), with its translation state: what the state checks read.
    public var units: [StringUnit] = []
    /// Whether the text varies in a way this reader does not know (a kind of variation Xcode
    /// may add later): the checks then skip it rather than report what they cannot see.
    public var hasOtherVariations: Bool
  }

  /// A key's text for one device class: a text, or plural forms.
  public struct DeviceText: Sendable {
    /// The text without variations, if it has one.
    public var value: String?
    /// The text per plural form, when it varies by a number.
    public var plural: [PluralCategory: String]
  }

  /// One `stringUnit` of a catalog: a text as a translator wrote it, and how far along it is.
  public struct StringUnit: Sendable {
    /// Where it sits in its language's entry: empty for the text itself, else
    /// `the iphone variant, the one form` and the like, for messages.
    public var place: String
    /// The text.
    public var value: String
    /// Its state, as Xcode writes it; `nil` when the file gives none.
    public var state: TranslationState?
    /// Its line in the file.
    public var line: Int
  }

  /// How far a translation is, as Xcode marks each string unit.
  public enum TranslationState: Hashable, Sendable {
    /// Translated (or, in the source language, written).
    case translated
    /// Added in the source language and not translated yet: Xcode fills it with the source
    /// text until a translator replaces it.
    case new
    /// Translated, but the source changed since: a translator should look again.
    case needsReview
    /// No longer used by the code.
    case stale
    /// A state this reader does not know, as written.
    case other(String)

    /// The state written `text` in a catalog.
    public init(_ text: String) {
      switch text {
      case "translated": self = .translated
      case "new": self = .new
      case "needs_review": self = .needsReview
      case "stale": self = .stale
      default: self = .other(text)
      }
    }
  }

  /// A substitution of a localized text: a number inside a sentence, with its plural forms.
  public struct Substitution: Sendable {
    /// The argument it takes, from 1: its `argNum`, or, where the file gives none (as Xcode's
    /// migration from `.stringsdict` writes it), the place of its `%#@name@` among the text's
    /// placeholders, as Foundation counts it; 0 for a substitution no text names.
    public var argumentNumber: Int
    /// Whether the file gives `argNum` (else ``argumentNumber`` was worked out).
    public var writesArgumentNumber = true
    /// The format of the number: `lld`, `d`, `@`.
    public var formatSpecifier: String
    /// Its text per plural form.
    public var plural: [PluralCategory: String]
  }

  /// The largest catalog file read: 16 MiB.
  public static let largestFile = 16 << 20
  /// The most JSON values one catalog may hold.
  public static let mostValues = 1_000_000
  /// The most languages one catalog may declare: every check runs per key and language, so
  /// this bounds what a small file can make the checker do.
  public static let mostLanguages = 500

  /// The catalog in the file at `path`, read through a check of its type and size.
  ///
  /// - Throws: ``StringCatalogError``: the file cannot be read, or it is not a catalog.
  public init(contentsOf path: String) throws(StringCatalogError) {
    let bytes: [UInt8]?
    do {
      bytes = try OutsideFile.read(path, atMost: Self.largestFile)
    } catch {
      throw .unreadable(file: path, reason: error.description)
    }
    guard let bytes else { throw .unreadable(file: path, reason: "no such file") }
    try self.init(bytes: bytes, file: path)
  }

  /// A catalog with no keys in `sourceLanguage`: every text renders as its key. For an app
  /// whose catalog could not be read, so that it still shows something a tester can report.
  public init(empty sourceLanguage: String, file: String) {
    self.sourceLanguage = sourceLanguage
    self.entries = []
    self.file = file
  }

  /// The catalog in `bytes`; `file` names it in messages.
  ///
  /// - Throws: ``StringCatalogError`` naming the line and what is wrong.
  public init(bytes: [UInt8], file: String) throws(StringCatalogError) {
    guard bytes.count <= Self.largestFile else {
      throw .malformed(file: file, line: 1, reason: "larger than \(Self.largestFile) bytes")
    }
    let root: JSONValue
    do {
      root = try JSONReader.parse(
        bytes, limits: .init(depth: 32, bytes: Self.largestFile, elements: Self.mostValues))
    } catch {
      throw .malformed(file: file, line: error.line, reason: error.reason)
    }
    func malformed(_ node: JSONValue, _ reason: String) -> StringCatalogError {
      .malformed(file: file, line: node.line, reason: reason)
    }
    guard root.members != nil else { throw malformed(root, "a catalog is a JSON object") }
    guard let source = root["sourceLanguage"]?.string, Self.isLanguage(source) else {
      throw malformed(root, "`sourceLanguage` must name a language, like \"en\"")
    }
    self.sourceLanguage = source
    self.file = file
    guard let strings = root["strings"], let members = strings.members else {
      throw malformed(root, "`strings` must be an object of keys")
    }
    var seenLanguages: Set<String> = []
    var entries: [Entry] = []
    for member in members {
      guard member.value.members != nil else {
        throw .malformed(
          file: file, line: member.line,
          reason: "the key \"\(VisibleText.escaped(member.name, atMost: 80))\" must hold an object")
      }
      var localizations: [String: Localization] = [:]
      if let all = member.value["localizations"] {
        guard let languages = all.members else {
          throw malformed(all, "`localizations` must be an object of languages")
        }
        for language in languages {
          if seenLanguages.insert(language.name).inserted, seenLanguages.count > Self.mostLanguages
          {
            throw .malformed(
              file: file, line: language.line,
              reason: "more than \(Self.mostLanguages) languages; no app ships that many")
          }
          guard Self.isLanguage(language.name) else {
            throw .malformed(
              file: file, line: language.line,
              reason: "\"\(VisibleText.escaped(language.name, atMost: 40))\" is not a language code"
            )
          }
          localizations[language.name] = try Self.localization(language.value, file: file)
        }
      }
      entries.append(
        Entry(
          key: TextKey(member.name), line: member.line,
          shouldTranslate: member.value["shouldTranslate"]?.bool ?? true,
          comment: member.value["comment"]?.string,
          extractionState: member.value["extractionState"]?.string,
          localizations: localizations))
    }
    self.entries = entries
    for (position, entry) in entries.enumerated() where positions[entry.key] == nil {
      positions[entry.key] = position
    }
  }

  /// The languages the catalog declares: its source language and every language any key is
  /// translated into, sorted, the source first.
  public var languages: [String] {
    var all = Set(entries.flatMap(\.localizations.keys))
    all.remove(sourceLanguage)
    return [sourceLanguage] + all.sorted()
  }

  /// The entry for `key`, if the catalog holds it.
  public func entry(_ key: TextKey) -> Entry? {
    positions[key].map { entries[$0] }
  }

  /// Whether `text` is a language code as catalogs write them: letters, digits, `-` and `_`,
  /// at most 35 characters (BCP 47's longest).
  static func isLanguage(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 35
      && text.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
            || $0 == "_")
      }
  }

  private static func localization(
    _ node: JSONValue, file: String
  ) throws(StringCatalogError) -> Localization {
    var localization = Localization(
      line: node.line, value: nil, plural: [:], substitutions: [:], hasOtherVariations: false)
    guard node.members != nil else {
      throw .malformed(file: file, line: node.line, reason: "a language's text must be an object")
    }
    var units: [StringUnit] = []
    let text = try variant(node, place: "", file: file, units: &units)
    localization.value = text.value
    localization.plural = text.plural
    localization.hasOtherVariations = text.hasOtherVariations
    if let devices = node["variations"]?["device"] {
      guard let members = devices.members else {
        throw .malformed(
          file: file, line: devices.line, reason: "`device` must be an object of device classes")
      }
      for device in members {
        let name = VisibleText.escaped(device.name, atMost: 40)
        guard device.value.members != nil else {
          throw .malformed(
            file: file, line: device.line, reason: "the device class \(name) must hold an object")
        }
        let text = try variant(
          device.value, place: "the \(name) variant", file: file, units: &units)
        if text.hasOtherVariations || text.value == nil && text.plural.isEmpty {
          localization.hasOtherVariations = true
        }
        localization.devices[device.name] = DeviceText(value: text.value, plural: text.plural)
      }
    }
    if let substitutions = node["substitutions"] {
      guard let members = substitutions.members else {
        throw .malformed(
          file: file, line: substitutions.line,
          reason: "`substitutions` must be an object of substitutions")
      }
      for member in members {
        let value = member.value
        var number: Int?
        if let written = value["argNum"] {
          if case .number(let written) = written.kind { number = Int(written.text) }
          guard let number, (1...FormatPlaceholder.mostPerText).contains(number) else {
            throw .malformed(
              file: file, line: written.line,
              reason:
                "the substitution \(VisibleText.escaped(member.name, atMost: 80)) has an `argNum` that is not a whole number from 1 to \(FormatPlaceholder.mostPerText)"
            )
          }
        }
        var forms: [PluralCategory: String] = [:]
        if let plural = value["variations"]?["plural"] {
          let name = VisibleText.escaped(member.name, atMost: 80)
          forms = try self.plural(
            plural, place: "the substitution \(name)", file: file, units: &units)
        }
        localization.substitutions[member.name] = Substitution(
          argumentNumber: number ?? 0, writesArgumentNumber: number != nil,
          formatSpecifier: value["formatSpecifier"]?.string ?? "lld", plural: forms)
      }
      inferArgumentNumbers(of: &localization)
    }
    localization.units = units
    return localization
  }

  /// For each substitution without `argNum`: the place of its `%#@name@` among the
  /// placeholders of the first text that names it, as Foundation counts them.
  private static func inferArgumentNumbers(of localization: inout Localization) {
    let unnumbered = localization.substitutions.filter { !$0.value.writesArgumentNumber }
    guard !unnumbered.isEmpty else { return }
    var texts = [localization.value].compactMap { $0 }
    texts += localization.plural.sorted { $0.key < $1.key }.map(\.value)
    for device in localization.devices.keys.sorted() {
      texts += [localization.devices[device]?.value].compactMap { $0 }
      texts += (localization.devices[device]?.plural ?? [:]).sorted { $0.key < $1.key }.map(
        \.value)
    }
    // Each text is scanned once (not once per substitution: a crafted catalog with thousands
    // of each would cost their product); the first text that names a substitution decides.
    var positions: [String: Int] = [:]
    for text in texts {
      guard let placeholders = try? FormatPlaceholder.scan(text) else { continue }
      for placeholder in placeholders where placeholder.kind == .substitution {
        let name = placeholder.substitutionName
        if unnumbered[name] != nil, positions[name] == nil {
          positions[name] = placeholder.position
        }
      }
      if positions.count == unnumbered.count { break }
    }
    for (name, position) in positions {
      localization.substitutions[name]?.argumentNumber = position
    }
  }

  /// A text that may vary: its `stringUnit`, or its plural forms; whether it varies in a way
  /// this reader does not know. `place` names it in messages.
  private static func variant(
    _ node: JSONValue, place: String, file: String, units: inout [StringUnit]
  ) throws(StringCatalogError) -> (
    value: String?, plural: [PluralCategory: String], hasOtherVariations: Bool
  ) {
    let value = try unit(node, place: place, file: file, units: &units)
    var plural: [PluralCategory: String] = [:]
    var other = false
    if let variations = node["variations"] {
      guard let kinds = variations.members else {
        throw .malformed(
          file: file, line: variations.line, reason: "`variations` must be an object")
      }
      for kind in kinds {
        switch kind.name {
        case "plural":
          plural = try self.plural(kind.value, place: place, file: file, units: &units)
        case "device" where place.isEmpty:
          continue  // read by the caller, one variant per device class
        default:
          other = true
        }
      }
    }
    return (value, plural, other)
  }

  /// The text of a `stringUnit`, kept in `units` with its state; `nil` when there is none.
  private static func unit(
    _ node: JSONValue, place: String, file: String, units: inout [StringUnit]
  ) throws(StringCatalogError) -> String? {
    guard let unit = node["stringUnit"] else { return nil }
    guard let value = unit["value"]?.string else {
      throw .malformed(file: file, line: unit.line, reason: "a `stringUnit` needs a text `value`")
    }
    units.append(
      StringUnit(
        place: place, value: value, state: unit["state"]?.string.map(TranslationState.init),
        line: unit.line))
    return value
  }

  private static func plural(
    _ node: JSONValue, place: String, file: String, units: inout [StringUnit]
  ) throws(StringCatalogError) -> [PluralCategory: String] {
    guard let members = node.members else {
      throw .malformed(file: file, line: node.line, reason: "`plural` must be an object of forms")
    }
    var forms: [PluralCategory: String] = [:]
    for member in members {
      guard let category = PluralCategory(rawValue: member.name) else {
        throw .malformed(
          file: file, line: member.line,
          reason:
            "\"\(VisibleText.escaped(member.name, atMost: 40))\" is not a plural form (zero, one, two, few, many, other)"
        )
      }
      let formPlace = (place.isEmpty ? "" : place + ", ") + "the \(member.name) form"
      guard let value = try unit(member.value, place: formPlace, file: file, units: &units) else {
        throw .malformed(
          file: file, line: member.line, reason: "the plural form \(member.name) has no text")
      }
      forms[category] = value
    }
    return forms
  }
}

/// Why a String Catalog could not be used.
public enum StringCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read: missing, not a regular file, too large.
  case unreadable(file: String, reason: String)
  /// The file is not a catalog this reader understands, at `line`.
  case malformed(file: String, line: Int, reason: String)

  /// `file:line: reason`, as compilers print it.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      "\(VisibleText.escaped(file)): cannot read the string catalog: \(VisibleText.escaped(reason))"
    case .malformed(let file, let line, let reason):
      "\(VisibleText.escaped(file)):\(line): not a string catalog: \(VisibleText.escaped(reason))"
    }
  }
}
