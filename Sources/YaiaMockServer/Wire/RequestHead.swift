#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  /// The request line and header fields of an HTTP/1.x request, as read off the wire.
  package struct RequestHead: Equatable, Sendable {
    /// The method token, as sent (`GET`).
    package var method: String
    /// The request target, still percent-encoded: a path with its query (`/a/b?x=1`).
    package var target: String
    /// The protocol version: `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// The header fields in the order received; names as sent.
    package var fields: [(name: String, value: String)]

    /// The value of the field `name` (any case); repeated fields joined with `, ` (RFC 9110 §5.3).
    package func field(_ name: String) -> String? {
      let values = fields.filter { $0.name.lowercased() == name }.map(\.value)
      return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Whether the client asked to keep the connection open after this request: HTTP/1.1 unless
    /// it said `close`, HTTP/1.0 only if it said `keep-alive`.
    package var keepsAlive: Bool {
      let tokens = (field("connection") ?? "").lowercased().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
      return !tokens.contains("close")
    }

    /// The path part of the target, percent-encoded, and the raw query (without `?`).
    package var pathAndQuery: (path: String, query: String) {
      let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }

    package static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
      lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
        && lhs.fields.map(\.name) == rhs.fields.map(\.name)
        && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
  }

  /// The sizes a request's head may not exceed.
  package struct RequestHeadLimits: Equatable, Sendable {
    /// The longest request line, in bytes (longer: 414).
    package var requestLine: Int
    /// The most bytes of header fields, all lines together (more: 431).
    package var headerBytes: Int
    /// The most header fields (more: 431).
    package var headerCount: Int

    /// Limits of `requestLine` bytes for the request line, `headerBytes` and `headerCount` for
    /// the fields.
    package init(requestLine: Int, headerBytes: Int, headerCount: Int) {
      self.requestLine = requestLine
      self.headerBytes = headerBytes
      self.headerCount = headerCount
    }
  }

  /// Reads a request head from bytes as they arrive, in time linear in their number and memory
  /// bounded by ``RequestHeadLimits``: a line that grows past its limit is refused as soon as it
  /// does, without waiting for its end.
  ///
  /// A value with no I/O: the connection feeds it what the socket gives and acts on the result.
  package struct RequestHeadParser {
    /// What the parser needs or found after the latest bytes.
    package enum Step: Equatable {
      /// The head is not complete yet.
      case needMore
      /// The head is complete; `rest` are the bytes after it (the start of the body, or of the
      /// next request).
      case head(RequestHead, rest: [UInt8])
      /// The head cannot be read; answer with the failure and close.
      case failed(WireFailure)
    }

    package let limits: RequestHeadLimits
    private var buffer: [UInt8] = []
    /// Where the line being read starts in `buffer`.
    private var lineStart = 0
    /// Where the search for the next line end resumes: bytes before it hold no `\n`.
    private var scanned = 0
    private var requestLine: (method: String, target: String, version: String)?
    private var fields: [(name: String, value: String)] = []
    private var fieldBytes = 0
    /// Empty lines skipped before the request line (RFC 9112 §2.2 allows a few).
    private var leadingEmptyLines = 0

    package init(limits: RequestHeadLimits) {
      self.limits = limits
    }

    /// Whether any byte of a head has arrived (a deadline for the rest starts then).
    package var hasStarted: Bool { !buffer.isEmpty }

    /// Takes the next `bytes` and says whether the head is complete.
    package mutating func append(_ bytes: some Collection<UInt8>) -> Step {
      buffer.append(contentsOf: bytes)
      while let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[lineStart..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        lineStart = end + 1
        scanned = lineStart
        if let failure = check(lineLength: line.count) { return .failed(failure) }
        if let step = take(line) { return step }
      }
      scanned = buffer.count
      // A line still without its end may already be too long.
      return check(lineLength: buffer.count - lineStart).map(Step.failed) ?? .needMore
    }

    /// The failure for a line of `length` bytes at this point of the head, if it is too long.
    private func check(lineLength length: Int) -> WireFailure? {
      if requestLine == nil {
        return length > limits.requestLine
          ? WireFailure(
            status: 414, reason: "the request line is longer than \(limits.requestLine) bytes")
          : nil
      }
      return fieldBytes + length > limits.headerBytes
        ? WireFailure(
          status: 431, reason: "the header fields are larger than \(limits.headerBytes) bytes")
        : nil
    }

    /// Takes one complete line (without its line end); a step when the head ends or fails.
    private mutating func take(_ line: ArraySlice<UInt8>) -> Step? {
      guard let requestLine else {
        if line.isEmpty {
          leadingEmptyLines += 1
          return leadingEmptyLines > 4
            ? .failed(WireFailure(status: 400, reason: "empty lines instead of a request line"))
            : nil
        }
        switch Self.requestLine(line) {
        case .success(let parsed): self.requestLine = parsed
        case .failure(let failure): return .failed(failure)
        }
        return nil
      }
      guard !line.isEmpty else {
        let head = RequestHead(
          method: requestLine.method, target: requestLine.target, version: requestLine.version,
          fields: fields)
        return .head(head, rest: Array(buffer[lineStart...]))
      }
      fieldBytes += line.count + 2
      guard fields.count < limits.headerCount else {
        return .failed(
          WireFailure(status: 431, reason: "more than \(limits.headerCount) header fields"))
      }
      switch Self.field(line) {
      case .success(let field): fields.append(field)
      case .failure(let failure): return .failed(failure)
      }
      return nil
    }

    /// `METHOD SP target SP HTTP/1.x` (RFC 9112 §3), or why not.
    private static func requestLine(
      _ line: ArraySlice<UInt8>
    ) -> Result<(method: String, target: String, version: String), WireFailure> {
      let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
      guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
        parts[0].allSatisfy(isTokenByte),
        parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
      else {
        return .failure(
          WireFailure(status: 400, reason: "the request line is not `METHOD target HTTP/1.1`"))
      }
      // Methods are case-sensitive (RFC 9110 §9.1): `get` is not GET, and routing must not
      // read it as GET.
      guard !parts[0].contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
        return .failure(
          WireFailure(status: 400, reason: "methods are case-sensitive: write them in capitals"))
      }
      // Origin form (`/path?query`), or `*` for OPTIONS (RFC 9112 §3.2); a mock server is no
      // proxy, so neither the absolute nor the authority form is served.
      let target = parts[1]
      guard
        target.first == UInt8(ascii: "/")
          || (target.elementsEqual("*".utf8) && parts[0].elementsEqual("OPTIONS".utf8))
      else {
        return .failure(
          WireFailure(status: 400, reason: "the request target must be a path starting with `/`"))
      }
      let version = String(decoding: parts[2], as: UTF8.self)
      guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
        return .failure(
          WireFailure(status: 505, reason: "only HTTP/1.1 and HTTP/1.0 are served"))
      }
      return .success(
        (
          String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self),
          version
        ))
    }

    /// `name: value` (RFC 9110 §5), or why not: no space before the colon, no folded lines, no
    /// control characters in the value.
    private static func field(
      _ line: ArraySlice<UInt8>
    ) -> Result<(name: String, value: String), WireFailure> {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
        line[..<colon].allSatisfy(isTokenByte)
      else {
        return .failure(WireFailure(status: 400, reason: "a header line is not `Name: value`"))
      }
      let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
      let trimmed = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
      guard trimmed.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
        return .failure(
          WireFailure(status: 400, reason: "a header value holds control characters"))
      }
      return .success(
        (
          String(decoding: line[..<colon], as: UTF8.self),
          String(decoding: trimmed, as: UTF8.self)
        ))
    }

    /// A byte allowed in a method or a field name (RFC 9110 §5.6.2 `tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"):
        return true
      default:
        return "!#$%&'*+-.^_`|~".utf8.contains(byte)
      }
    }
  }
#endif
