#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  public import YaiaHTTP

  /// An app's requests checked against the API's description, in a plain unit test: no server,
  /// no network.
  ///
  /// ```swift
  /// @Test func requestsMatchTheAPI() throws {
  ///   let contract = try RequestContract(
  ///     contentsOf: URL(fileURLWithPath: "api.openapi.yaml"),
  ///     baseURL: try #require(URL(string: "https://api.example.com")))
  ///   #expect(contract.problems(with: ShopAPI.product(id: 7)) == [])
  /// }
  /// ```
  ///
  /// For each request it names the operation it is for, or says that none is (with the
  /// closest paths); a parameter missing, sent in a way its declared style does not read, or
  /// breaking its schema; a body of the wrong media type or breaking its schema, or sent to an
  /// operation that takes none. Then it decodes the operation's documented example, a sample
  /// generated from its schema, and the least answer the schema allows (only what it requires,
  /// at every depth) with the request's own decoding, and names the field a model cannot read,
  /// so that a model that fails on the real API fails here first.
  public struct RequestContract: Sendable {
    /// The description requests are checked against.
    public let document: OpenAPIDocument
    /// The base URL the app sends requests to; its path is the prefix of every operation's.
    public let baseURL: URL
    /// Whether a query item or header the operation does not describe is a problem (with the
    /// closest described name); on by default: what the app sends that the API never reads is
    /// drift, as a missing parameter is. Headers every client sends and API keys' names are
    /// described by nature.
    public var strict = true

    /// A contract for requests sent to `baseURL` and described by `document`.
    public init(_ document: OpenAPIDocument, baseURL: URL) {
      self.document = document
      self.baseURL = baseURL
    }

    /// A contract for the description in `file`.
    public init(contentsOf file: URL, baseURL: URL) throws(OpenAPIError) {
      self.init(try OpenAPIDocument.load(from: file), baseURL: baseURL)
    }

    /// How `request` breaks the description, each problem naming the request and the
    /// operation; empty when it conforms. `decoder` is the one the app's client decodes with.
    public func problems<Sent: ClientRequest>(
      with request: Sent, decoder: JSONDecoder = JSONDecoder()
    ) -> [RequestProblem] {
      let sent = request.summary
      func problem(_ operation: String?, _ message: String) -> RequestProblem {
        RequestProblem(request: sent, operation: operation, message: message)
      }
      let wire: HTTPRequest
      do {
        wire = try request.wire(relativeTo: baseURL)
      } catch {
        return [problem(nil, "cannot be sent: \(error)")]
      }
      let path = wire.path
      guard let (operation, _) = document.operation(method: wire.method, path: path) else {
        let closest = document.closestPaths(to: path)
        let same = document.operations.filter { $0.template.match(path) != nil }
        if !same.isEmpty {
          let methods = same.map(\.method.rawValue).joined(separator: ", ")
          return [
            problem(
              nil, "the description has \(methods) for \(same[0].path), not \(wire.method)")
          ]
        }
        return [
          problem(
            nil,
            "no operation of the description has the path \(path)"
              + (closest.isEmpty ? "" : " (closest: \(closest.joined(separator: ", ")))"))
        ]
      }
      var problems = (document.problems(with: wire, strict: strict) ?? []).map {
        problem(operation.name, $0)
      }
      if !wire.body.isEmpty, operation.bodyMediaTypes.isEmpty {
        problems.append(problem(operation.name, "sends a body; the operation describes none"))
      }
      problems += answerProblems(request, operation: operation, decoder: decoder).map {
        problem(operation.name, $0)
      }
      return problems
    }

    /// Whether the model `request` decodes can read its operation's documented success
    /// answer: the example, and a sample of the schema.
    private func answerProblems(
      _ request: some ClientRequest, operation: OpenAPIOperation, decoder: JSONDecoder
    ) -> [String] {
      guard request.readsJSONAnswer else { return [] }
      let successes = operation.responses.filter { $0.status.hasPrefix("2") }
      guard let success = successes.min(by: { $0.status < $1.status }) else {
        return ["decodes JSON; the operation documents no success answer"]
      }
      guard success.hasJSONBody else {
        return ["decodes JSON; the \(success.status) answer documents no JSON body"]
      }
      var answers: [(String, JSONValue)] = []
      if let example = success.example { answers.append(("example", example)) }
      var sampler = SchemaSampler(schemas: document.schemas)
      if let schema = success.schema, let sample = sampler.sampleResponse(schema) {
        answers.append(("sample of the schema", sample))
        // The least answer too: a property the description leaves optional is absent from
        // it at every depth, so a model is judged the same at the top and nested inside.
        if let least = sampler.sampleRequiredOnly(schema), least.text() != sample.text() {
          answers.append(("sample of the schema with only its required fields", least))
        }
      }
      var problems: [String] = []
      for (what, value) in answers {
        do {
          try request.readAnswer(Data(value.text().utf8), decoder: decoder)
        } catch {
          problems.append(
            "the model cannot read the \(success.status) answer's \(what): \(Self.describe(error))")
        }
      }
      return problems
    }

    /// A decoding error as a field and a reason: `at items[0].price: expected Double, found a
    /// string`.
    static func describe(_ error: any Error) -> String {
      func place(_ path: [any CodingKey]) -> String {
        let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
          .joined()
        return text.isEmpty ? "the top" : String(text.drop { $0 == "." })
      }
      switch error {
      case DecodingError.keyNotFound(let key, let context):
        return "at \(place(context.codingPath + [key])): the field is missing"
      case DecodingError.typeMismatch(let type, let context):
        return "at \(place(context.codingPath)): expected \(type), \(context.debugDescription)"
      case DecodingError.valueNotFound(let type, let context):
        return "at \(place(context.codingPath)): expected \(type), found null"
      case DecodingError.dataCorrupted(let context):
        return "at \(place(context.codingPath)): \(context.debugDescription)"
      default:
        return "\(error)"
      }
    }
  }

  /// One way an app's request breaks the description.
  public struct RequestProblem: Hashable, Sendable, CustomStringConvertible {
    /// The request as the app writes it: `GET /speakers/:id`.
    public var request: String
    /// The operation it is for (its `operationId`, or `GET /speakers/{id}`); `nil` when none is.
    public var operation: String?
    /// What is wrong.
    public var message: String

    public var description: String {
      "\(request)\(operation.map { " (\($0))" } ?? ""): \(message)"
    }
  }
#endif
