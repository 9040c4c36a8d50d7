import Yaia
import YaiaResources

/// A line of text the user types into: a nickname, a user name, a password.
///
/// It refuses input that would make it invalid and says why, so the screen can show the reason
/// and the text stays as it was: bad input changes nothing. Refused: control characters;
/// format, separator and private-use characters (a right-to-left override, a zero-width space:
/// what ``VisibleText`` would not show as is); letters that draw as nothing (the Hangul filler
/// U+3164, the blank Braille pattern U+2800); more than `limit` characters; and more than
/// `4 × limit` Unicode scalars, so that combining marks cannot pile up behind one character.
struct TextEntry: Equatable, Sendable {
  /// What the field is for, used in messages: `Nickname`.
  let label: LocalizedText
  /// The most characters the field holds.
  let limit: Int
  /// Whether the screen shows bullets instead of the text (passwords).
  let isSecure: Bool
  /// The text typed so far.
  private(set) var text: String

  /// An empty field, or one holding `text`.
  init(_ label: LocalizedText, limit: Int, isSecure: Bool = false, text: String = "") {
    self.label = label
    self.limit = limit
    self.isSecure = isSecure
    self.text = text
  }

  /// Appends `input`, or leaves the text as it was and returns the problem.
  mutating func type(_ input: String) -> TextEntryError? {
    if let scalar = input.unicodeScalars.first(where: \.isControlCharacter) {
      return .controlCharacter(field: label, code: scalar.value)
    }
    if let scalar = input.unicodeScalars.first(where: {
      !VisibleText.isShown($0) || Self.looksBlank($0)
    }) {
      return .invisibleCharacter(field: label, code: scalar.value)
    }
    // Counted on the joined text: a mark typed after a letter joins that letter's character.
    let joined = text + input
    let count = joined.count
    guard count <= limit else { return .tooLong(field: label, count: count, limit: limit) }
    let scalars = joined.unicodeScalars.count
    guard scalars <= 4 * limit else {
      return .tooManyScalars(field: label, count: scalars, limit: 4 * limit)
    }
    text = joined
    return nil
  }

  /// Letters that draw as nothing: Unicode's default-ignorable code points (the Hangul fillers
  /// U+3164, U+115F, U+1160, U+FFA0) and the blank Braille pattern U+2800. A name made of them
  /// looks empty on the screen, and two such names look the same. Variation selectors are
  /// default-ignorable too, but they only choose how the letter before them looks (`❤️`).
  static func looksBlank(_ scalar: Unicode.Scalar) -> Bool {
    let isVariationSelector =
      (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    return (scalar.properties.isDefaultIgnorableCodePoint && !isVariationSelector)
      || scalar.value == 0x2800
  }

  /// Removes the last character, if any.
  mutating func deleteBackward() {
    if !text.isEmpty { text.removeLast() }
  }

  /// Empties the field.
  mutating func clear() {
    text = ""
  }

  /// The text without surrounding spaces, or `.empty` when nothing but spaces was typed.
  func validated() -> Result<String, TextEntryError> {
    let trimmed = text.trimmingSpaces
    return trimmed.isEmpty ? .failure(.empty(field: label)) : .success(trimmed)
  }

  /// What the screen shows: the text, or a bullet per character when secure.
  var display: String {
    isSecure ? String(repeating: "•", count: text.count) : text
  }
}

/// Why typed input was refused. Each message names the field and what to do.
enum TextEntryError: Error, Equatable, Sendable {
  /// Nothing (or only spaces) was typed where something is needed.
  case empty(field: LocalizedText)
  /// The text would be `count` characters long; the field holds `limit`.
  case tooLong(field: LocalizedText, count: Int, limit: Int)
  /// The input holds a control character (a tab, an escape, a bell…), by its code point.
  case controlCharacter(field: LocalizedText, code: UInt32)
  /// The input holds a character that changes how text reads without showing itself (a
  /// right-to-left override, a zero-width space, a line separator), by its code point.
  case invisibleCharacter(field: LocalizedText, code: UInt32)
  /// The text would hold `count` Unicode scalars (letters carrying many combining marks); the
  /// field holds `limit`.
  case tooManyScalars(field: LocalizedText, count: Int, limit: Int)

  /// The message for the screen.
  var text: LocalizedText {
    switch self {
    case .empty(let field): .entryEmpty(field)
    case .tooLong(let field, let count, let limit): .entryTooLong(field, count, limit)
    case .controlCharacter(let field, let code): .entryControlCharacter(field, Self.codePoint(code))
    case .invisibleCharacter(let field, let code):
      .entryInvisibleCharacter(field, Self.codePoint(code))
    case .tooManyScalars(let field, let count, let limit): .entryTooManyScalars(field, count, limit)
    }
  }

  private static func codePoint(_ code: UInt32) -> String {
    let hex = String(code, radix: 16, uppercase: true)
    return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
  }
}

extension Unicode.Scalar {
  /// C0 and C1 control characters, and DEL.
  var isControlCharacter: Bool { properties.generalCategory == .control }
}

extension String {
  /// The string without leading and trailing spaces and newlines (no Foundation needed).
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
