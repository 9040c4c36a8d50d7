extension InspectedValue {
  /// The value on one line, as an exported test states what a view model shows and a failing
  /// one says what it showed instead: text quoted (`"Kitchen"`), numbers and Booleans as
  /// written, records as `Type(label: …)`, cases as `.case(…)`, collections as `[…]`, `nil`,
  /// `<redacted>`. Control characters are escaped, so the line is one line.
  public var oneLine: String {
    var text = ""
    write(into: &text)
    return text
  }

  private func write(into text: inout String) {
    switch self {
    case .text(let string):
      text += "\""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        default:
          if SwiftLiteral.needsEscape(scalar) {
            text += "\\u{\(String(scalar.value, radix: 16))}"
          } else {
            text.unicodeScalars.append(scalar)
          }
        }
      }
      text += "\""
    case .scalar(let written): text += written
    case .none: text += "nil"
    case .redacted: text += "<redacted>"
    case .tooDeep: text += "…"
    case .record(let type, let fields):
      text += type
      Self.write(fields, into: &text)
    case .enumCase(_, let name, let values):
      text += "." + name
      if !values.isEmpty { Self.write(values, into: &text) }
    case .collection(_, let elements, let omitted):
      text += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { text += ", " }
        element.write(into: &text)
      }
      if omitted > 0 { text += elements.isEmpty ? "… \(omitted) more" : ", … \(omitted) more" }
      text += "]"
    }
  }

  private static func write(_ fields: [Field], into text: inout String) {
    text += "("
    for (position, field) in fields.enumerated() {
      if position > 0 { text += ", " }
      // An unlabelled value (`_0`) is written without its label, as Swift writes it.
      if !(field.label.hasPrefix("_") && field.label.dropFirst().allSatisfy(\.isNumber)) {
        text += field.label + ": "
      }
      field.value.write(into: &text)
    }
    text += ")"
  }
}

/// Swift string literals for generated source (an exported test): raw literals (`#"…"#`) with
/// as many `#` as the text needs, and every scalar a reader could not see or that would break
/// the line escaped.
package enum SwiftLiteral {
  /// Whether `scalar` is written as an escape in generated source: control characters, line
  /// and paragraph separators, and the bidirectional controls that make code read otherwise
  /// than it compiles.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
      0xFEFF:
      true
    default: false
    }
  }

  /// `text` as a Swift string literal that reads back as `text`: plain (`"rows[0].title"`)
  /// when it holds no quote and no backslash, else raw (``raw(_:)``).
  package static func string(_ text: String) -> String {
    guard !text.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" }) else {
      return raw(text)
    }
    return "\"" + escaped(text, escape: "\\") + "\""
  }

  /// `text` as a Swift string literal that reads back as `text`: raw, so that JSON's
  /// backslashes stay as they are, with enough `#` that no `"#…` in the text ends it.
  package static func raw(_ text: String) -> String {
    var hashes = 1
    while text.contains("\"" + String(repeating: "#", count: hashes))
      || text.contains("\\" + String(repeating: "#", count: hashes))
    {
      hashes += 1
    }
    let fence = String(repeating: "#", count: hashes)
    return fence + "\"" + escaped(text, escape: "\\" + fence) + "\"" + fence
  }

  /// `text` with each scalar that ``needsEscape(_:)`` written as `ESCAPEu{hex}`: `\u{…}` in
  /// a plain literal, `\#u{…}` in a raw one.
  private static func escaped(_ text: String, escape: String) -> String {
    var body = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        body += escape + "u{\(String(scalar.value, radix: 16))}"
      } else {
        body.unicodeScalars.append(scalar)
      }
    }
    return body
  }
}
