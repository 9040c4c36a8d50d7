#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// Decodes a chunked request body (RFC 9112 §7.1) from bytes as they arrive, refusing it as
  /// soon as it grows past its limit: a chunked body declares no length to check in advance.
  ///
  /// A value with no I/O: the connection feeds it what the socket gives.
  package struct ChunkedBody {
    /// What the decoder needs or found after the latest bytes.
    package enum Step: Equatable {
      /// The body is not complete yet.
      case needMore
      /// The body is complete; `rest` are the bytes after it (the next request).
      case done(rest: [UInt8])
      /// The body cannot be read; answer with the failure and close.
      case failed(WireFailure)
    }

    private enum Phase {
      /// Reading a chunk-size line (with any extensions).
      case size
      /// Reading `remaining` bytes of chunk data.
      case data(remaining: Int)
      /// Reading the line end after a chunk's data.
      case dataEnd
      /// Reading trailer lines after the last chunk, up to an empty line.
      case trailer
    }

    /// The most body bytes accepted (more: 413).
    package let limit: Int
    /// The longest size or trailer line, and the most trailer bytes in all.
    package let lineLimit: Int
    /// The decoded body so far.
    package private(set) var body: [UInt8] = []
    private var phase = Phase.size
    private var line: [UInt8] = []
    private var trailerBytes = 0

    package init(limit: Int, lineLimit: Int = 4_096) {
      self.limit = limit
      self.lineLimit = lineLimit
    }

    /// Takes the next `bytes` and says whether the body is complete.
    package mutating func append(_ bytes: [UInt8]) -> Step {
      var index = 0
      while index < bytes.count {
        switch phase {
        case .data(let remaining):
          let count = min(remaining, bytes.count - index)
          body.append(contentsOf: bytes[index..<(index + count)])
          index += count
          phase = remaining == count ? .dataEnd : .data(remaining: remaining - count)
        case .size, .dataEnd, .trailer:
          let byte = bytes[index]
          index += 1
          guard byte == UInt8(ascii: "\n") else {
            line.append(byte)
            if line.count > lineLimit {
              return .failed(WireFailure(status: 400, reason: "a chunk line is too long"))
            }
            continue
          }
          if line.last == UInt8(ascii: "\r") { line.removeLast() }
          defer { line.removeAll(keepingCapacity: true) }
          if let step = endOfLine(rest: bytes[index...]) { return step }
        }
      }
      return .needMore
    }

    /// Acts on the complete line in `line`; a step when the body ends or fails.
    private mutating func endOfLine(rest: ArraySlice<UInt8>) -> Step? {
      switch phase {
      case .dataEnd:
        guard line.isEmpty else {
          return .failed(WireFailure(status: 400, reason: "a chunk is longer than its size"))
        }
        phase = .size
      case .size:
        // Hex digits, then optional whitespace before any extension (RFC 9112 §7.1.1): `1 0`
        // is not 0x10. Leading zeros carry no value, so any number of them is accepted.
        let sizeField = line.prefix { $0 != UInt8(ascii: ";") }
        let digits = sizeField.prefix(while: Self.isHexDigit)
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard !digits.isEmpty,
          sizeField.dropFirst(digits.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
          significant.count <= 15,
          let size = significant.isEmpty
            ? 0 : Int(String(decoding: significant, as: UTF8.self), radix: 16)
        else {
          return .failed(WireFailure(status: 400, reason: "a chunk size is not a hex number"))
        }
        guard size <= limit - body.count else {
          return .failed(
            WireFailure(status: 413, reason: "the request body is larger than \(limit) bytes"))
        }
        phase = size == 0 ? .trailer : .data(remaining: size)
      case .trailer:
        guard !line.isEmpty else { return .done(rest: Array(rest)) }
        trailerBytes += line.count
        if trailerBytes > lineLimit {
          return .failed(WireFailure(status: 431, reason: "the trailer fields are too large"))
        }
      case .data:
        break
      }
      return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        return true
      default:
        return false
      }
    }
  }
#endif
