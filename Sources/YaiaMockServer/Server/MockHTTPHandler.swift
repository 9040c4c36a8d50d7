import FlyingFox
import Foundation

/// The shell between FlyingFox and the router: converts the request, asks the router, records
/// the journal, and writes the response (with its delay and fault).
struct MockHTTPHandler: HTTPHandler {
  let state: MockServerState
  let configuration: MockServer.Configuration

  func handleRequest(_ request: FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse {
    // The path as received, still percent-encoded (FlyingFox's `path` is decoded once
    // already, which turned an encoded `/` inside a segment into a separator), with its dot
    // segments resolved: routing decodes each segment exactly once.
    let path = Self.withoutDotSegments(request.target.path())
    var headers: [String: String] = [:]
    for (name, value) in request.headers { headers[name.rawValue] = value }
    var query: [String: String] = [:]
    for item in request.query where query[item.name] == nil { query[item.name] = item.value }
    // Read the body up to the limit whatever its framing: a chunked body has no length to
    // check in advance, so it is counted as it arrives.
    var body = Data()
    var tooLarge =
      request.headers[.contentLength].flatMap(Int.init).map {
        $0 > configuration.maxBodyBytes
      } ?? false
    if !tooLarge {
      for try await chunk in request.bodySequence {
        guard body.count + chunk.count <= configuration.maxBodyBytes else {
          tooLarge = true
          break
        }
        body.append(chunk)
      }
    }
    if tooLarge {
      let mock = MockRequest(
        method: request.method.rawValue, path: path, query: query, headers: headers)
      await state.record(
        MockJournalEntry(request: mock, time: Date(), route: nil, scenario: nil, status: 413))
      var response = Self.json(
        #"{"error":"request body larger than \#(configuration.maxBodyBytes) bytes"}"#, status: 413)
      // The rest of the body is not read: the connection cannot be reused.
      response.headers[.connection] = "close"
      return response
    }
    let mock = MockRequest(
      method: request.method.rawValue, path: path, query: query, headers: headers,
      body: body)

    switch await state.route(mock) {
    case .unmatched(let closest):
      await state.record(
        MockJournalEntry(
          request: mock, time: Date(), route: nil, scenario: nil, status: 404, closest: closest))
      guard configuration.strict else { return FlyingFox.HTTPResponse(statusCode: .notFound) }
      let body = try JSONEncoder().encode(Unmatched(request: mock.summary, closest: closest))
      return FlyingFox.HTTPResponse(
        statusCode: .notFound, headers: [.contentType: "application/json"], body: body)
    case .matched(let route, let scenario, let response, _):
      await state.record(
        MockJournalEntry(
          request: mock, time: Date(), route: route, scenario: scenario, status: response.status))
      if let delay = response.delay {
        try? await Task.sleep(for: Self.pick(in: delay))
      }
      return try render(response)
    }
  }

  /// `path` with its `.` and `..` segments resolved (RFC 3986 §5.2.4) on the encoded text, so
  /// that an encoded dot (`%2E%2E`) stays data: a segment, not a step up.
  static func withoutDotSegments(_ path: String) -> String {
    var kept: [Substring] = []
    for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
      switch segment {
      case ".": continue
      case "..": _ = kept.popLast()
      default: kept.append(segment)
      }
    }
    return "/" + kept.joined(separator: "/")
  }

  /// The 404 body of strict mode.
  struct Unmatched: Encodable {
    let error = "no route matches this request"
    let request: String
    let closest: [String]
  }

  private func render(_ response: MockResponse) throws -> FlyingFox.HTTPResponse {
    var body: Data
    switch response.body {
    case .empty: body = Data()
    case .text(let text): body = Data(text.utf8)
    case .file(let name):
      guard let folder = configuration.fixtures else {
        throw MockServerError.missingFixture(path: name)
      }
      body = try Data(contentsOf: FixturePath.resolve(name, in: folder))
    }
    var headers = FlyingFox.HTTPHeaders()
    for (name, value) in response.headers { headers[FlyingFox.HTTPHeader(name)] = value }
    let status = Self.statusCode(response.status)
    switch response.fault {
    case nil:
      return FlyingFox.HTTPResponse(statusCode: status, headers: headers, body: body)
    case .malformedJSON:
      headers[.contentType] = "application/json"
      return FlyingFox.HTTPResponse(
        statusCode: status, headers: headers, body: Data(#"{"malformed": [1, 2"#.utf8))
    case .emptyBody:
      return FlyingFox.HTTPResponse(statusCode: status, headers: headers, body: Data())
    case .truncatedBody:
      // Declares the whole length, sends half, then closes.
      let sequence = FaultyBody(data: body, cutAfter: body.count / 2)
      return FlyingFox.HTTPResponse(
        statusCode: status, headers: headers,
        body: HTTPBodySequence(from: sequence, count: Swift.max(body.count, 2)))
    case .closeConnection:
      // FlyingFox writes the header before any body, so the closest it can come to "no
      // response" is closing right after the header, before a single body byte.
      let sequence = FaultyBody(data: body.isEmpty ? Data("x".utf8) : body, cutAfter: 0)
      return FlyingFox.HTTPResponse(
        statusCode: status, headers: headers,
        body: HTTPBodySequence(from: sequence, count: Swift.max(body.count, 1)))
    case .trickle(let bytes, let interval):
      let sequence = FaultyBody(data: body, chunkSize: Swift.max(1, bytes), interval: interval)
      return FlyingFox.HTTPResponse(
        statusCode: status, headers: headers,
        body: HTTPBodySequence(
          from: sequence, count: body.count, suggestedBufferSize: Swift.max(1, bytes)))
    }
  }

  private static func json(_ text: String, status: Int) -> FlyingFox.HTTPResponse {
    FlyingFox.HTTPResponse(
      statusCode: Self.statusCode(status), headers: [.contentType: "application/json"],
      body: Data(text.utf8))
  }

  /// A status with its standard reason phrase (`Status` for codes without a common one).
  static func statusCode(_ code: Int) -> HTTPStatusCode {
    let phrases = [
      200: "OK", 201: "Created", 204: "No Content", 400: "Bad Request", 401: "Unauthorized",
      403: "Forbidden", 404: "Not Found", 409: "Conflict", 413: "Content Too Large",
      422: "Unprocessable Content", 426: "Upgrade Required", 429: "Too Many Requests",
      500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
      504: "Gateway Timeout",
    ]
    return HTTPStatusCode(code, phrase: phrases[code] ?? "Status")
  }

  private static func pick(in range: ClosedRange<Duration>) -> Duration {
    guard range.lowerBound < range.upperBound else { return range.lowerBound }
    let span = (range.upperBound - range.lowerBound) / 1_000_000
    return range.lowerBound + span * Int.random(in: 0...1_000_000)
  }
}
