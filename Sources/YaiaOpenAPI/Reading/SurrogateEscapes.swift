#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// A JSON description's escaped UTF-16 halves made readable to the YAML reader.
  ///
  /// JSON writes a character outside the Basic Multilingual Plane as two escaped halves
  /// (`\ud83d\udc4d`), as Python's, Jackson's and many other encoders do. YAML, which reads every
  /// description here (JSON is YAML), takes only whole code points in its escapes and refused
  /// the whole file: Twilio's `api_v2010.json` could not be served. So a description that is
  /// JSON is rewritten first: inside its strings each escaped pair becomes YAML's 8-digit escape
  /// (`\U0001F44D`) and a half without its partner becomes U+FFFD. Nothing else changes and no
  /// line is added or removed, so every line number an error names still holds.
  enum SurrogateEscapes {
    /// `text` with its escaped surrogate halves rewritten, when it is JSON (its first
    /// character is `{` or `[`); any other text as it is. Linear in the text.
    static func rewritten(_ text: String) -> String {
      let bytes = Array(text.utf8)
      guard let first = bytes.first(where: { !isSpace($0) }),
        first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
      else { return text }
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count)
      var inString = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if !inString {
          if byte == UInt8(ascii: "\"") { inString = true }
          out.append(byte)
          index += 1
          continue
        }
        if byte == UInt8(ascii: "\"") {
          inString = false
          out.append(byte)
          index += 1
          continue
        }
        guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
          out.append(byte)
          index += 1
          continue
        }
        guard bytes[index + 1] == UInt8(ascii: "u"), let unit = hex(bytes, at: index + 2),
          (0xD800...0xDFFF).contains(unit)
        else {
          // Any other escape, `\"` and `\\` included, is copied whole: its second byte never
          // ends the string.
          out += bytes[index...(index + 1)]
          index += 2
          continue
        }
        if unit < 0xDC00, index + 12 <= bytes.count,
          bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
          let low = hex(bytes, at: index + 8), (0xDC00...0xDFFF).contains(low)
        {
          let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          out += Array("\\U".utf8) + padded(scalar, to: 8)
          index += 12
        } else {
          out += Array("\\uFFFD".utf8)
          index += 6
        }
      }
      return String(decoding: out, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB
        || byte == 0xBF
    }

    /// The four hex digits at `start`, if there are four.
    private static func hex(_ bytes: [UInt8], at start: Int) -> UInt32? {
      guard start + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for byte in bytes[start..<(start + 4)] {
        let digit: UInt32
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        value = value << 4 | digit
      }
      return value
    }

    private static func padded(_ value: UInt32, to width: Int) -> [UInt8] {
      let digits = Array(String(value, radix: 16, uppercase: true).utf8)
      return Array(repeating: UInt8(ascii: "0"), count: max(0, width - digits.count)) + digits
    }
  }
#endif
