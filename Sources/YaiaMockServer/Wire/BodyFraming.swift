#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  /// How a request's body is delimited on the wire, read from its head (RFC 9112 §6): the one
  /// decision request smuggling exploits, so it is made here, in a value, and strictly.
  ///
  /// Anything a front proxy could read differently is refused rather than guessed: both
  /// `Content-Length` and `Transfer-Encoding`, a length that is not plain digits (`+2`, `0x2`,
  /// `2, 3`), a coding other than one final `chunked` (`chunked, chunked`, `gzip`), and
  /// `Transfer-Encoding` in an HTTP/1.0 request, which 1.0 peers do not know.
  package enum BodyFraming: Equatable, Sendable {
    /// Exactly this many bytes follow the head (0 when the head declares none).
    case length(Int)
    /// A chunked body follows (read with ``ChunkedBody``).
    case chunked

    /// The most digits a `Content-Length` may have: 18 digits always fit in an `Int`.
    static let mostLengthDigits = 18

    /// The framing of the request with `head`, or the failure to answer it with. A length over
    /// `maxBodyBytes` is for the caller to refuse (413), after it has recorded the request.
    package static func of(_ head: RequestHead) -> Result<BodyFraming, WireFailure> {
      let codings = head.fields.filter { $0.name.lowercased() == "transfer-encoding" }
      let lengths = head.fields.filter { $0.name.lowercased() == "content-length" }
      if !codings.isEmpty, !lengths.isEmpty {
        return .failure(
          WireFailure(status: 400, reason: "Content-Length and Transfer-Encoding together"))
      }
      if !codings.isEmpty {
        guard head.version == "HTTP/1.1" else {
          return .failure(
            WireFailure(status: 400, reason: "Transfer-Encoding in an HTTP/1.0 request"))
        }
        let tokens = codings.flatMap {
          $0.value.split(separator: ",", omittingEmptySubsequences: false)
        }
        .map { $0.trimmingCharacters(in: [" ", "\t"]).lowercased() }
        guard tokens == ["chunked"] else {
          return .failure(
            WireFailure(
              status: 501, reason: "only one transfer coding, `chunked`, is supported"))
        }
        return .success(.chunked)
      }
      guard let first = lengths.first else { return .success(.length(0)) }
      // Repeated fields (or one with a list) must all say the same plain number.
      let values = lengths.flatMap {
        $0.value.split(separator: ",", omittingEmptySubsequences: false)
      }
      .map { $0.trimmingCharacters(in: [" ", "\t"]) }
      guard let text = values.first, values.allSatisfy({ $0 == text }), !text.isEmpty,
        text.count <= mostLengthDigits,
        text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let count = Int(text)
      else {
        return .failure(
          WireFailure(
            status: 400,
            reason: "Content-Length `\(WireFailure.shown(first.value))` is not one plain number"))
      }
      return .success(.length(count))
    }
  }
#endif
