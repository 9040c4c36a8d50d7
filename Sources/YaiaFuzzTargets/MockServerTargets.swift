import Foundation
import YaiaMockServer

/// The mock server's readers: the request head, the body framing, a chunked body, the
/// request as routing sees it, and the manifest.
enum MockServerTargets {
  static let all = [requestHead, chunkedBody, manifest]

  static let limits = RequestHeadLimits(requestLine: 256, headerBytes: 1_024, headerCount: 16)

  static let router = MockRouter(
    routes: [
      ("GET", "/devices/:id"), ("POST", "/login"), (nil, "/files/*"), ("GET", "/a/b"),
    ].compactMap { (method: HTTPMethod?, pattern: String) in
      try? MockRoute(method, pattern, responses: .single(MockResponse()))
    })

  /// Head, then framing, then routing; the head must read the same whether its bytes come at
  /// once or split in two, and stay within its limits.
  static let requestHead = FuzzTarget(
    "mock-request-head", summary: "the mock server's request head, framing and routing",
    maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    var whole = RequestHeadParser(limits: limits)
    let once = whole.append(bytes)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var split = RequestHeadParser(limits: limits)
    var twice = split.append(bytes[..<cut])
    if twice == .needMore {
      twice = split.append(bytes[cut...])
    } else if case .head(let head, let rest) = twice {
      twice = .head(head, rest: rest + bytes[cut...])
    }
    try require(once == twice, "split at \(cut): \(once) but \(twice)")
    guard case .head(let head, _) = once else { return }
    try require(head.fields.count <= limits.headerCount, "\(head.fields.count) fields")
    try require(head.target.utf8.count <= limits.requestLine, "a target past the line limit")
    try require(
      head.fields.allSatisfy { !$0.value.contains("\r") && !$0.value.contains("\n") },
      "a field value holds a line break")
    _ = BodyFraming.of(head)
    var router = router
    _ = router.route(MockResponder.request(head, body: Data(bytes.suffix(16))))
  }

  /// A chunked body fed at once and byte by byte: the same body, never past its limit.
  static let chunkedBody = FuzzTarget(
    "mock-chunked-body", summary: "the mock server's chunked request bodies", maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    let limit = 512
    var whole = ChunkedBody(limit: limit, lineLimit: 64)
    let once = whole.append(bytes)
    var single = ChunkedBody(limit: limit, lineLimit: 64)
    var steps: ChunkedBody.Step = .needMore
    for byte in bytes where steps == .needMore { steps = single.append([byte]) }
    try require(whole.body.count <= limit, "a body of \(whole.body.count) bytes")
    switch (once, steps) {
    case (.needMore, .needMore), (.failed, .failed):
      break
    case (.done(let rest), .done(let none)):
      // Byte by byte, the body ends with the byte that ends it: nothing is left over.
      try require(none.isEmpty, "bytes left over after the last one: \(none)")
      try require(rest.count < bytes.count, "a body that ended before its first byte")
      try require(whole.body == single.body, "the same body two ways")
    default:
      throw FuzzViolation("at once: \(once); byte by byte: \(steps)")
    }
  }

  /// A manifest (YAML or JSON): routes, or an error naming a line; within its budget.
  static let manifest = FuzzTarget(
    "mock-manifest", summary: "mock-server manifests (YAML → routes → JSON bodies)",
    maxLength: 8_192
  ) { bytes throws(FuzzViolation) in
    let text = String(decoding: bytes, as: UTF8.self)
    do throws(MockServerError) {
      _ = try MockManifest.parse(text, file: "manifest.yaml", fixtures: nil)
    } catch {
      try require(!error.description.isEmpty, "an error without words")
    }
  }
}
