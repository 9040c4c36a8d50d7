/// Which catalog keys a program names: its plain string literals and the names it writes
/// after a `.`, so that ``CatalogCheck`` can report the keys no code names (`unused-key`).
///
/// A key counts as used when some literal in the code is exactly the key (`LocalizedText(
/// "home.title")`, `TextKey("home.title")`, a `case title = "home.title"`), or when the code
/// writes its generated accessor (`.homeTitle`, ``KeyAccessorName``), or when an interpolated
/// literal is the key Xcode extracts from it (`Text("\(n) items left")` names `%lld items
/// left`). Multi-line literals count as Swift reads them (indentation stripped). Comments do
/// not count. The reader is a small lexer, not a
/// parser: linear in the text, it never fails, and a source it cannot follow (an unclosed
/// literal) simply yields fewer literals, so a key is reported unused rather than missed.
public enum KeyUsage {
  /// The longest literal kept, in characters: a key longer than this is not looked for. Apps
  /// do use whole paragraphs as keys (a privacy policy in a multi-line literal, 1,200
  /// characters in one trial), so it is generous; every source is bounded anyway.
  public static let longestLiteral = 16_384

  /// The plain string literals of Swift `source`: single-line `"…"` and raw `#"…"#`, escapes
  /// decoded, interpolated ones left out.
  public static func literals(in source: String) -> Set<String> {
    names(in: source).literals
  }

  /// The plain string literals of Swift `source` (as ``literals(in:)``) and the names written
  /// after a `.` outside literals and comments (`.homeTitle`): how code names a key through its
  /// generated accessor (``KeyAccessorName``).
  public static func names(in source: String) -> (literals: Set<String>, members: Set<String>) {
    let names = scan(source)
    return (names.literals, names.members)
  }

  /// What a source names: plain literals (multi-line ones too), the names after a `.`, and the
  /// templates of interpolated literals (`"\(n) items left"`), each interpolation written as
  /// ``Names/hole``: Xcode extracts `Text("\(n) items left")` as the key `%lld items left`.
  public struct Names: Sendable, Equatable {
    /// What an interpolation becomes in a template.
    public static let hole: Unicode.Scalar = "\u{0}"
    /// The plain string literals, escapes decoded.
    public var literals: Set<String> = []
    /// The names written after a `.`.
    public var members: Set<String> = []
    /// The interpolated literals, each interpolation a ``hole``.
    public var templates: Set<String> = []

    /// Adds what `other` names: the names of several sources together.
    public mutating func formUnion(_ other: Names) {
      literals.formUnion(other.literals)
      members.formUnion(other.members)
      templates.formUnion(other.templates)
    }
  }

