import Foundation
import YaiaOpenAPI

/// The OpenAPI module's readers of a request: a request from anyone checked against a
/// description whose parameters use every style.
enum OpenAPITargets {
  static let all = [openAPIRequest, schemaPattern, schemaSample]

  /// A schema's `pattern` and a text (split at the first 0xFF byte): the pattern reads or is
  /// refused with a reason, never traps; a pattern read checks any text within its step
  /// bound, and every sample it writes, within the lengths asked, is one it matches.
  static let schemaPattern = FuzzTarget(
    "schema-pattern",
    summary: "a schema's pattern (ECMA-262 subset) read, matched against a text, and sampled",
    maxLength: 2_048
  ) { bytes throws(FuzzViolation) in
    let parts = bytes.split(separator: 0xFF, maxSplits: 1, omittingEmptySubsequences: false)
    let source = String(decoding: parts[0], as: UTF8.self)
    let text = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    let pattern: SchemaPattern
    do throws(SchemaPattern.Unsupported) {
      pattern = try SchemaPattern(source)
    } catch {
      try require(!error.reason.isEmpty, "a refusal without a reason")
      return
    }
    try require(pattern.size <= SchemaPattern.mostInstructions, "\(pattern.size) instructions")
    _ = pattern.matches(text)
    let least = Int(bytes.first ?? 0) % 8
    if let sample = pattern.sample(least: least, most: least + 16) {
      try require(
        pattern.matches(sample) == true,
        "a sample the pattern does not match: \(sample.debugDescription)")
      let length = sample.unicodeScalars.count
      try require(
        (least...(least + 16)).contains(length), "a sample of \(length) outside its lengths")
    }
  }

  /// A schema written from the input's bytes, with only constraints that some value meets
  /// (every range has its low end below its high end, a format never meets a length, a
  /// `oneOf`'s choices are of different types), served as an operation's answer:
  /// the description reads, and the sample the mock server serves passes the same schema
  /// (the promise `ServedSamplesTests` checks on the tests' own descriptions, here on schemas
  /// no one wrote). A description the reader notes (a pattern no sample of its lengths, or of
  /// its format, fits) is left out: the note is what the user is told.
  static let schemaSample = FuzzTarget(
    "schema-sample",
    summary: "a generated satisfiable schema: its served sample passes its own schema",
    maxLength: 512
  ) { bytes throws(FuzzViolation) in
    var writer = SchemaWriter(bytes: bytes)
    let schema = writer.schema(depth: 0)
    let components = writer.components.enumerated().map { "\"C\($0.offset)\": \($0.element)" }
    let text = """
      {"openapi": "3.0.3", "info": {"title": "Fuzz", "version": "1"},
       "paths": {"/a": {"get": {"responses": {"200": {"description": "ok",
         "content": {"application/json": {"schema": \(schema)}}}}}}},
       "components": {"schemas": {\(components.joined(separator: ", "))}}}
      """
    let document: OpenAPIDocument
    do {
      document = try OpenAPIDocument.parse(text, file: "fuzz.json")
    } catch {
      throw FuzzViolation("a generated description did not read: \(error)\n\(text.prefix(800))")
    }
    guard document.notes.isEmpty,
      let answer = document.operations.first?.responses.first?.schema
    else { return }
    var sampler = SchemaSampler(schemas: document.schemas)
    guard let sample = sampler.sampleResponse(answer) else {
      throw FuzzViolation("no sample of \(text.prefix(800))")
    }
    var validator = SchemaValidator(schemas: document.schemas)
    let violations = validator.violations(of: sample, against: answer)
    try require(
      violations.isEmpty,
      "the sample \(sample.text().prefix(400)) breaks its schema: \(violations.prefix(3).map { "\($0.path): \($0.reason)" })\n\(text.prefix(1_200))"
    )
  }

  /// Writes a JSON schema from bytes, one decision per byte (zero once they run out), with
  /// only constraints some value meets.
  struct SchemaWriter {
    let bytes: [UInt8]
    var position = 0
    /// Schemas under `#/components/schemas/C<n>`, that `$ref`s name.
    var components: [String] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next(_ count: Int) -> Int {
      defer { position += 1 }
      return position < bytes.count ? Int(bytes[position]) % max(1, count) : 0
    }

