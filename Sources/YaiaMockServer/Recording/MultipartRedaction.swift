#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// Redaction of a `multipart/form-data` body's parts by name: the content of each part whose
  /// `Content-Disposition` names a secret field (`name="password"`) becomes `REDACTED`; the
  /// framing, the other parts and every part's headers stay as sent. A body that is not framed
  /// by its boundary is left to the other redactions.
  package struct MultipartRedaction: Sendable {
    /// The delimiter that starts each part: `--` and the boundary.
    let delimiter: String

    /// The redaction for a body sent as `contentType`; `nil` when it is not a multipart form
    /// with a boundary of 1 to 70 characters (RFC 2046).
    package init?(contentType: String?) {
      guard let contentType,
        contentType.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix(
          "multipart/form-data")
      else { return nil }
      var boundary: String?
      for parameter in contentType.split(separator: ";").dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        if pair.count == 2, pair[0].lowercased() == "boundary" {
          boundary = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
      }
      guard let boundary, (1...70).contains(boundary.utf8.count) else { return nil }
      delimiter = "--" + boundary
    }

    /// `text` with the content of each secret-named part (``SecretNames``, or a lower-cased
    /// name in `names`) replaced. Searched as bytes (a boundary is outside input, and
    /// Foundation's string search traps on some), each part's headers ending at a blank line
    /// (`CRLF CRLF`, or `LF LF` from a sender that writes bare line ends).
    package func redact(_ text: String, alsoNamed names: Set<String> = []) -> String {
      let body = Data(text.utf8)
      let marker = Data(delimiter.utf8)
      // Where each delimiter starts; the parts lie between them (the last may be unclosed).
      var starts: [Int] = []
      var searched = body.startIndex
      while let found = body.range(of: marker, in: searched..<body.endIndex) {
        starts.append(found.lowerBound)
        searched = found.upperBound
        if starts.count > FormLimits.mostParts { return text }
      }
      guard !starts.isEmpty else { return text }
      var out = Data(body[..<starts[0]])
      for (number, start) in starts.enumerated() {
        let contentStart = start + marker.count
        let end = number + 1 < starts.count ? starts[number + 1] : body.endIndex
        let part = body[contentStart..<end]
        out += marker
        guard
          let blank = part.range(of: Data("\r\n\r\n".utf8))
            ?? part.range(of: Data("\n\n".utf8)),
          let name = Self.fieldName(
            in: Substring(String(decoding: part[..<blank.lowerBound], as: UTF8.self))),
          SecretNames.isSecret(name) || names.contains(name.lowercased())
        else {
          out += part
          continue
        }
        // The content runs to the line end before the next delimiter.
        let content = part[blank.upperBound...]
        let ending =
          content.last == 0x0A ? (content.dropLast().last == 0x0D ? 2 : 1) : 0
        out += part[..<blank.upperBound]
        if content.count > ending {
          out += Data("REDACTED".utf8)
          out += content.suffix(ending)
        } else {
          out += content
        }
      }
      return String(decoding: out, as: UTF8.self)
    }

    /// The bound on the parts redacted: past it a body is left to the other redactions.
    private enum FormLimits {
      static let mostParts = 10_000
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"` header.
    static func fieldName(in head: Substring) -> String? {
      for line in head.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" })
      where line.lowercased().hasPrefix("content-disposition:") {
        for parameter in line.split(separator: ";").dropFirst() {
          let pair = parameter.split(separator: "=", maxSplits: 1).map {
            $0.trimmingCharacters(in: .whitespaces)
          }
          if pair.count == 2, pair[0].lowercased() == "name" {
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
          }
        }
      }
      return nil
    }
  }
#endif