  /// The literals, names and templates of Swift `source` (``Names``). Linear in the text, and
  /// it never fails: a source it cannot follow yields fewer names.
  public static func scan(_ source: String) -> Names {
    let scalars = Array(source.unicodeScalars)
    var names = Names()
    var nested: [String] = []
    var index = 0
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    func keep(_ literal: (text: String.UnicodeScalarView, plain: Bool, complete: Bool)) {
      guard literal.complete, literal.text.count <= longestLiteral else { return }
      if literal.plain {
        names.literals.insert(String(literal.text))
      } else {
        names.templates.insert(String(literal.text))
      }
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "/", at(1) == "/" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
        continue
      }
      if scalar == "/", at(1) == "*" {
        // Swift's block comments nest.
        var depth = 0
        while index < scalars.count {
          if scalars[index] == "/", at(1) == "*" {
            depth += 1
            index += 2
          } else if scalars[index] == "*", at(1) == "/" {
            depth -= 1
            index += 2
            if depth == 0 { break }
          } else {
            index += 1
          }
        }
        continue
      }
      // Raw strings: `#"…"#`, any number of `#`.
      var hashes = 0
      while at(hashes) == "#" { hashes += 1 }
      guard at(hashes) == "\"" else {
        if scalar == ".", let first = at(1), first == "_" || first.properties.isAlphabetic {
          index += 1
          var name = String.UnicodeScalarView()
          var length = 0
          while index < scalars.count,
            scalars[index] == "_" || scalars[index].properties.isAlphabetic
              || scalars[index].properties.numericType != nil
          {
            if length < longestLiteral {
              name.append(scalars[index])
              length += 1
            }
            index += 1
          }
          names.members.insert(String(name))
          continue
        }
        index += max(1, hashes)
        continue
      }
      index += hashes
      if at(1) == "\"", at(2) == "\"" {
        index += 3
        keep(multiline(scalars, from: &index, hashes: hashes, nested: &nested))
        continue
      }
      index += 1
      keep(decode(scalars, from: &index, hashes: hashes, multiline: false, nested: &nested))
      if index < scalars.count, scalars[index] == "\n" { index += 1 }
    }
    names.literals.formUnion(nested)
    return names
  }

  /// A multi-line literal's text, from just after its opening `"""` to just after its closing
  /// one: each line without the closing delimiter's indentation, as Swift reads it.
  private static func multiline(
    _ scalars: [Unicode.Scalar], from index: inout Int, hashes: Int, nested: inout [String]
  ) -> (text: String.UnicodeScalarView, plain: Bool, complete: Bool) {
    // The text starts on the line after the delimiter; find the closing line first.
    while index < scalars.count, scalars[index] != "\n" { index += 1 }
    let start = min(index + 1, scalars.count)
    var lineStart = start
    var end: Int?
    var cursor = start
    // Whether the line so far is blank: kept as the scan goes, so that a line of many quotes
    // is not rescanned from its start at each one.
    var lineIsBlank = true
    while cursor < scalars.count {
      if lineIsBlank, scalars[cursor] == "\"", cursor + 2 < scalars.count,
        scalars[cursor + 1] == "\"",
        scalars[cursor + 2] == "\"",
        (0..<hashes).allSatisfy({
          cursor + 3 + $0 < scalars.count && scalars[cursor + 3 + $0] == "#"
        })
      {
        end = cursor
        break
      }
      if scalars[cursor] == "\n" {
        lineStart = cursor + 1
        lineIsBlank = true
      } else if scalars[cursor] != " " && scalars[cursor] != "\t" {
        lineIsBlank = false
      }
      cursor += 1
    }
    guard let end else {
      index = scalars.count
      return (String.UnicodeScalarView(), false, false)
    }
    index = end + 3 + hashes
    let indentation = end - lineStart
    // The lines between, each without the indentation, joined; the last newline is not text.
    var content: [Unicode.Scalar] = []
    var line = start
    while line < lineStart {
      var next = line
      while next < lineStart, scalars[next] != "\n" { next += 1 }
      var from = line
      while from < min(line + indentation, next), scalars[from] == " " || scalars[from] == "\t" {
        from += 1
      }
      content += scalars[from..<next]
      if next + 1 < lineStart { content.append("\n") }
      line = next + 1
    }
    var position = 0
    return decode(content, from: &position, hashes: hashes, multiline: true, nested: &nested)
  }

  /// A literal's text from `index` to its closing quote (single-line) or its end (the content
  /// of a multi-line one): escapes decoded, each interpolation a hole; whether it is plain and
  /// complete.
  private static func decode(
    _ scalars: [Unicode.Scalar], from index: inout Int, hashes: Int, multiline: Bool,
    nested: inout [String]
  ) -> (text: String.UnicodeScalarView, plain: Bool, complete: Bool) {
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    var text = String.UnicodeScalarView()
    var plain = true
    while index < scalars.count, multiline || scalars[index] != "\n" {
      let current = scalars[index]
      if !multiline, current == "\"", (0..<hashes).allSatisfy({ at(1 + $0) == "#" }) {
        index += 1 + hashes
        return (text, plain, true)
      }
      if current == "\\", (0..<hashes).allSatisfy({ at(1 + $0) == "#" }) {
        let escape = at(1 + hashes)
        index += 2 + hashes
        // A `\` that ends a single-line literal's line: the literal is unclosed, as before.
        if !multiline, escape == nil || escape == "\n" { return (text, false, false) }
        switch escape {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "0": text.append("\0")
        case "\"": text.append("\"")
        case "'": text.append("'")
        case "\\": text.append("\\")
        case "\n" where multiline: break  // a line continued
        case "(":
          // An interpolation: a hole in the template; skip to the closing parenthesis.
          plain = false
          text.append(Names.hole)
          var depth = 1
          while index < scalars.count, depth > 0, multiline || scalars[index] != "\n" {
            if scalars[index] == "\"" {
              // A literal inside the interpolation (`"\("settings.title".localized) …"`) is
              // read too; its parentheses are text, not the interpolation's.
              index += 1
              var inner = String.UnicodeScalarView()
              var simple = true
              while index < scalars.count, scalars[index] != "\"", scalars[index] != "\n" {
                if scalars[index] == "\\" {
                  simple = false
                  index += 1
                }
                if index < scalars.count { inner.append(scalars[index]) }
                index += 1
              }
              if index < scalars.count, scalars[index] == "\"" {
                index += 1
                if simple, inner.count <= longestLiteral { nested.append(String(inner)) }
              }
              continue
            }
            if scalars[index] == "(" { depth += 1 }
            if scalars[index] == ")" { depth -= 1 }
            index += 1
          }
        case "u":
          // `\u{1F600}`: one to eight hex digits naming a scalar.
          var digits = ""
          if at(0) == "{" {
            var end = index + 1
            while end < scalars.count, end - index <= 9, scalars[end].properties.isASCIIHexDigit {
              digits.unicodeScalars.append(scalars[end])
              end += 1
            }
            if end < scalars.count, scalars[end] == "}", (1...8).contains(digits.count),
              let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value)
            {
              text.append(scalar)
              index = end + 1
              continue
            }
          }
          plain = false  // not an escape Swift reads: the literal is no key, but its end is kept
        default:
          plain = false  // an escape Swift refuses: as above
        }
        continue
      }
      text.append(current)
      index += 1
    }
    return (text, plain, multiline)
  }

  /// The keys of `catalog` that some literal in `sources` names.
  /// A key is used when a literal is exactly the key, or when its generated accessor's name
  /// follows a `.` (`.homeTitle`, `TextKey.homeTitle`, `.homeSpeakers(3)`).
  public static func usedKeys(of catalog: StringCatalog, in sources: [String]) -> Set<TextKey> {
    var names = Names()
    for source in sources { names.formUnion(scan(source)) }
    return usedKeys(
      of: catalog, names: names,
      accessors: KeyAccessorName.names(for: catalog.entries.map(\.key)))
  }

  /// The keys of `catalog` that `names` name: by a literal, by an accessor (`accessors`, made
  /// over every catalog of the target), or by an interpolated literal Xcode extracts as the key
  /// (`"\(n) items left"` names `%lld items left`).
  public static func usedKeys(
    of catalog: StringCatalog, names: Names, accessors: [TextKey: String]
  ) -> Set<TextKey> {
    var used = usedKeys(
      of: catalog, literals: names.literals, members: names.members, accessors: accessors)
    guard !names.templates.isEmpty else { return used }
    // A template with no space is a key built at run time (`"winetricks.category.\(id)"`):
    // each hole stands for any word, so `winetricks.category.apps` counts as used.
    let built = names.templates.filter { !$0.contains(" ") && !$0.contains("\n") }
      .map { $0.split(separator: Character(Names.hole), omittingEmptySubsequences: false) }
      .filter { $0.joined().count >= 3 }
    for key in catalog.entries.map(\.key) where !used.contains(key) {
      if key.name.contains("%"), let template = template(of: key.name),
        names.templates.contains(template)
      {
        used.insert(key)
      } else if !key.name.contains(" "), built.contains(where: { matches(key.name, $0) }) {
        used.insert(key)
      }
    }
    return used
  }

  /// Whether `key` is the literal `parts` with a word (no space, not empty) in each hole.
  static func matches(_ key: String, _ parts: [Substring]) -> Bool {
    guard let first = parts.first, key.hasPrefix(first) else { return false }
    var rest = key.dropFirst(first.count)
    for (index, part) in parts.dropFirst().enumerated() {
      let last = index == parts.count - 2
      if last {
        guard rest.hasSuffix(part), rest.count > part.count else { return false }
        return true
      }
      guard !part.isEmpty, let range = rest.dropFirst().firstRange(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.isEmpty
  }

  /// A key as the template of the literal Xcode extracted it from: each placeholder a hole,
  /// `%%` a percent sign; `nil` when its placeholders do not read.
  static func template(of key: String) -> String? {
    guard let placeholders = try? FormatPlaceholder.scan(key), !placeholders.isEmpty else {
      return nil
    }
    return StringCatalog.fill(key, placeholders) { _ in String(Names.hole) }
  }

  /// The keys of `catalog` named by `literals` or, through `accessors` (each key's generated
  /// name, made over every catalog of the target as the generator makes them), by `members`:
  /// for a check that reads its sources once for many catalogs.
  public static func usedKeys(
    of catalog: StringCatalog, literals: Set<String>, members: Set<String>,
    accessors: [TextKey: String]
  ) -> Set<TextKey> {
    Set(
      catalog.entries.map(\.key).filter {
        literals.contains($0.name) || accessors[$0].map(members.contains) == true
      })
  }
}
