/// Which catalog keys a program names: its plain string literals and the names it writes
/// after a `.`, so that ``CatalogCheck`` can report the keys no code names (`unused-key`).
///
/// A key counts as used when some literal in the code is exactly the key (`LocalizedText(
/// "home.title")`, `TextKey("home.title")`, a `case title = "home.title"`), or when the code
/// writes its generated accessor (`.homeTitle`, ``KeyAccessorName``). Comments do not count,
/// and a literal with interpolation is not a key. The reader is a small lexer, not a
/// parser: linear in the text, it never fails, and a source it cannot follow (an unclosed
/// literal) simply yields fewer literals, so a key is reported unused rather than missed.
public enum KeyUsage {
  /// The longest literal kept: a key longer than this is not looked for.
  public static let longestLiteral = 1_024

  /// The plain string literals of Swift `source`: single-line `"…"` and raw `#"…"#`, escapes
  /// decoded, interpolated ones left out.
  public static func literals(in source: String) -> Set<String> {
    names(in: source).literals
  }

  /// The plain string literals of Swift `source` (as ``literals(in:)``) and the names written
  /// after a `.` outside literals and comments (`.homeTitle`): how code names a key through its
  /// generated accessor (``KeyAccessorName``).
  public static func names(in source: String) -> (literals: Set<String>, members: Set<String>) {
    let scalars = Array(source.unicodeScalars)
    var found: Set<String> = []
    var members: Set<String> = []
    var index = 0
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
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
          members.insert(String(name))
          continue
        }
        index += max(1, hashes)
        continue
      }
      index += hashes
      if at(1) == "\"", at(2) == "\"" {
        // A multi-line literal: skipped whole, it holds sentences, not keys.
        index += 3
        while index < scalars.count {
          if scalars[index] == "\"", at(1) == "\"", at(2) == "\"",
            (0..<hashes).allSatisfy({ at(3 + $0) == "#" })
          {
            index += 3 + hashes
            break
          }
          index += 1
        }
        continue
      }
      index += 1
      var text = String.UnicodeScalarView()
      var plain = true
      while index < scalars.count, scalars[index] != "\n" {
        let current = scalars[index]
        if current == "\"", (0..<hashes).allSatisfy({ at(1 + $0) == "#" }) {
          index += 1 + hashes
          if plain, text.count <= longestLiteral { found.insert(String(text)) }
          break
        }
        if current == "\\", (0..<hashes).allSatisfy({ at(1 + $0) == "#" }) {
          let escape = at(1 + hashes)
          index += 2 + hashes
          switch escape {
          case "n": text.append("\n")
          case "t": text.append("\t")
          case "r": text.append("\r")
          case "0": text.append("\0")
          case "\"": text.append("\"")
          case "'": text.append("'")
          case "\\": text.append("\\")
          case "(":
            // Interpolation: not a key; skip to the closing parenthesis.
            plain = false
            var depth = 1
            while index < scalars.count, depth > 0, scalars[index] != "\n" {
              if scalars[index] == "(" { depth += 1 }
              if scalars[index] == ")" { depth -= 1 }
              index += 1
            }
          default:
            plain = false
          }
          continue
        }
        text.append(current)
        index += 1
      }
      if index < scalars.count, scalars[index] == "\n" { index += 1 }
    }
    return (found, members)
  }

  /// The keys of `catalog` that some literal in `sources` names.
  /// A key is used when a literal is exactly the key, or when its generated accessor's name
  /// follows a `.` (`.homeTitle`, `TextKey.homeTitle`, `.homeSpeakers(3)`).
  public static func usedKeys(of catalog: StringCatalog, in sources: [String]) -> Set<TextKey> {
    var literals: Set<String> = []
    var members: Set<String> = []
    for source in sources {
      let names = names(in: source)
      literals.formUnion(names.literals)
      members.formUnion(names.members)
    }
    return usedKeys(
      of: catalog, literals: literals, members: members,
      accessors: KeyAccessorName.names(for: catalog.entries.map(\.key)))
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
