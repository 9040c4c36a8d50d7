import Testing

@testable import YaiaOpenAPI

@Suite("JSON descriptions with characters outside the BMP, escaped as UTF-16 halves")
struct SurrogateEscapeTests {
  /// A description as Python's `json.dumps` writes it: 👍 as `\ud83d\udc4d`.
  static let description = #"""
    {
      "openapi": "3.0.3",
      "info": {"title": "Thumbs \ud83d\udc4d", "version": "1"},
      "paths": {"/t": {"get": {"responses": {"200": {"description": "ok \udc4d",
        "content": {"application/json": {"example": {"mood": "\ud83d\udc4d \"quoted\" \\ud83d"}}}}}}}}
    }
    """#

  @Test("a pair becomes its character, a lone half U+FFFD; the description reads and serves")
  func pairs() throws {
    let spec = try OpenAPIDocument.parse(Self.description, file: "python.json")
    #expect(spec.title == "Thumbs 👍")
    #expect(spec.operations.count == 1)
    let rewritten = SurrogateEscapes.rewritten(Self.description)
    #expect(rewritten.contains(#""Thumbs \U0001F44D""#))
    #expect(rewritten.contains(#""ok \uFFFD""#))
    // An escaped backslash before `ud83d` is text, not an escape: left as it is.
    #expect(rewritten.contains(#"\"quoted\" \\ud83d"#))
    #expect(rewritten.split(separator: "\n").count == Self.description.split(separator: "\n").count)
  }

  @Test("YAML is left as it is, and an error after a pair keeps its line")
  func linesKept() {
    let yaml = "openapi: 3.0.3\ninfo: {title: \"\\ud83d\", version: '1'}\n"
    #expect(SurrogateEscapes.rewritten(yaml) == yaml)
    let broken =
      "{\n\"openapi\": \"3.0.3\",\n\"info\": {\"title\": \"\\ud83d\\udc4d\"},\n\"paths\": [}\n"
    let error = #expect(throws: OpenAPIError.self) {
      try OpenAPIDocument.parse(broken, file: "broken.json")
    }
    #expect(error?.line == 4, "\(String(describing: error))")
  }
}
