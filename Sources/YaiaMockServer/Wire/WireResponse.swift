#if MockServer  // the trait; without it, TraitRequirement.swift names it
  package import Foundation
  package import YaiaHTTP

  /// A response as the connection writes it: status, header fields, body, and how the body
  /// reaches the wire (whole, slowly, or cut off for the streaming faults).
  package struct WireResponse: Equatable, Sendable {
    /// How the body is written.
    enum Delivery: Equatable, Sendable {
      /// Head and body in one write.
      case whole
      /// The head, then `bytes` of the body at a time with `interval` between them.
      case trickle(bytes: Int, interval: Duration)
      /// The head (declaring the whole length), then the first `bytes` of the body, then the
      /// connection is closed: a truncated body, or none at all.
      case cut(after: Int)
      /// Nothing is written: the connection is reset (TCP RST).
      case reset
      /// These bytes instead of a response, then the connection is closed.
      case raw(Data)
    }

    /// The status.
    package var status: HTTPStatus
    /// Header fields in order; `Content-Length` and `Connection` are added when written.
    package var fields: [(name: String, value: String)]
    /// The body.
    package var body: Data
    var delivery = Delivery.whole
    /// How long to wait before writing anything: a route's `delay`, which the connection sleeps
    /// through as a pause (see ``ConnectionActivity/pausing(since:)``).
    var delay: Duration?

    /// A response written whole.
    package init(status: HTTPStatus, fields: [(name: String, value: String)], body: Data) {
      self.status = status
      self.fields = fields
      self.body = body
    }

    /// A JSON response with `text` as its body.
    static func json(_ text: String, status: HTTPStatus) -> WireResponse {
      WireResponse(
        status: status, fields: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    /// The answer to a request that could not be read: its status and reason as JSON.
    static func failure(_ failure: WireFailure) -> WireResponse {
      let reason = failure.reason.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      return json(#"{"error":"\#(reason)"}"#, status: failure.status)
    }

    /// The status line and header fields, ending with the empty line: what precedes the body.
    /// `keepAlive` says whether the connection stays open after this response.
    package func head(keepAlive: Bool) -> Data {
      var text = "HTTP/1.1 \(status)\r\n"
      for field in fields
      where !["content-length", "connection"].contains(field.name.lowercased()) {
        // A field with a line break would split the head: neither a fixture nor a template
        // filled from the request can forge a field. A name with nothing writable is dropped.
        let name = HTTPHeaders.writableName(field.name)
        guard !name.isEmpty else { continue }
        text += "\(name): \(HTTPHeaders.writableValue(field.value))\r\n"
      }
      if hasBody { text += "Content-Length: \(body.count)\r\n" }
      text += keepAlive ? "" : "Connection: close\r\n"
      text += "\r\n"
      return Data(text.utf8)
    }

    /// Whether the status allows a body (RFC 9110 §6.4.1: not 1xx, 204 or 304); without one,
    /// neither a body nor `Content-Length` is written.
    var hasBody: Bool { !(100..<200).contains(status.code) && status != 204 && status != 304 }

    package static func == (lhs: WireResponse, rhs: WireResponse) -> Bool {
      lhs.status == rhs.status && lhs.fields.map(\.name) == rhs.fields.map(\.name)
        && lhs.fields.map(\.value) == rhs.fields.map(\.value) && lhs.body == rhs.body
        && lhs.delivery == rhs.delivery && lhs.delay == rhs.delay
    }
  }
#endif
