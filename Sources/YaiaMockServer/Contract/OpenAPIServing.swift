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
        route.pattern = operation.template
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
    public func operation(for request: HTTPRequest) -> (OpenAPIOperation, [String: String])? {
      operation(method: request.method, path: request.path)
    }
  }

  extension OpenAPIOperation {
    /// The operation's path template: the same value as ``OpenAPIOperation/template``, which
    /// a route's pattern now is too.
    @available(*, deprecated, renamed: "template")
    public var pattern: PathTemplate { template }
  }
#endif
