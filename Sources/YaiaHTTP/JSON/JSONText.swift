import Foundation

/// JSON text written by hand, as the mock server's templates and recordings and the OpenAPI
/// module's samples write it: one escaping and one number grammar for all of them.
package enum JSONText {
  /// `text` escaped for the inside of a JSON string literal, or of a double-quoted YAML scalar.
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // Control characters, and the ones YAML refuses or reads as line breaks: escaped, so
      // the text is safe in a JSON string and in a double-quoted YAML scalar alike.
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
        || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `text` is a number as JSON writes one, within the range a reader takes.
  package static func isNumber(_ text: String) -> Bool {
    guard !text.isEmpty, text.utf8.count <= 64 else { return false }
    // The grammar alone admits `1e999`, which most readers (Foundation's among them) refuse
    // as out of range: such a value is written as a string instead.
    return text.range(
      of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression)
      != nil && Double(text)?.isFinite == true
  }
}
