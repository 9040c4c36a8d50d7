import Yaia

/// Checks text that comes from outside the app (a server's answer, the saved login) where it
/// enters, so that only short, printable text is shown, kept or persisted.
enum IncomingText {
  /// `text` if it is at most `limit` characters (and `4 × limit` Unicode scalars, so combining
  /// marks cannot pile up behind one character), holds only characters a terminal shows, and
  /// matches `allowed` when given; otherwise a decoding error naming `field`.
  static func checked(
    _ text: String, field: String, limit: Int, codingPath: [any CodingKey],
    allowed: ((Character) -> Bool)? = nil
  ) throws -> String {
    var problem: String?
    if text.isEmpty {
      problem = "is empty"
    } else if text.count > limit || text.unicodeScalars.count > 4 * limit {
      problem = "is longer than \(limit) characters"
    } else if !VisibleText.isPlain(text) {
      problem = "holds control or format characters"
    } else if let allowed, !text.allSatisfy(allowed) {
      problem = "holds characters a \(field) cannot have"
    }
    guard let problem else { return text }
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "The \(field) from the server \(problem)."))
  }

  /// A letter, digit or hyphen of ASCII: what country codes, languages and versions use.
  static func isCode(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "-")
  }

  /// A digit or a dot: what a version number uses.
  static func isVersion(_ character: Character) -> Bool {
    character.isASCII && (character.isNumber || character == ".")
  }
}
