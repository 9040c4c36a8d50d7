/// The Swift name a catalog key is reached by in generated code: `home.title` → `homeTitle`.
///
/// One function gives the name to the generator (`yaia-text-keys`) and to ``KeyUsage``, so a
/// key the code names only through its accessor (`.homeTitle`) still counts as used.
public enum KeyAccessorName {
  /// The longest name ``name(for:)`` makes from a key; a longer key is cut and given its hash,
  /// so that names stay readable and distinct. ``names(for:)`` may add a hash (and rarely a
  /// number) to a name it must tell apart.
  public static let longest = 60

  /// The lower-camel-case name of `key`: its ASCII letters and digits, split into words at
  /// every other character (`home.title`, `home_title`, `Home title` → `homeTitle`), format
  /// placeholders left out (`%lld items left` → `itemsLeft`), with a `_`
  /// in front when it would start with a digit, and `text` plus the key's hash when nothing is
  /// left (`%@`). A name longer than ``longest`` is cut and ends in the key's hash.
  public static func name(for key: TextKey) -> String {
    var words: [String] = []
    var word = ""
    for scalar in withoutPlaceholders(key.name).unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    var name = ""
    for (index, word) in words.enumerated() {
      if index == 0 {
        // `URLSession` → `urlSession`; `OK` → `ok`: a leading run of capitals is lowered.
        let capitals = word.prefix { $0.isUppercase }
        let lowered =
          capitals.count > 1 && capitals.count < word.count
          ? capitals.dropLast().lowercased() + word.dropFirst(capitals.count - 1)
          : capitals.count == word.count
            ? word.lowercased()
            : word.prefix(1).lowercased() + word.dropFirst()
        name += lowered
      } else {
        name += word.prefix(1).uppercased() + word.dropFirst()
      }
    }
    if name.isEmpty { return "text_" + hash(of: key) }
    if name.first?.isNumber == true { name = "_" + name }
    if name.count > longest { name = String(name.prefix(longest - 9)) + "_" + hash(of: key) }
    return name
  }

  /// `key` without its format placeholders (`%lld`, `%1$@`), each a space, and a substitution
  /// by its name (`%#@files@` → `files`): a specifier says nothing a reader of the name needs
  /// (`%lld items left` → `itemsLeft`, not `lldItemsLeft`). A key whose placeholders do not
  /// read is kept whole.
  static func withoutPlaceholders(_ key: String) -> String {
    guard key.contains("%"), let placeholders = try? FormatPlaceholder.scan(key) else {
      return key
    }
    return StringCatalog.fill(key, placeholders) {
      $0.kind == .substitution ? " \($0.substitutionName) " : " "
    }
  }

  /// The names of `keys`, distinct: of keys that would share a name (`OK` and `Ok`, `%lld
  /// items` and `%@ items`), the first in code-point order keeps it and each other gets its hash
  /// added, so no key takes another's accessor and adding a key never renames one that does not
  /// collide with it.
  public static func names(for keys: [TextKey]) -> [TextKey: String] {
    var byName: [String: [TextKey]] = [:]
    for key in Set(keys) { byName[name(for: key), default: []].append(key) }
    var names: [TextKey: String] = [:]
    for (name, sharing) in byName {
      let first = sharing.min {
        Array($0.name.unicodeScalars.map(\.value)).lexicographicallyPrecedes(
          $1.name.unicodeScalars.map(\.value))
      }
      for key in sharing { names[key] = key == first ? name : name + "_" + hash(of: key) }
    }
    // Hashes can collide too (32 bits): any name still shared, or taken by another key's plain
    // name, gets a number, in key order, so the generated declarations never clash.
    var taken: Set<String> = []
    for key in names.keys.sorted(by: { $0.name < $1.name }) {
      guard let name = names[key] else { continue }
      var unique = name
      var number = 2
      while !taken.insert(unique).inserted {
        unique = name + "_" + String(number)
        number += 1
      }
      names[key] = unique
    }
    return names
  }

  /// Swift's keywords: a generated name that is one (default, case) is written in backquotes.
  public static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
    "false", "is", "nil", "self", "super", "throws", "true", "try", "await", "async", "any",
    "some", "consume", "copy", "discard", "borrowing", "consuming", "package", "each",
  ]

  /// Eight hex digits of FNV-1a over the key's UTF-8: stable across runs and machines.
  static func hash(of key: TextKey) -> String {
    var value: UInt32 = 2_166_136_261
    for byte in key.name.utf8 {
      value ^= UInt32(byte)
      value = value &* 16_777_619
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
