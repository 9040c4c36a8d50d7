#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  extension OpenAPIDocument {
    /// A route per operation, answering with its first success response: the documented
    /// example, or a value generated from the schema. Every other documented status is a
    /// scenario named by its code, so `X-Mock-Scenario: 404` answers with the 404's example.
    ///
    /// ```swift
    /// let server = MockServer(routes: try manifest.routes + spec.routes())  // the manifest overrides
    /// ```
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
          var answer = mockResponse(response, sampler: &sampler)
          // `default` beside a success stands for the statuses not documented: served as the
          // first error status the operation leaves to it, not as the success's 200.
          if response.status == "default" {
            // Neither documented itself nor in a documented class (`5XX`), which a check would
            // match first.
            let documented = Set(operation.responses.map { $0.status.uppercased() })
            let code =
              [500, 400, 503, 502, 422, 409, 418].first {
                !documented.contains("\($0)") && !documented.contains("\($0 / 100)XX")
              } ?? 599
            answer.status = HTTPStatus(code)
          }
          scenarios[response.status] = .single(answer)
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
      operation(method: request.method, path: request.path)
    }

    /// How `request` breaks its operation (``problems(with:)-(OpenAPIRequest)``): `nil` when
    /// no operation matches it, empty when it conforms.
    public func problems(with request: MockRequest) -> [String]? {
      problems(with: OpenAPIRequest(request))
    }
  }

  extension OpenAPIRequest {
    /// The request the mock server received, as a description checks it.
    public init(_ request: MockRequest) {
      // A request made by hand may name its query only as a dictionary: written out then.
      var rawQuery = request.rawQuery
      if rawQuery.isEmpty, !request.query.isEmpty {
        rawQuery = request.query.sorted { $0.key < $1.key }.map { name, value in
          Self.encoded(name) + "=" + Self.encoded(value)
        }.joined(separator: "&")
      }
      self.init(
        method: request.method, path: request.path, rawQuery: rawQuery,
        headers: request.headers, body: request.body)
    }

    private static func encoded(_ text: String) -> String {
      text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
  }

  extension OpenAPIOperation {
    /// The operation's path as a route pattern (`/pets/:petId`), its literal segments matched
    /// as written.
    public var pattern: RoutePattern { RoutePattern(template) }
  }

  extension RoutePattern {
    /// The pattern of an OpenAPI path template: its literals matched as written (a `:b` or `*`
    /// segment included), shown in route syntax.
    init(_ template: PathTemplate) {
      self.init(
        segments: template.segments.map { segment in
          switch segment {
          case .literal(let text): .literal(text)
          case .parameter(let name): .parameter(name)
          }
        }, text: template.routeText)
    }
  }
#endif