    static let patterns = [
      "^[a-z]+$", "^(0|[1-9][0-9]*)$", "^[A-Z]{2}$", "^\\\\d{3}-\\\\d{4}$", "^[a-f0-9]{24}$",
      "ab+c",
      "^(sk|pk)_[A-Za-z0-9]{8,}$", "^\\\\+[1-9]\\\\d{1,14}$", "^[A-Z][a-z]*( [A-Z][a-z]*)*$",
      "^v?[0-9]+\\\\.[0-9]+(\\\\.[0-9]+)?$", "[^\\\\s]+",
    ]
    static let formats = ["date-time", "date", "uuid", "email", "uri", "ipv4", "byte", "int64"]

    mutating func schema(depth: Int) -> String {
      let kind = depth >= 4 ? next(5) : next(12)
      var nullable = next(6) == 0 ? #", "nullable": true"# : ""
      switch kind {
      case 0:
        var parts = [#""type": "string""#]
        switch next(5) {
        case 0:
          parts.append(#""format": "\#(Self.formats[next(Self.formats.count)])""#)
        case 4:
          // Both: a sample of the two, or a note that none was found.
          parts.append(#""format": "\#(Self.formats[next(Self.formats.count)])""#)
          parts.append(#""pattern": "\#(Self.patterns[next(Self.patterns.count)])""#)
        case 1:
          parts.append(#""pattern": "\#(Self.patterns[next(Self.patterns.count)])""#)
          // Lengths with a pattern: a sample may not fit, which the reader notes.
          if next(3) == 0 { parts.append(#""maxLength": \#(1 + next(30))"#) }
        default:
          let least = next(8)
          if next(2) == 0 { parts.append(#""minLength": \#(least)"#) }
          if next(2) == 0 { parts.append(#""maxLength": \#(least + next(8))"#) }
        }
        return "{\(parts.joined(separator: ", "))\(nullable)}"
      case 1, 2:
        let type = kind == 1 ? "integer" : "number"
        var parts = [#""type": "\#(type)""#]
        let least = next(200) - 100
        if next(2) == 0 { parts.append(#""minimum": \#(least)"#) }
        if next(2) == 0 { parts.append(#""maximum": \#(least + 1 + next(50))"#) }
        if next(3) == 0 { parts.append(#""exclusiveMinimum": true"#) }
        if next(4) == 0 { parts.append(#""multipleOf": 1"#) }
        return "{\(parts.joined(separator: ", "))\(nullable)}"
      case 3:
        return #"{"type": "boolean"\#(nullable)}"#
      case 4:
        let values = (0...next(3)).map { "\"v\($0)\"" }
        nullable = ""
        return #"{"type": "string", "enum": [\#(values.joined(separator: ", "))]}"#
      case 5, 6:
        let least = next(4)
        var parts = [#""type": "array", "items": \#(schema(depth: depth + 1))"#]
        if next(2) == 0 { parts.append(#""minItems": \#(least)"#) }
        if next(2) == 0 { parts.append(#""maxItems": \#(least + next(4))"#) }
        return "{\(parts.joined(separator: ", "))\(nullable)}"
      case 7, 8:
        let count = 1 + next(4)
        var properties: [String] = []
        var required: [String] = []
        for index in 0..<count {
          properties.append("\"p\(index)\": \(schema(depth: depth + 1))")
          if next(2) == 0 { required.append("\"p\(index)\"") }
        }
        let closed = next(3) == 0 ? #", "additionalProperties": false"# : ""
        return
          #"{"type": "object", "properties": {\#(properties.joined(separator: ", "))}, "required": [\#(required.joined(separator: ", "))]\#(closed)\#(nullable)}"#
      case 9:
        // Choices of different types, so that no value is two of them at once.
        let kinds = [#"{"type": "string"}"#, #"{"type": "integer"}"#, #"{"type": "boolean"}"#]
        let first = next(3)
        let second = (first + 1 + next(2)) % 3
        let word = next(2) == 0 ? "oneOf" : "anyOf"
        return #"{"\#(word)": [\#(kinds[first]), \#(kinds[second])]}"#
      case 10:
        let required = next(2) == 0 ? #", "required": ["a"]"# : ""
        return
          #"{"allOf": [{"type": "object", "properties": {"a": \#(schema(depth: depth + 1))}\#(required)}, {"type": "object", "properties": {"b": {"type": "integer", "minimum": 1}}, "required": ["b"]}]}"#
      default:
        guard components.count < 4 else { return #"{"type": "string"}"# }
        components.append("{}")
        let index = components.count - 1
        components[index] = schema(depth: depth + 1)
        return ##"{"$ref": "#/components/schemas/C\##(index)"}"##
      }
    }
  }

  /// A description with a parameter in each style and location, read once.
  static let styles: OpenAPIDocument? = try? OpenAPIDocument.parse(
    """
    openapi: 3.1.0
    info: { title: Styles, version: '1' }
    paths:
      /s/{ids}/{label}/{matrix}:
        post:
          parameters:
            - { name: ids, in: path, required: true, schema: { type: array, items: { type: integer } } }
            - { name: label, in: path, required: true, style: label, explode: true, schema: { type: array, items: { type: string } } }
            - { name: matrix, in: path, required: true, style: matrix, schema: { type: object, properties: { a: { type: integer } } } }
            - { name: tags, in: query, schema: { type: array, items: { type: string } } }
            - { name: type, in: query, explode: false, schema: { type: array, items: { enum: [a, b] } } }
            - { name: pipes, in: query, style: pipeDelimited, schema: { type: array, items: { type: number } } }
            - { name: words, in: query, style: spaceDelimited, schema: { type: array, maxItems: 4 } }
            - { name: f, in: query, style: deepObject, schema: { type: object, properties: { n: { type: integer } } } }
            - { name: o, in: query, explode: false, schema: { type: object, properties: { n: { type: boolean } } } }
            - { name: n, in: query, required: true, schema: { type: integer, format: int32 } }
            - { name: X-Id, in: header, schema: { type: array, items: { type: integer } } }
            - { name: session, in: cookie, schema: { type: string, format: uuid } }
          requestBody:
            content:
              application/json: { schema: { type: object, required: [a], properties: { a: { type: string } } } }
              application/x-www-form-urlencoded: { schema: { type: object, required: [a], properties: { a: { type: integer }, m: { type: object, additionalProperties: { type: string } }, l: { type: array, items: { type: object, properties: { p: { type: integer } } } }, c: { anyOf: [ { type: integer }, { type: object, properties: { gte: { type: integer } } } ] } } } }
              multipart/form-data: { schema: { type: object, required: [f], properties: { f: { type: string, format: binary }, n: { type: integer } } } }
          responses: { '200': { description: ok } }
    """, file: "styles.yaml")

  /// A request from arbitrary bytes (split at the first three 0xFF bytes into the path's three
  /// segments and the query, the rest a header value and the body, sent as JSON, text, a
  /// URL-encoded form or a multipart form by the first byte) checked against ``styles``:
  /// the operation is always found (the path has its three segments), nothing traps, and no
  /// problem carries a control character or runs past a bounded length, since problems reach
  /// a terminal through the mock server's log.
  static let openAPIRequest = FuzzTarget(
    "openapi-request",
    summary: "a request checked against a description (parameter styles, numbers, media types)",
    maxLength: 4_096
  ) { bytes throws(FuzzViolation) in
    guard let document = styles else { throw FuzzViolation("the styles description does not read") }
    var parts = bytes.split(separator: 0xFF, maxSplits: 4, omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self) }
    while parts.count < 5 { parts.append("") }
    // Segments percent-encoded so that the path keeps its three segments.
    let segments = parts[0..<3].map { text in
      text.isEmpty
        ? "x" : (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x")
    }
    let query = parts[3].filter { $0 != "#" }
    let header = parts[4].prefix(200).filter { $0 != "\r" && $0 != "\n" }
    let request = HTTPRequest(
      method: .post, path: "/s/" + segments.joined(separator: "/"),
      headers: [
        "X-Id": String(header), "Cookie": "session=" + String(header),
        "Content-Type": [
          "application/json", "text/plain", "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=" + String(header.prefix(8)),
        ][Int((bytes.first ?? 0) & 3)],
      ],
      body: Data(parts[4].utf8), rawQuery: query)
    guard let problems = document.problems(with: request) else {
      throw FuzzViolation("no operation found for \(request.path)")
    }
    try require(problems.count <= 200, "\(problems.count) problems for one request")
    for problem in problems {
      try require(
        !problem.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "a problem carries a control character: \(problem.debugDescription)")
      try require(problem.count <= 1_000, "a problem of \(problem.count) characters")
    }
  }
}
