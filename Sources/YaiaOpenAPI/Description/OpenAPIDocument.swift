#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia
  import YaiaToolSupport

  /// An OpenAPI description (3.0 or 3.1, or Swagger 2.0; YAML or JSON): its operations and
  /// schemas, read to check requests and answers against it, and to sample answers it documents
  /// no example for.
  ///
  /// ```swift
  /// let spec = try OpenAPIDocument.load(from: URL(fileURLWithPath: "shop.yaml"))
  /// spec.problems(with: HTTPRequest(method: .get, path: "/pets?limit=ten"))
  /// // ["the query parameter limit: expected integer, found string \"ten\""]
  /// ```
  ///
  /// Reading is bounded and offline: `$ref`s are followed only inside the document, with a
  /// depth budget; the file may hold at most ``largestFile`` bytes; YAML aliases spend the same
  /// budget as the text they stand for.
  public struct OpenAPIDocument: Sendable {
    /// `info.title`.
    public var title: String
    /// `openapi`, such as `3.0.3`, or `swagger`: `2.0`.
    public var version: String
    /// The operations, concrete paths before templated ones (as OpenAPI matches them).
    public var operations: [OpenAPIOperation]
    /// The schemas `$ref`s name, by pointer.
    package let schemas: [String: JSONSchema]
    /// What the description holds that is not honoured, each with its file and line: a
    /// `pattern` outside the regular-expression subset the server reads (not checked), or one no sample
    /// of its schema's lengths matches. The server says these once, when it loads the
    /// description; at most 100.
    public let notes: [String]
    /// The names API keys are sent under, which every operation takes.
    let credentials: Credentials

    /// The names, lower-cased, that the description's `apiKey` schemes send keys under (query
    /// items and headers): what a journal or a recording hides beside the names it knows.
    package var credentialNames: Set<String> {
      Set(credentials.query.map { $0.lowercased() }).union(credentials.headers)
    }

    /// Query items and headers an `apiKey` security scheme names.
    struct Credentials: Sendable {
      var query: Set<String> = []
      /// Lower-cased.
      var headers: Set<String> = []
    }

    /// Headers any HTTP client or proxy sends, which no description lists: never reported as
    /// undescribed (lower-cased).
    static let standardHeaders: Set<String> = [
      "accept", "accept-charset", "accept-encoding", "accept-language", "authorization",
      "cache-control", "connection", "content-encoding", "content-language", "content-length",
      "content-type", "cookie", "date", "dnt", "expect", "forwarded", "host", "if-match",
      "if-modified-since", "if-none-match", "if-range", "if-unmodified-since", "keep-alive",
      "origin", "pragma", "priority", "proxy-authorization", "range", "referer", "te",
      "traceparent", "tracestate", "trailer", "transfer-encoding", "upgrade", "user-agent", "via",
      "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip",
    ]

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

    /// The operation a request with `method` for `path` (percent-encoded, without its query)
    /// is for, with its path parameters decoded; `nil` when none is. A `HEAD` request is for a
    /// `GET` operation when no `HEAD` one is described.
    public func operation(method: HTTPMethod, path: String) -> (OpenAPIOperation, [String: String])?
    {
      for operation in operations {
        guard operation.method == method || (operation.method == .get && method == .head)
        else { continue }
        if let parameters = operation.template.match(path) {
          return (operation, parameters)
        }
      }
      return nil
    }

    /// The three paths of the description nearest to `path` (in route syntax, `/pets/:id`, or
    /// as sent), by edit distance: what a "no such operation" message suggests.
    public func closestPaths(to path: String) -> [String] {
      let target = Array(path)
      var seen: Set<String> = []
      var ranked: [(path: String, distance: Int)] = []
      for operation in operations where seen.insert(operation.path).inserted {
        let candidate = Array(operation.template.routeText)
        ranked.append((operation.path, EditDistance.between(target, candidate)))
      }
      ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.path < $1.path }
      return ranked.prefix(3).map(\.path)
    }

    /// How `request` breaks its operation: a parameter missing, sent in a way its style does
    /// not read, or breaking its schema; a body missing, sent as a media type the operation
    /// does not take, or breaking its schema. `nil` when no operation matches the request (a
    /// 404's business, not this check's); empty when it conforms.
    public func problems(with request: HTTPRequest) -> [String]? {
      problems(with: request, strict: false)
    }

    /// How `request` breaks its operation, as `problems(with:)` says; with `strict`, also
    /// every query item and header the operation does not describe (each with the closest
    /// described name, when one is near), as a contract test wants: a header the app adds
    /// that the server never reads is drift too. Headers every client sends (`Accept`,
    /// `User-Agent`, `Authorization`…) and the names of `apiKey` security schemes are
    /// described by nature.
    public func problems(with request: HTTPRequest, strict: Bool) -> [String]? {
      guard let (operation, pathParameters) = operation(method: request.method, path: request.path)
      else { return nil }
      var problems: [String] = []
      var validator = SchemaValidator(schemas: schemas)
      let query = QueryPairs.of(request.rawQuery)
      for parameter in operation.parameters {
        // A parameter inside a segment of text (`{name}.json`) is not captured by name: the
        // path matched, so it was sent, and its value is not checked.
        if parameter.location == .path, pathParameters[parameter.name] == nil { continue }
        let what =
          "the \(parameter.location.rawValue) parameter \(ParameterValue.shown(parameter.name))"
        /// The schema's faults in `value`, placed: `$.min` is shown as `at min`.
        func check(_ value: JSONValue, against schema: JSONSchema?) {
          guard let schema else { return }
          for violation in validator.violations(of: value, against: schema) {
            let inside = violation.path.dropFirst(violation.path.hasPrefix("$.") ? 2 : 1)
            let place = inside.isEmpty ? "" : " at \(inside)"
            problems.append("\(what)\(place): \(violation.reason)")
          }
        }
        switch ParameterValue.read(
          parameter, pathParameters: pathParameters, query: query, headers: request.headers,
          schemas: schemas)
        {
        case .absent:
          if parameter.isRequired { problems.append("\(what) is required") }
        case .problem(let reason):
          problems.append(reason)
        case .value(let value):
          check(value, against: parameter.schema)
        case .chosen(let value, let choice):
          check(value, against: choice)
        }
      }
      problems += undeclaredQueryProblems(query, operation: operation, strict: strict)
      if strict { problems += undeclaredHeaderProblems(request.headers, operation: operation) }
      problems += bodyProblems(request, operation: operation, validator: &validator)
      return problems
    }

    /// A query item the operation does not describe, when its name is one letter or two from a
    /// parameter it does describe: a misspelt filter (`?limt=5`) that the real server would
    /// ignore in silence. Other undescribed items (a cache buster, a tracking tag) pass unless
    /// `strict`: servers take them, and a lenient server that refused them would refuse working
    /// apps.
    private func undeclaredQueryProblems(
      _ query: [(name: String, rawValue: String)], operation: OpenAPIOperation, strict: Bool
    ) -> [String] {
      let described = operation.parameters.filter { $0.location == .query }
      // An exploded form object sends its members as items of their own: any name may be one.
      guard
        !described.contains(where: {
          $0.style == .form && $0.explode && $0.schema?.types?.contains(.object) == true
        })
      else { return [] }
      let names = Set(described.map(\.name))
      var problems: [String] = []
      var seen: Set<String> = []
      for (name, _) in query where seen.insert(name).inserted {
        // `filter[min]` belongs to `filter` (deepObject); `tags[]` to `tags`.
        let base = String(name.prefix { $0 != "[" })
        guard !names.contains(base), !names.contains(name), !credentials.query.contains(name),
          problems.count < 50
        else { continue }
        let closest = base.count <= 100 ? Self.closest(to: base, among: names) : nil
        guard strict || closest != nil else { continue }
        problems.append(
          "the query parameter \(ParameterValue.shown(name)) is not described"
            + (closest.map { "; did you mean \(ParameterValue.shown($0))?" } ?? ""))
      }
      return problems
    }

    /// Each header `headers` holds that the operation does not describe, is no header every
    /// client sends, and names no API key; with the closest described header when one is near.
    private func undeclaredHeaderProblems(
      _ headers: HTTPHeaders, operation: OpenAPIOperation
    ) -> [String] {
      let described = Set(
        operation.parameters.filter { $0.location == .header }.map { $0.name.lowercased() })
      var problems: [String] = []
      var seen: Set<String> = []
      for name in headers.fields.map(\.name) where problems.count < 50 {
        let lowered = name.lowercased()
        guard seen.insert(lowered).inserted else { continue }
        guard !described.contains(lowered), !Self.standardHeaders.contains(lowered),
          !credentials.headers.contains(lowered)
        else { continue }
        let closest = lowered.count <= 100 ? Self.closest(to: lowered, among: described) : nil
        problems.append(
          "the header \(ParameterValue.shown(name)) is not described"
            + (closest.map { "; did you mean \(ParameterValue.shown($0))?" } ?? ""))
      }
      return problems
    }

    /// The name in `names` one letter or two from `name` (a third of its length at most),
    /// first in order; `nil` when none is that near.
    private static func closest(to name: String, among names: Set<String>) -> String? {
      names.filter {
        EditDistance.between(Array(name), Array($0)) <= min(2, max(1, $0.count / 3))
      }.sorted().first
    }

    /// What is wrong with `request`'s body for `operation`.
    private func bodyProblems(
      _ request: HTTPRequest, operation: OpenAPIOperation, validator: inout SchemaValidator
    ) -> [String] {
      guard !request.body.isEmpty else {
        return operation.requiresBody ? ["the request needs a body"] : []
      }
      let taken = operation.bodyMediaTypes
      guard !taken.isEmpty else { return [] }  // no body described: not this check's business
      let list = taken.joined(separator: ", ")
      guard let header = request.headers["Content-Type"] else {
        return ["the body is sent without a Content-Type; the operation takes \(list)"]
      }
      let sent = OpenAPIReader.mediaType(header)
      guard let match = taken.first(where: { Self.mediaType($0, covers: sent) }) else {
        return [
          "the body is sent as \(VisibleText.escaped(sent, atMost: 100)); the operation takes \(list)"
        ]
      }
      if sent == "application/x-www-form-urlencoded" || sent == "multipart/form-data" {
        guard let schema = operation.formSchema ?? operation.bodySchema else { return [] }
        // A form is checked as the value its schema describes, field by field.
        let fields =
          sent == "multipart/form-data"
          ? FormBody.multipartFields(request.body, contentType: header)
          : FormBody.urlEncodedFields(request.body)
        switch fields {
        case .failure(let problem):
          return ["the body is not a form: \(problem.reason)"]
        case .success(let fields):
          let encodings = operation.formEncodings[sent] ?? [:]
          var problems: [String] = []
          // A part of a declared content type sent as another (`icon` as text, not a PNG).
          for field in fields where sent == "multipart/form-data" {
            guard let declared = encodings[field.path[0]]?.contentType,
              !FormBody.partType(field.type, isOneOf: declared)
            else { continue }
            problems.append(
              "the body's part \(VisibleText.escaped(field.path[0], atMost: 80)) is sent as \(VisibleText.escaped(field.type ?? "text/plain", atMost: 80)); the description takes \(VisibleText.escaped(declared, atMost: 120))"
            )
          }
          let value = FormBody.value(
            of: fields, schema: schema, schemas: schemas, encodings: encodings,
            multipart: sent == "multipart/form-data")
          return problems
            + validator.violations(of: value, against: schema).map {
              "the body at \(VisibleText.escaped($0.path, atMost: 200)): \($0.reason)"
            }
        }
      }
      guard OpenAPIReader.isJSON(match) || OpenAPIReader.isJSON(sent),
        let schema = operation.bodySchema
      else { return [] }
      do throws(JSONSyntaxError) {
        let value = try JSONReader.parse(request.body, limits: OpenAPIReader.limits)
        return validator.violations(of: value, against: schema).map {
          "the body at \(VisibleText.escaped($0.path, atMost: 200)): \($0.reason)"
        }
      } catch {
        if error.overBudget { return ["the body is too large to check: \(error.reason)"] }
        return ["the body is not JSON"]
      }
    }

    /// Whether a described media range (`application/json`, `image/*`, `*/*`) takes `sent`.
    static func mediaType(_ range: String, covers sent: String) -> Bool {
      if range == sent || range == "*/*" { return true }
      if range.hasSuffix("/*") { return sent.hasPrefix(range.dropLast()) }
      return false
    }
  }
#endif
