import Foundation
import YaiaOpenAPI

/// The OpenAPI module's readers of a request: a request from anyone checked against a
/// description whose parameters use every style.
enum OpenAPITargets {
  static let all = [openAPIRequest, schemaPattern]

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
    let request = OpenAPIRequest(
      method: .post, path: "/s/" + segments.joined(separator: "/"), rawQuery: query,
      headers: [
        "X-Id": String(header), "Cookie": "session=" + String(header),
        "Content-Type": [
          "application/json", "text/plain", "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=" + String(header.prefix(8)),
        ][Int((bytes.first ?? 0) & 3)],
      ],
      body: Data(parts[4].utf8))
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
