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
    /// name in `names`) replaced.
    package func redact(_ text: String, alsoNamed names: Set<String> = []) -> String {
      var parts = text.components(separatedBy: delimiter)
      guard parts.count > 2 else { return text }
      for index in parts.indices.dropFirst() {
        let part = parts[index]
        guard let headerEnd = part.range(of: "\r\n\r\n") else { continue }
        let head = part[..<headerEnd.lowerBound]
        guard let name = Self.fieldName(in: head),
          SecretNames.isSecret(name) || names.contains(name.lowercased())
        else { continue }
        // The content runs to the line end before the next delimiter.
        let content = part[headerEnd.upperBound...]
        let ending = content.hasSuffix("\r\n") ? "\r\n" : ""
        guard content.count > ending.count else { continue }
        parts[index] = String(part[..<headerEnd.upperBound]) + "REDACTED" + ending
      }
      return parts.joined(separator: delimiter)
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"` header.
    static func fieldName(in head: Substring) -> String? {
      for line in head.split(separator: "\r\n")
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
