#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia

  /// An OpenAPI 3 description (YAML or JSON), read for the mock server: to serve every operation
  /// with its example, to refuse requests that do not match it, and to check fixtures against
  /// it.
  ///
  /// ```swift
  /// let spec = try OpenAPIDocument.load(from: URL(fileURLWithPath: "shop.yaml"))
  /// let server = MockServer(routes: try manifest.routes + spec.routes())  // the manifest overrides
  /// ```
  ///
  /// Reading is bounded and offline: `$ref`s are followed only inside the document, with a
  /// depth budget; the file may hold at most ``largestFile`` bytes; YAML aliases spend the same
  /// budget as the text they stand for.
  public struct OpenAPIDocument: Sendable {
    /// `info.title`.
    public var title: String
    /// `openapi`, such as `3.0.3`.
    public var version: String
    /// The operations, concrete paths before templated ones (as OpenAPI matches them).
    public var operations: [OpenAPIOperation]
    /// The schemas `$ref`s name, by pointer.
    let schemas: [String: JSONSchema]

    /// The largest description read: 16 MiB.
    public static let largestFile = 16 << 20

    /// Reads the description at `file`.
    public static func load(from file: URL) throws(OpenAPIError) -> OpenAPIDocument {
      let read: [UInt8]?
      do {
        read = try OutsideFile.read(file.path, atMost: largestFile)
      } catch .tooLarge {
        throw OpenAPIError(
          file: file.path, line: 0,
          reason: "is larger than \(largestFile) bytes, the most a description may hold")
      } catch {
        throw OpenAPIError(file: file.path, line: 0, reason: "cannot be read: \(error.description)")
      }
      guard let read else {
        throw OpenAPIError(file: file.path, line: 0, reason: "cannot be read: no such file")
      }
      guard let text = String(validating: read, as: UTF8.self) else {
        throw OpenAPIError(file: file.path, line: 0, reason: "cannot be read as UTF-8 text")
      }
      return try parse(text, file: file.path)
    }

    /// Reads description `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(OpenAPIError) -> OpenAPIDocument {
      var reader = try OpenAPIReader(text: text, file: file)
      return try reader.document()
    }

    /// A route per operation, answering with its first success response: the documented
    /// example, or a value generated from the schema. Every other documented status is a
    /// scenario named by its code, so `X-Mock-Scenario: 404` answers with the 404's example.
    public func routes() -> [MockRoute] {
      var routes: [MockRoute] = []
      // One meter for the whole description: what every sample holds together is bounded.
      var sampler = SchemaSampler(schemas: schemas)
      for operation in operations {
        guard !operation.responses.isEmpty else { continue }
        let success =
          operation.responses.filter { $0.status.hasPrefix("2") }.min { $0.status < $1.status }
          ?? operation.responses[0]
        var scenarios: [String: MockResponses] = [:]
        for response in operation.responses where response.status != success.status {
          scenarios[response.status] = .single(mockResponse(response, sampler: &sampler))
        }
        // The operation's own pattern, not one read again from its text: a literal `:b` or
        // `*` segment of the description would read as a parameter or a wildcard (or, in the
        // middle of a path, not read at all and leave the operation unserved).
        guard
          var route = try? MockRoute(
            operation.method, "/", name: operation.name,
            responses: .single(mockResponse(success, sampler: &sampler)), scenarios: scenarios)
        else { continue }
        route.pattern = operation.pattern
        routes.append(route)
      }
      return routes
    }

    /// The answer for a documented response.
    private func mockResponse(
      _ response: OpenAPIOperation.Response, sampler: inout SchemaSampler
    ) -> MockResponse {
      let code =
        Int(response.status)
        ?? (response.status == "default" ? 200 : (Int(response.status.prefix(1)) ?? 2) * 100)
      let status = HTTPStatus(code)
      guard response.hasJSONBody, status != 204, status != 304 else {
        return MockResponse(status: status)
      }
      let body = response.example ?? response.schema.flatMap { sampler.sampleResponse($0) }
      return MockResponse(
        status: status, headers: [HTTPHeaderName.contentType: response.mediaType],
        body: .text(body?.text() ?? "{}"))
    }

    /// The operation `request` is for, with its path parameters; `nil` when none is.
    public func operation(for request: MockRequest) -> (OpenAPIOperation, [String: String])? {
      for operation in operations {
        guard
          operation.method == request.method
            || (operation.method == .get && request.method == .head)
        else { continue }
        if let parameters = operation.pattern.match(request.path) {
          return (operation, parameters)
        }
      }
      return nil
    }

    /// How `request` breaks its operation: a missing or mistyped parameter, a missing body, a
    /// body that breaks its schema. `nil` when no operation matches the request (a 404's
    /// business, not this check's); empty when it conforms.
    public func problems(with request: MockRequest) -> [String]? {
      guard let (operation, parameters) = operation(for: request) else { return nil }
      var problems: [String] = []
      var validator = SchemaValidator(schemas: schemas)
      for parameter in operation.parameters {
        let value: String?
        switch parameter.location {
        case .path:
          // A parameter inside a segment of text (`{name}.json`) is not captured by name: the
          // path matched, so it was sent, and its value is not checked.
          guard parameters[parameter.name] != nil else { continue }
          value = parameters[parameter.name]
        case .query: value = request.query[parameter.name]
        case .header: value = request.headers[parameter.name]
        case .cookie: continue
        }
        guard let value else {
          if parameter.isRequired {
            problems.append(
              "the \(parameter.location.rawValue) parameter \(parameter.name) is required")
          }
          continue
        }
        if let schema = parameter.schema {
          let typed = Self.parameterValue(value, schema: schema, schemas: schemas)
          for violation in validator.violations(of: typed, against: schema) {
            problems.append(
              "the \(parameter.location.rawValue) parameter \(parameter.name): \(violation.reason)")
          }
        }
      }
      if request.body.isEmpty {
        if operation.requiresBody { problems.append("the request needs a body") }
      } else if let schema = operation.bodySchema {
        var budget = InputBudget(OpenAPIReader.limits)
        if let json = RequestBody.json(request.body) {
          do throws(InputBudget.Exceeded) {
            let value = try LocatedJSON(any: json, budget: &budget)
            for violation in validator.violations(of: value, against: schema) {
              problems.append("the body at \(violation.path): \(violation.reason)")
            }
          } catch {
            problems.append("the body is too large to check: \(error)")
          }
        } else {
          problems.append("the body is not JSON")
        }
      }
      return problems
    }

    /// A parameter's text as the JSON value its schema expects: `7` as a number for an integer
    /// parameter, `true` as a boolean; text stays text.
    static func parameterValue(_ text: String, schema: JSONSchema, schemas: [String: JSONSchema])
      -> LocatedJSON
    {
      var resolved = schema
      var hops = 0
      while let reference = resolved.reference, let next = schemas[reference], hops < 32 {
        resolved = next
        hops += 1
      }
      let types = resolved.types ?? []
      if types.contains(.integer) || types.contains(.number), let number = Double(text),
        number.isFinite
      {
        return LocatedJSON(.number(number))
      }
      if types.contains(.boolean), text == "true" || text == "false" {
        return LocatedJSON(.bool(text == "true"))
      }
      return LocatedJSON(.string(text))
    }
  }
#endif
