#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  package import Yaia
  import Yams

  /// Reads an OpenAPI 3 or Swagger 2.0 description (YAML or JSON) into operations and schemas,
  /// naming the line of every problem.
  ///
  /// A Swagger 2.0 description is read into the same operations as its OpenAPI 3 conversion
  /// would be: `basePath` is the base of every path, `definitions` are the schemas, a `body`
  /// parameter is the request body (sent as the operation's `consumes`, else the document's,
  /// else JSON), `formData` parameters make a form body, a response's `schema` is its JSON
  /// body when it `produces` JSON, and `collectionFormat` is the matching style (`csv`,
  /// `ssv`, `pipes`, `multi`; a `tsv` list is checked as text).
  ///
  /// `$ref`s are followed only within the document (`#/components/...`): a reference to another
  /// file or a URL is refused, so reading a description never touches the disk beyond it or the
  /// network. Chains of references are followed to a depth, and loops are reported; schemas are
  /// linked rather than copied, so a recursive schema costs nothing to read. The whole document
  /// spends one ``InputBudget``, so YAML aliases cannot multiply its size.
  package struct OpenAPIReader {
    let file: String
    private let root: Node
    /// The component schemas by name (`#/components/schemas/NAME`), indexed once: a mapping's
    /// lookup by key is a search, and a description with thousands of schemas each referenced
    /// once would otherwise cost their square (42 s for 10,000).
    private let componentSchemas: [String: Node]
    /// Whether the document is Swagger 2.0 (`swagger: "2.0"`), whose schemas are
    /// `#/definitions/NAME`.
    private let isSwagger: Bool
    private var budget = InputBudget(OpenAPIReader.limits)
    /// Schemas read so far, by pointer.
    private(set) var schemas: [String: JSONSchema] = [:]
    /// Pointers named by a `$ref` and not yet read.
    private var pending: [(pointer: String, line: Int)] = []
    /// What the description holds that is not honoured, by line: a `pattern` that does not
    /// read, or that no text of its schema's lengths matches.
    private var notes: [Int: String] = [:]
    /// The most notes kept: a description with thousands of one pattern says so a few times.
    static let mostNotes = 100
    /// Whether a sample was found for each pattern and lengths already checked, so that a
    /// pattern used by a thousand schemas is sampled once.
    private var sampled: [String: Bool] = [:]
    /// The most distinct patterns and lengths sampled at load; past it a pattern is read and
    /// checked, and not sampled until a response needs it.
    static let mostSampledPatterns = 500

    /// What one description may cost to read: 64 levels deep, 2,000,000 values, 64 MiB of text.
    package static let limits = InputBudget.Limits(depth: 64, bytes: 64 << 20, elements: 2_000_000)
    /// The longest chain of `$ref`s to a parameter, response or body.
    static let longestReferenceChain = 32
    /// The methods a path item may hold.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    init(text: String, file: String) throws(OpenAPIError) {
      self.file = file
      do {
        // JSON's escaped UTF-16 halves, which YAML refuses, as whole characters first.
        guard let root = try Yams.compose(yaml: SurrogateEscapes.rewritten(text)) else {
          throw OpenAPIError(file: file, line: 1, reason: "the description is empty")
        }
        self.root = root
        var index: [String: Node] = [:]
        let isSwagger = Self.member("swagger", of: root) != nil
        let schemasNode =
          isSwagger
          ? Self.member("definitions", of: root)
          : Self.member("components", of: root).flatMap { Self.member("schemas", of: $0) }
        if case .mapping(let schemas)? = schemasNode {
          for (key, value) in schemas {
            if let name = key.string, index[name] == nil { index[name] = value }
          }
        }
        self.componentSchemas = index
        self.isSwagger = isSwagger
      } catch let error as OpenAPIError {
        throw error
      } catch let error as YamlError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
          .composer(_, let problem, let mark, _):
          throw OpenAPIError(
            file: file, line: mark.line, reason: "not valid YAML or JSON: \(problem)")
        default:
          throw OpenAPIError(file: file, line: 0, reason: "not valid YAML or JSON: \(error)")
        }
      } catch {
        throw OpenAPIError(file: file, line: 0, reason: "not valid YAML or JSON: \(error)")
      }
    }

    func error(_ node: Node?, _ reason: String) -> OpenAPIError {
      OpenAPIError(file: file, line: node?.mark?.line ?? 0, reason: reason)
    }

    /// The document: its title, operations and schemas.
    mutating func document() throws(OpenAPIError) -> OpenAPIDocument {
      guard case .mapping = root else { throw error(root, "an OpenAPI description is a mapping") }
      let version: String
      if isSwagger {
        guard let swagger = root["swagger"]?.string, swagger == "2.0" else {
          throw error(
            root["swagger"], "expected `swagger: \"2.0\"`, the one Swagger version there is")
        }
        version = swagger
      } else {
        guard let openapi = root["openapi"]?.string, openapi.hasPrefix("3.") else {
          throw error(
            root["openapi"] ?? root, "expected `openapi: 3.x`, or `swagger: \"2.0\"`")
        }
        version = openapi
      }
      let title = root["info"]?["title"]?.string ?? ""
      let base = try isSwagger ? swaggerBasePath() : basePath()
      var operations: [OpenAPIOperation] = []
      if let paths = root["paths"] {
        guard case .mapping(let items) = paths else {
          throw error(paths, "`paths` must be a mapping")
        }
        for (key, item) in items {
          guard let path = key.string, path.hasPrefix("/") else {
            throw error(key, "a path starts with /: `\(VisibleText.escaped(key.string ?? "?"))`")
          }
          let resolvedItem = try resolve(item, what: "path item")
          let shared = try parameters(resolvedItem["parameters"])
          guard case .mapping(let members) = resolvedItem else {
            throw error(item, "a path item must be a mapping of methods")
          }
          for (methodKey, operationNode) in members {
            guard let method = methodKey.string?.lowercased(), Self.methods.contains(method) else {
              continue
            }
            operations.append(
              try operation(
                method: method, path: path, base: base, node: operationNode, item: resolvedItem,
                shared: shared))
          }
        }
      }
      // Every schema a `$ref` named, read once; a schema's own references add to the list.
      while let next = pending.popLast() {
        guard schemas[next.pointer] == nil else { continue }
        guard let node = try pointed(next.pointer, line: next.line) else {
          throw OpenAPIError(
            file: file, line: next.line,
            reason: "`$ref: \(next.pointer)` names nothing in the document")
        }
        schemas[next.pointer] = JSONSchema()  // a placeholder while it is read: loops end here
        schemas[next.pointer] = try schema(node)
      }
      checkExamples(&operations)
      return OpenAPIDocument(
        title: title, version: version, operations: Self.ordered(operations), schemas: schemas,
        notes: notes.sorted { $0.key < $1.key }.map { "\(file):\($0.key): \($0.value)" },
        credentials: credentialNames())
    }

    /// Concrete paths before templated ones, as OpenAPI matches them: `/pets/mine` before
    /// `/pets/{id}`, segment by segment.
    static func ordered(_ operations: [OpenAPIOperation]) -> [OpenAPIOperation] {
      operations.enumerated().sorted { lhs, rhs in
        let a = lhs.element.template.segments
        let b = rhs.element.template.segments
        for (x, y) in zip(a, b) {
          let rankX = rank(x)
          let rankY = rank(y)
          if rankX != rankY { return rankX < rankY }
        }
        // A lexicographic order (a prefix first), so that the sort is a strict order.
        if a.count != b.count { return a.count < b.count }
        return lhs.offset < rhs.offset
      }.map(\.element)
    }

    private static func rank(_ segment: PathTemplate.Segment) -> Int {
      switch segment {
      case .literal: 0
      case .parameter: 1
      case .rest: 2  // never in a description's path; the widest if it were
      }
    }

    /// The path of the first server's URL (`https://api.example.com/v1` → `/v1`), which every
    /// path is under; empty when there is none.
    private func basePath() -> String {
      guard let url = root["servers"]?[0]?["url"]?.string else { return "" }
      var path = url
      if let scheme = url.range(of: "://") {
        path = String(url[scheme.upperBound...])
        path = path.firstIndex(of: "/").map { String(path[$0...]) } ?? ""
      }
      // Server variables (`{version}`) cannot be known: such a base is left out.
      guard path.hasPrefix("/"), !path.contains("{") else { return "" }
      return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// A Swagger 2.0 document's `basePath`, which every path is under; empty when there is
    /// none or it is `/`.
    private func swaggerBasePath() throws(OpenAPIError) -> String {
      guard let node = root["basePath"] else { return "" }
      guard let path = node.string, path.hasPrefix("/"), !path.contains("{") else {
        throw error(node, "`basePath` is a path that starts with /, such as /v1")
      }
      return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// A Swagger 2.0 operation's body, from its `body` or `formData` parameters (the path
    /// item's and its own): whether it is required, its schema, and the media types it is sent
    /// as.
    private mutating func swaggerBody(operation node: Node, path item: Node)
      throws(OpenAPIError) -> (required: Bool, schema: JSONSchema?, mediaTypes: [String])
    {
      var required = false
      var schema: JSONSchema?
      var isForm = false
      var form = JSONSchema()
      form.types = [.object]
      // The operation's own parameters first: a body it declares replaces the path item's.
      var bodyDeclared = false
      for (level, list) in [node["parameters"], item["parameters"]].enumerated() {
        guard case .sequence(let items)? = list else { continue }
        for entry in items {
          let parameter = try resolve(entry, what: "parameter")
          switch parameter["in"]?.string {
          case "body":
            if level == 1, bodyDeclared { continue }
            bodyDeclared = true
            required = required || parameter["required"]?.bool == true
            if schema == nil, let schemaNode = parameter["schema"] {
              schema = try self.schema(schemaNode)
            }
          case "formData":
            isForm = true
            required = required || parameter["required"]?.bool == true
            // Each field is a property of the form's object, typed on the parameter itself
            // (a `file` is any value: its bytes are not checked).
            if let name = parameter["name"]?.string,
              !form.properties.contains(where: { $0.name == name })
            {
              let field =
                parameter["type"]?.string == "file" ? JSONSchema() : try self.schema(parameter)
              form.properties.append((name, field))
              if parameter["required"]?.bool == true { form.required.append(name) }
            }
          default:
            continue
          }
        }
      }
      guard schema != nil || isForm || required else { return (false, nil, []) }
      if schema == nil, isForm { schema = form }
      var types = try mediaTypes("consumes", of: node)
      if types.isEmpty {
        types =
          isForm
          ? ["application/x-www-form-urlencoded", "multipart/form-data"] : ["application/json"]
      }
      return (required, schema, types)
    }

    /// The media types an operation's `consumes` or `produces` names, else the document's;
    /// lower-cased, without parameters.
    private func mediaTypes(_ key: String, of operation: Node) throws(OpenAPIError) -> [String] {
      guard let list = operation[key] ?? root[key] else { return [] }
      guard case .sequence(let items) = list, items.allSatisfy({ $0.string != nil }) else {
        throw error(list, "`\(key)` is a list of media types, such as [application/json]")
      }
      return items.compactMap(\.string).map(Self.mediaType)
    }

    private mutating func operation(
      method: String, path: String, base: String, node: Node, item: Node,
      shared: [OpenAPIOperation.Parameter]
    ) throws(OpenAPIError) -> OpenAPIOperation {
      guard case .mapping = node else { throw error(node, "an operation must be a mapping") }
      var parameters = try self.parameters(node["parameters"])
      for parameter in shared
      where !parameters.contains(where: {
        $0.name == parameter.name && $0.location == parameter.location
      }) {
        parameters.append(parameter)
      }
      let full = base + path
      guard full.hasPrefix("/") else {
        throw self.error(node, "the path \(full) cannot be matched: a path starts with /")
      }
      // A template of its own, not a route pattern's text: a literal `:b` or `*` in the
      // description is matched as written, not read as a parameter or a wildcard.
      let template = PathTemplate(openAPIPath: full)
      var requiresBody = false
      var bodySchema: JSONSchema?
      var formSchema: JSONSchema?
      var formEncodings: [String: [String: OpenAPIOperation.FormEncoding]] = [:]
      var bodyMediaTypes: [String] = []
      if isSwagger {
        (requiresBody, bodySchema, bodyMediaTypes) = try swaggerBody(operation: node, path: item)
      } else if let bodyNode = node["requestBody"] {
        let body = try resolve(bodyNode, what: "request body")
        requiresBody = body["required"]?.bool ?? false
        if case .mapping(let content)? = body["content"] {
          bodyMediaTypes = content.compactMap { key, _ in key.string.map(Self.mediaType) }
        }
        if let media = Self.jsonMedia(body["content"]), let schemaNode = media["schema"] {
          bodySchema = try schema(schemaNode)
        }
        // A form's own schema, where the body is sent as one (Stripe, Twilio, Slack).
        for type in ["application/x-www-form-urlencoded", "multipart/form-data"] {
          if let encoding = body["content"]?[type]?["encoding"] {
            formEncodings[type] = try formEncoding(encoding)
          }
          guard formSchema == nil, let schemaNode = body["content"]?[type]?["schema"] else {
            continue
          }
          formSchema = try schema(schemaNode)
        }
      }
      var responses: [OpenAPIOperation.Response] = []
      if let list = node["responses"] {
        guard case .mapping(let mapping) = list else {
          throw error(list, "`responses` must be a mapping")
        }
        for (key, value) in mapping {
          guard let status = key.string,
            status == "default" || Int(status).map({ (100...599).contains($0) }) == true
              || (status.count == 3 && status.uppercased().hasSuffix("XX")
                && ("1"..."5").contains(status.prefix(1)))
          else {
            throw error(key, "a response is keyed by a status (200), a class (4XX) or default")
          }
          let response = try resolve(value, what: "response")
          var entry = OpenAPIOperation.Response(
            status: status, hasJSONBody: false, hasOtherBody: false, schema: nil, example: nil,
            line: key.mark?.line ?? 0)
          if isSwagger {
            // 2.0: a `schema` beside the description, sent as what the operation `produces`.
            let produced = try mediaTypes("produces", of: node)
            // `*/*` (springfox's default) takes JSON too.
            let json =
              produced.isEmpty
              ? "application/json"
              : produced.first(where: Self.isJSON)
                ?? (produced.contains("*/*") ? "application/json" : nil)
            if let schemaNode = response["schema"] {
              if let json {
                entry.hasJSONBody = true
                entry.mediaType = json
                entry.schema = try schema(schemaNode)
                // Examples are keyed by media type as written (`application/json;charset=UTF-8`).
                if case .mapping(let examples)? = response["examples"],
                  let example = examples.first(where: {
                    Self.isJSON(Self.mediaType($0.key.string ?? ""))
                  })?.value
                {
                  entry.example = try self.value(example)
                }
              } else {
                entry.hasOtherBody = true
              }
            }
          } else if let (type, media) = Self.jsonMediaType(response["content"]) {
            entry.hasJSONBody = true
            entry.mediaType = type
            if let schemaNode = media["schema"] { entry.schema = try schema(schemaNode) }
            entry.example = try example(in: media)
          } else if case .mapping(let content)? = response["content"], !content.isEmpty {
            entry.hasOtherBody = true
          }
          responses.append(entry)
        }
      }
      guard let httpMethod = HTTPMethod(rawValue: method.uppercased()) as HTTPMethod? else {
        throw error(node, "unknown method")
      }
      return OpenAPIOperation(
        method: httpMethod, path: full, id: node["operationId"]?.string, line: node.mark?.line ?? 0,
        parameters: parameters, responses: responses, requiresBody: requiresBody,
        bodySchema: bodySchema, bodyMediaTypes: bodyMediaTypes, template: template,
        formSchema: formSchema, formEncodings: formEncodings)
    }

    /// A form media type's `encoding`: each property's `style`, `explode` and `contentType`.
    private func formEncoding(_ node: Node) throws(OpenAPIError)
      -> [String: OpenAPIOperation.FormEncoding]
    {
      guard case .mapping(let mapping) = node else {
        throw error(node, "`encoding` maps a form's property names to how each is sent")
      }
      var encodings: [String: OpenAPIOperation.FormEncoding] = [:]
      for (key, value) in mapping {
        guard let name = key.string, case .mapping = value else {
          throw error(key, "an `encoding` entry is a property name and a mapping")
        }
        var encoding = OpenAPIOperation.FormEncoding()
        if let style = value["style"] {
          guard let text = style.string, let read = ParameterStyle(rawValue: text),
            ParameterStyle.allowed(in: .query).contains(read)
          else {
            throw error(
              style, "a form field's style is form, spaceDelimited, pipeDelimited or deepObject")
          }
          encoding.style = read
          // `explode` defaults to true for `form` only, as for a query parameter.
          encoding.explode = read == .form
        }
        if let explode = value["explode"] {
          guard let flag = explode.bool else { throw error(explode, "`explode` is true or false") }
          encoding.explode = flag
        }
        if let type = value["contentType"] {
          guard let text = type.string, !text.isEmpty, text.utf8.count <= 500 else {
            throw error(type, "`contentType` is a media type, or a list of them")
          }
          encoding.contentType = text
        }
        encodings[name] = encoding
      }
      return encodings
    }

    /// The JSON media type of a `content` mapping: `application/json`, or any `…+json` or
    /// `…/json`.
    static func jsonMedia(_ content: Node?) -> Node? {
      jsonMediaType(content)?.media
    }

    /// A media type as compared: lower-cased, without parameters (`; charset=utf-8`) or spaces.
    package static func mediaType(_ text: String) -> String {
      (text.split(separator: ";").first.map(String.init) ?? "").trimmingCharacters(
        in: .whitespaces
      ).lowercased()
    }

    /// Whether a media type (as ``mediaType(_:)`` writes it) is JSON: `application/json`, or
    /// any `…+json` or `…/json`.
    static func isJSON(_ type: String) -> Bool {
      type == "application/json" || type.hasSuffix("+json") || type.hasSuffix("/json")
    }

    /// The JSON media type of a `content` mapping, with its name.
    static func jsonMediaType(_ content: Node?) -> (type: String, media: Node)? {
      guard case .mapping(let mapping)? = content else { return nil }
      for (key, value) in mapping {
        let type = mediaType(key.string ?? "")
        if isJSON(type) { return (type, value) }
        if type == "*/*" { return ("application/json", value) }
      }
      return nil
    }

    /// A media type's example: `example`, else the first of `examples`, else its schema's.
    private mutating func example(in media: Node) throws(OpenAPIError) -> JSONValue? {
      if let example = media["example"] { return try value(example) }
      if case .mapping(let examples)? = media["examples"], let first = examples.first?.value {
        let resolved = try resolve(first, what: "example")
        if let value = resolved["value"] { return try self.value(value) }
      }
      return nil
    }

    private mutating func value(_ node: Node) throws(OpenAPIError) -> JSONValue {
      do {
        return try JSONValue(node, budget: &budget)
      } catch {
        throw self.error(
          node, "the description \(error); YAML aliases count each time they are used")
      }
    }

    private mutating func parameters(_ node: Node?) throws(OpenAPIError) -> [OpenAPIOperation
      .Parameter]
    {
      guard let node else { return [] }
      guard case .sequence(let list) = node else {
        throw error(node, "`parameters` must be a list")
      }
      var parameters: [OpenAPIOperation.Parameter] = []
      for item in list {
        let parameter = try resolve(item, what: "parameter")
        if isSwagger, ["body", "formData"].contains(parameter["in"]?.string) { continue }
        guard let name = parameter["name"]?.string, let place = parameter["in"]?.string,
          let location = OpenAPIOperation.Location(rawValue: place)
        else {
          throw error(item, "a parameter needs a `name` and `in` (path, query, header or cookie)")
        }
        var style = ParameterStyle.defaultStyle(in: location)
        if let styleNode = parameter["style"] {
          let allowed = ParameterStyle.allowed(in: location)
          guard let named = styleNode.string.flatMap(ParameterStyle.init(rawValue:)),
            allowed.contains(named)
          else {
            throw error(
              styleNode,
              "the \(location.rawValue) parameter \(VisibleText.escaped(name)) has the style `\(VisibleText.escaped(styleNode.string ?? "?"))`; a \(location.rawValue) parameter is \(allowed.map(\.rawValue).joined(separator: ", "))"
            )
          }
          style = named
        }
        var explode = parameter["explode"]?.bool ?? (style == .form)
        // A parameter described by `content` (a JSON value in the query) is checked as text.
        var schemaNode = parameter["schema"]
        if isSwagger {
          // 2.0 describes the value on the parameter itself, and a list by `collectionFormat`.
          schemaNode = parameter["type"]?.string == "file" ? nil : parameter
          (style, explode) = (ParameterStyle.defaultStyle(in: location), false)
          switch parameter["collectionFormat"]?.string ?? "csv" {
          case "csv": break
          case "ssv" where location == .query: style = .spaceDelimited
          case "pipes" where location == .query: style = .pipeDelimited
          case "multi" where location == .query: explode = true
          case "tsv", "ssv", "pipes":
            // No style of OpenAPI 3 reads tabs, nor spaces or pipes outside the query: checked
            // as text.
            schemaNode = nil
          default:
            throw error(
              parameter["collectionFormat"],
              "the \(location.rawValue) parameter \(VisibleText.escaped(name)) has the collectionFormat `\(VisibleText.escaped(parameter["collectionFormat"]?.string ?? "?"))`; it is csv, ssv, tsv, pipes, or in the query multi"
            )
          }
        }
        parameters.append(
          OpenAPIOperation.Parameter(
            name: name, location: location,
            isRequired: location == .path || parameter["required"]?.bool == true,
            style: style, explode: explode,
            schema: try schemaNode.map { node throws(OpenAPIError) in try schema(node) }))
      }
      return parameters
    }

    /// `node`, or what its `$ref` names (followed through chains, to a depth, without loops).
    private mutating func resolve(_ node: Node, what: String) throws(OpenAPIError) -> Node {
      var current = node
      var seen: [String] = []
      while let reference = current["$ref"]?.string {
        try spend(current)
        guard !seen.contains(reference) else {
          throw error(
            node, "the \(what) references loop: \(seen.joined(separator: " → ")) → \(reference)")
        }
        guard seen.count < Self.longestReferenceChain else {
          throw error(
            node, "the \(what) follows more than \(Self.longestReferenceChain) references")
        }
        seen.append(reference)
        guard let target = try pointed(reference, line: current.mark?.line ?? 0) else {
          throw error(
            current, "`$ref: \(VisibleText.escaped(reference))` names nothing in the document")
        }
        current = target
      }
      return current
    }

    /// The node a local JSON pointer names, or `nil`.
    private func pointed(_ reference: String, line: Int) throws(OpenAPIError) -> Node? {
      guard reference.hasPrefix("#/") || reference == "#" else {
        throw OpenAPIError(
          file: file, line: line,
          reason:
            "`$ref: \(VisibleText.escaped(reference))` is outside the document: only references within it (#/components/…) are followed, never files or the network"
        )
      }
      let steps = reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)
        .map {
          (String($0).removingPercentEncoding ?? String($0))
            .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
      if !isSwagger, steps.count == 3, steps[0] == "components", steps[1] == "schemas" {
        return componentSchemas[steps[2]]
      }
      if isSwagger, steps.count == 2, steps[0] == "definitions" {
        return componentSchemas[steps[1]]
      }
      var current: Node? = root
      for step in steps {
        switch current {
        case .mapping?: current = current.flatMap { Self.member(step, of: $0) }
        case .sequence(let list)?:
          current = Int(step).flatMap { list.indices.contains($0) ? list[$0] : nil }
        default: return nil
        }
      }
      return current
    }

    /// The member `name` of a mapping, by the key's text whatever its tag: a pointer's
    /// `responses/200` names a key written `"200"` (a string in JSON) as well as `200`.
    /// Yams' own subscript compares tags too, and so missed a key written `"200"`.
    private static func member(_ name: String, of node: Node) -> Node? {
      guard case .mapping(let mapping) = node else { return nil }
      if let found = mapping[name] { return found }
      return mapping.first { $0.key.string == name }?.value
    }

    private mutating func spend(_ node: Node) throws(OpenAPIError) {
      do {
        try budget.spend(bytes: 16)
      } catch {
        throw self.error(
          node, "the description \(error); YAML aliases count each time they are used")
      }
    }

    /// A schema node as a ``JSONSchema``; a `$ref` is linked, and read once later.
    mutating func schema(_ node: Node) throws(OpenAPIError) -> JSONSchema {
      try spend(node)
      var schema = JSONSchema()
      schema.line = node.mark?.line ?? 0
      if case .scalar(let scalar) = node, scalar.string == "true" || scalar.string == "false" {
        // OpenAPI 3.1: `true` allows anything, `false` nothing.
        if scalar.string == "false" { schema.enumValues = [] }
        return schema
      }
      guard case .mapping = node else { throw error(node, "a schema must be a mapping") }
      if let reference = node["$ref"]?.string {
        _ = try pointed(reference, line: schema.line)  // refuses references outside
        schema.reference = reference
        if schemas[reference] == nil { pending.append((reference, schema.line)) }
        return schema
      }
      do {
        try budget.enter()
      } catch {
        throw self.error(node, "the schema is \(error)")
      }
      defer { budget.leave() }
      if let type = node["type"] {
        var names: [String] = []
        if case .sequence(let list) = type {
          names = list.compactMap(\.string)
        } else if let name = type.string {
          names = [name]
        }
        var kinds: Set<JSONSchema.Kind> = []
        for name in names {
          if isSwagger, name == "file" { continue }  // 2.0's bytes of a file: any value
          guard let kind = JSONSchema.Kind(rawValue: name) else {
            throw error(
              type,
              "unknown type `\(VisibleText.escaped(name))`; expected string, number, integer, boolean, array, object or null"
            )
          }
          kinds.insert(kind)
        }
        // `type: file` alone takes any value; beside other types, those.
        if !(isSwagger && kinds.isEmpty && names.contains("file")) { schema.types = kinds }
      }
      if node["nullable"]?.bool == true { schema.types?.insert(.null) }
      if case .mapping(let properties)? = node["properties"] {
        for (key, value) in properties {
          schema.properties.append((key.string ?? "", try self.schema(value)))
        }
      }
      if case .sequence(let names)? = node["required"] {
        schema.required = names.compactMap(\.string)
      }
      if let additional = node["additionalProperties"] {
        if additional.bool == false {
          schema.additional = []
        } else if case .mapping = additional {
          schema.additional = [try self.schema(additional)]
        }
      }
      if let items = node["items"] {
        if case .sequence(let list) = items {
          // JSON Schema draft 4's positional items (`items: [{type: integer}, {type: null}]`),
          // which OpenAPI does not allow and Slack's description uses: each item is checked
          // against any of them, never refused for the shape.
          var any = JSONSchema()
          any.line = items.mark?.line ?? 0
          var parts: [JSONSchema] = []
          for part in list { parts.append(try self.schema(part)) }
          any.anyOf = parts
          schema.items = [any]
        } else {
          schema.items = [try self.schema(items)]
        }
      }
      if case .sequence(let values)? = node["enum"] {
        var allowed: [JSONValue] = []
        for value in values { allowed.append(try self.value(value)) }
        schema.enumValues = allowed
      }
      if let constant = node["const"] { schema.enumValues = [try value(constant)] }
      schema.format = node["format"]?.string
      schema.minimum = node["minimum"]?.float
      schema.maximum = node["maximum"]?.float
      // 3.0 writes exclusiveMinimum: true beside minimum; 3.1 writes the bound itself.
      if let bound = node["exclusiveMinimum"] {
        if let flag = bound.bool {
          schema.exclusiveMinimum = flag
        } else if let number = bound.float, schema.minimum.map({ number >= $0 }) ?? true {
          // 3.1's bound beside a `minimum`: the stricter of the two holds.
          schema.minimum = number
          schema.exclusiveMinimum = true
        }
      }
      if let bound = node["exclusiveMaximum"] {
        if let flag = bound.bool {
          schema.exclusiveMaximum = flag
        } else if let number = bound.float, schema.maximum.map({ number <= $0 }) ?? true {
          schema.maximum = number
          schema.exclusiveMaximum = true
        }
      }
      // A negative length is no length: clamped, so that no count goes below zero.
      schema.minLength = node["minLength"]?.int.map { max(0, $0) }
      schema.maxLength = node["maxLength"]?.int.map { max(0, $0) }
      schema.minItems = node["minItems"]?.int.map { max(0, $0) }
      schema.maxItems = node["maxItems"]?.int.map { max(0, $0) }
      for (key, keyPath) in [("allOf", \JSONSchema.allOf), ("oneOf", \.oneOf), ("anyOf", \.anyOf)] {
        if case .sequence(let list)? = node[key] {
          var parts: [JSONSchema] = []
          for part in list { parts.append(try self.schema(part)) }
          schema[keyPath: keyPath] = parts
        }
      }
      if let example = node["example"] ?? node["default"] { schema.example = try value(example) }
      if let pattern = node["pattern"]?.string { read(pattern, into: &schema) }
      // OpenAPI 3's discriminator object (Swagger 2.0's is a bare property name, and no choice).
      if !isSwagger, let node = node["discriminator"], !(schema.oneOf + schema.anyOf).isEmpty {
        schema.discriminator = try discriminator(node)
      }
      return schema
    }

    /// A `discriminator`: its `propertyName`, and its `mapping` with each value a pointer
    /// (`#/components/schemas/Dog`) or a schema name (`Dog`); each schema it names is read.
    private mutating func discriminator(_ node: Node) throws(OpenAPIError)
      -> JSONSchema.Discriminator
    {
      guard let property = node["propertyName"]?.string, !property.isEmpty else {
        throw error(node, "a discriminator names its `propertyName`")
      }
      let prefix = "#/components/schemas/"
      var mapping: [String: String] = [:]
      if let list = node["mapping"] {
        guard case .mapping(let pairs) = list else {
          throw error(list, "a discriminator's `mapping` maps values to schemas")
        }
        for (key, value) in pairs {
          guard let name = key.string, let target = value.string, !target.isEmpty else {
            throw error(key, "a discriminator's mapping maps a value to a schema or its name")
          }
          let pointer = target.hasPrefix("#") ? target : prefix + target
          mapping[name] = pointer
          if schemas[pointer] == nil { pending.append((pointer, value.mark?.line ?? 0)) }
        }
      }
      return JSONSchema.Discriminator(
        property: property, mapping: mapping, componentsPrefix: prefix)
    }

    /// Reads `pattern` into `schema`, or notes why it is not checked: it does not read, or no
    /// text of the schema's lengths matches it (a sample would break its own schema).
    private mutating func read(_ pattern: String, into schema: inout JSONSchema) {
      let shown = ParameterValue.shown(String(pattern.prefix(120)))
      do {
        let read = try SchemaPattern(pattern)
        let types = schema.types ?? [.string]
        let format = schema.format.flatMap { SchemaFormat.checked.contains($0) ? $0 : nil }
        let key = "\(schema.minLength ?? 0) \(schema.maxLength ?? -1) \(format ?? "") " + pattern
        if types.contains(.string), schema.example == nil, schema.enumValues == nil,
          sampled[key] == nil, sampled.count < Self.mostSampledPatterns
        {
          // The format's own text first, as the sampler tries it.
          sampled[key] =
            read.matches(SchemaSampler.plainText(for: schema), steps: 100_000) == true
            || read.sample(
              least: schema.minLength ?? 0, most: schema.maxLength,
              where: { text in format.map { SchemaFormat.accepts(text, format: $0) } ?? true })
              != nil
        }
        if sampled[key] == false {
          let within = format.map { "that is of the format \($0) " } ?? ""
          note(
            schema.line,
            "the pattern \(shown) is checked, but no sample of it \(within)was found within the "
              + "schema's lengths: samples of this schema break it")
        }
        schema.pattern = read
      } catch {
        note(schema.line, "the pattern \(shown) is not checked: \(error.reason)")
      }
    }

    /// The names API keys are sent under (`securitySchemes` of type `apiKey`, Swagger's
    /// `securityDefinitions`), by where: a query item or header that is one is described.
    private func credentialNames() -> OpenAPIDocument.Credentials {
      let schemes =
        isSwagger
        ? root["securityDefinitions"]
        : root["components"].flatMap { Self.member("securitySchemes", of: $0) }
      var credentials = OpenAPIDocument.Credentials()
      guard case .mapping(let members)? = schemes else { return credentials }
      for (_, scheme) in members.prefix(256) {
        guard scheme["type"]?.string == "apiKey", let name = scheme["name"]?.string,
          name.utf8.count <= 200
        else { continue }
        switch scheme["in"]?.string {
        case "query": credentials.query.insert(name)
        case "header": credentials.headers.insert(name.lowercased())
        default: continue
        }
      }
      return credentials
    }

    /// The most steps one answer's example is checked in, and all of a description's
    /// together: past them an example is kept as written.
    static let exampleCheckSteps = (each: 20_000, all: 2_000_000)

    /// Drops each answer's example that breaks the answer's own schema, with a note at its
    /// line: a sample of the schema is served in its place, so that what the server serves
    /// always passes the description (Twilio's examples give relative paths for `format: uri`,
    /// and ids shorter than their own pattern).
    private mutating func checkExamples(_ operations: inout [OpenAPIOperation]) {
      var validator = SchemaValidator(schemas: schemas, stepLimit: Self.exampleCheckSteps.each)
      var spent = 0
      for index in operations.indices {
        for answer in operations[index].responses.indices {
          let response = operations[index].responses[answer]
          guard spent < Self.exampleCheckSteps.all, let example = response.example,
            let schema = response.schema
          else { continue }
          let violations = validator.violations(of: example, against: schema)
          spent += validator.stepsTaken
          guard let first = violations.first, !first.reason.contains("too complex") else {
            continue
          }
          operations[index].responses[answer].example = nil
          note(
            example.line > 0 ? example.line : response.line,
            "the example of \(operations[index].name) \(response.status) breaks its schema at \(first.path): \(VisibleText.escaped(first.reason, atMost: 160)); a sample of the schema is served instead"
          )
        }
      }
    }

    /// Keeps `text` as the note for `line`, within ``mostNotes``.
    private mutating func note(_ line: Int, _ text: String) {
      guard notes.count < Self.mostNotes || notes[line] != nil else { return }
      notes[line] = text
    }
  }
#endif
