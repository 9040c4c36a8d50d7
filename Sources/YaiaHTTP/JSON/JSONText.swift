package import Foundation

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

  /// `data` as UTF-8 JSON text: as it is, unless it is JSON in UTF-16 or UTF-32 (a byte
  /// order mark, or the pattern of zero bytes RFC 4627 tells them apart by), which is decoded
  /// and encoded again as UTF-8. Text that does not decode is given back as it is, for the
  /// reader to refuse. RFC 8259 asks for UTF-8, but clients built on Foundation's
  /// `JSONSerialization` may send the others, and a reader that must see every value (the
  /// mock server's redaction, its matching) reads them rather than treat them as text.
  package static func utf8(_ data: Data) -> Data {
    let head = Array(data.prefix(4))
    guard head.count >= 2,
      head.contains(0) || head.starts(with: [0xFE, 0xFF])
        || head.starts(with: [0xFF, 0xFE])
    else { return data }
    let h = head.count >= 4 ? head : head + [1, 1]
    let encoding: String.Encoding
    if h.starts(with: [0, 0, 0xFE, 0xFF]) || (h[0] == 0 && h[1] == 0 && h[2] == 0) {
      encoding = .utf32BigEndian
    } else if h.starts(with: [0xFF, 0xFE, 0, 0])
      || (h[0] != 0 && h[1] == 0 && h[2] == 0 && h[3] == 0)
    {
      encoding = .utf32LittleEndian
    } else if h.starts(with: [0xFE, 0xFF]) || (h[0] == 0 && h[1] != 0) {
      encoding = .utf16BigEndian
    } else if h.starts(with: [0xFF, 0xFE]) || (h[0] != 0 && h[1] == 0) {
      encoding = .utf16LittleEndian
    } else {
      return data
    }
    var body = data
    // The byte order mark is not part of the text.
    let marks: [[UInt8]] = [
      [0, 0, 0xFE, 0xFF], [0xFF, 0xFE, 0, 0], [0xFE, 0xFF], [0xFF, 0xFE],
    ]
    if let mark = marks.first(where: { head.starts(with: $0) }),
      encoding == .utf32BigEndian || encoding == .utf32LittleEndian || mark.count == 2
    {
      body = body.dropFirst(mark.count)
    }
    guard let text = String(data: body, encoding: encoding) else { return data }
    return Data(text.utf8)
  }
}
