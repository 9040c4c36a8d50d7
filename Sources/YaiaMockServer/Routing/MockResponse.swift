#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// What a mock route answers: a status, headers, a body, and optionally a delay or a fault.
  public struct MockResponse: Hashable, Sendable {
    /// Where the body comes from.
    public enum Body: Hashable, Sendable {
      /// No body.
      case empty
      /// Text written in the manifest or in code.
      case text(String)
      /// A file in the fixtures folder, named relative to it.
      case file(String)
    }

    /// A way to misbehave on purpose, to test the app's edge.
    public enum Fault: Hashable, Sendable {
      /// Send JSON that does not parse.
      case malformedJSON
      /// Send no body whatever the response says.
      case emptyBody
      /// Declare a longer `Content-Length` than the body sent, then close.
      case truncatedBody
      /// Close the connection before any body byte. (The status line and headers are written
      /// first, so a client sees a connection lost mid-response.)
      case closeConnection
      /// Send the body `bytes` at a time, waiting `interval` between chunks.
      case trickle(bytes: Int, interval: Duration)
      /// Reset the connection (a TCP RST) before writing anything: what a crashed backend or a
      /// proxy dropping the connection looks like to the client.
      case resetConnection
      /// Send bytes that are not an HTTP response at all (a broken status line and header), then
      /// close.
      case malformedResponse
    }

    /// The status code.
    public var status: HTTPStatus
    /// Header fields.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body
    /// How long to wait before answering; a range for a random delay.
    public var delay: ClosedRange<Duration>?
    /// A fault to inject, if any.
    public var fault: Fault?
    /// Whether the body and header values are ``ResponseTemplate``s, filled from each request
    /// (`{{request.path.id}}`, `{{uuid}}`); off by default, so a fixture that happens to hold
    /// `{{` is sent as it is.
    public var isTemplate: Bool
    /// Whether the response breaks the API's description on purpose (`off-contract: true`): a
    /// body of an unexpected shape that tests the app's handling of a backend gone wrong. A
    /// contract check leaves it out and says so, instead of reporting it.
    public var isOffContract: Bool

    /// Where the response was written, for messages; not part of its value.
    package var lines = SourceLines()

    /// Creates a response.
    public init(
      status: HTTPStatus = 200, headers: HTTPHeaders = [:], body: Body = .empty,
      delay: ClosedRange<Duration>? = nil, fault: Fault? = nil, isTemplate: Bool = false,
      isOffContract: Bool = false
    ) {
      self.isOffContract = isOffContract
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.fault = fault
      self.isTemplate = isTemplate
    }

    /// A JSON response with `text` as its body.
    public static func json(_ text: String, status: HTTPStatus = 200) -> MockResponse {
      MockResponse(
        status: status, headers: [HTTPHeaderName.contentType: "application/json"], body: .text(text)
      )
    }
  }

  /// The responses of a route or of one of its scenarios: one response, or a sequence played in
  /// order (503, 503, then 200), its last response repeating.
  public enum MockResponses: Hashable, Sendable {
    /// Always this response.
    case single(MockResponse)
    /// These responses in turn; after the last, the last again.
    case sequence([MockResponse])
  }
#endif
