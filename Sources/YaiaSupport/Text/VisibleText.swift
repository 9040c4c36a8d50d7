/// The one rule for text that reaches a terminal: every character that a terminal would
/// interpret rather than show is shown escaped, `\u{1B}`, and never sent as is.
///
/// A terminal acts on control characters: an escape sequence can clear the screen, move the
/// cursor, retitle the window or write the clipboard, and a carriage return can overwrite a line
/// that was already printed. Format characters (a right-to-left override, zero-width joiners)
/// make text read differently from what it is. Text from outside the program (a server's
/// answer, a request path, a file the user names) passes through ``escaped(_:)`` before it is
/// printed: the demo's screens, `yaia mock-server`'s log, `yaia lint`'s findings, error messages
/// that quote bodies. It lives in the core (package-internal) so that every tool uses this one
/// rule.
package enum VisibleText {
  /// `text` with every control, format, separator and private-use character written as a
  /// visible `\u{XXXX}` escape; everything else unchanged.
  package static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isShown(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// `text` as ``escaped(_:)`` shows it, cut to at most `limit` Unicode scalars (escapes
  /// included) and ended with `…` when cut: for quoting outside text in a message, where one
  /// character can hold any number of combining marks, so cutting by characters is no bound.
  package static func escaped(_ text: some StringProtocol, atMost limit: Int) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let piece = escaped(String(scalar)).unicodeScalars
      guard shown.count + piece.count <= limit else {
        shown.append("…")
        break
      }
      shown.append(contentsOf: piece)
    }
    return String(shown)
  }

  /// Whether `text` holds only characters a terminal shows as they are.
  package static func isPlain(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.allSatisfy(isShown)
  }

  /// Whether a terminal shows `scalar` rather than acting on it or hiding it.
  package static func isShown(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned:
      return false
    default:
      return true
    }
  }
}
