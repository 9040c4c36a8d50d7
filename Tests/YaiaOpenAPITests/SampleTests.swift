import Foundation
import Testing
import Yaia

@testable import YaiaOpenAPI

/// Samples generated for responses that document no example: each must conform to the schema
/// it was made from, however the schema is composed.
@Suite("Samples of composed schemas conform to them")
struct SampleTests {
  /// Every success response's sample, checked against its own schema: the violations.
  static func violations(_ text: String) throws -> [String] {
    let document = try OpenAPIDocument.parse(text, file: "composed.yaml")
    var sampler = SchemaSampler(schemas: document.schemas)
    var found: [String] = []
    for operation in document.operations {
      for response in operation.responses {
        guard let schema = response.schema, let sample = sampler.sampleResponse(schema) else {
          continue
        }
        var validator = SchemaValidator(schemas: document.schemas)
        found += validator.violations(of: sample, against: schema).map {
          "\(operation.path) \(response.status): \($0) in \(sample.text())"
        }
      }
    }
    return found
  }

  /// A response nesting `schema` `depth` objects down, where only required fields are filled.
  static func nested(_ depth: Int, schema: String) -> String {
    var body = schema
    for level in 0..<depth {
      body = "{ type: object, required: [l\(level)], properties: { l\(level): \(body) } }"
    }
    return body
  }

  @Test(
    "a field required in one allOf part and defined in another is filled, at any depth",
    arguments: [1, 6, 9])
  func requiredAcrossParts(depth: Int) throws {
    // Spotify's paging objects: the page's fields in one schema, `items` typed in another.
    let text = """
      openapi: 3.0.3
      info: { title: Paging, version: '1' }
      paths:
        /playlists:
          get:
            responses:
              '200':
                description: ok
                content:
                  application/json:
                    schema: \(Self.nested(depth, schema: "{ $ref: '#/components/schemas/PagingPlaylists' }"))
      components:
        schemas:
          PagingPlaylists:
            allOf:
              - $ref: '#/components/schemas/Paging'
              - type: object
                properties:
                  items: { type: array, items: { $ref: '#/components/schemas/Playlist' } }
          Paging:
            allOf:
              - $ref: '#/components/schemas/PagingBase'
          PagingBase:
            type: object
            required: [href, items, total]
            properties:
              href: { type: string, format: uri }
              total: { type: integer }
          Playlist:
            type: object
            required: [id]
            properties: { id: { type: string } }
      """
    #expect(try Self.violations(text) == [])
  }

  @Test(
    "properties beside an allOf, a property defined in two parts, and a oneOf beside properties")
  func ownKeywords() throws {
    let text = """
      openapi: 3.1.0
      info: { title: Own, version: '1' }
      paths:
        /message:
          get:
            responses:
              '200':
                description: ok
                content:
                  application/json:
                    schema: \(Self.nested(7, schema: "{ $ref: '#/components/schemas/InputMessageResource' }"))
        /choice:
          get:
            responses:
              '200':
                description: ok
                content:
                  application/json:
                    schema: \(Self.nested(7, schema: "{ $ref: '#/components/schemas/Choice' }"))
      components:
        schemas:
          InputMessageResource:
            allOf:
              - $ref: '#/components/schemas/InputMessage'
              - type: object
                required: [id]
                properties: { id: { type: string } }
            required: [status]
            properties: { status: { enum: [done] } }
          InputMessage:
            type: object
            required: [type, role]
            properties:
              type: { type: string, enum: [message] }
              role: { type: string, minLength: 3 }
          Choice:
            type: object
            required: [kind]
            properties: { kind: { type: string } }
            oneOf:
              - { $ref: '#/components/schemas/InputMessage' }
      """
    #expect(try Self.violations(text) == [])
  }

  @Test("allOf parts that name each other are merged once each")
  func loops() throws {
    let text = Self.answering(
      "{ $ref: '#/components/schemas/A' }",
      components: """
        { A: { allOf: [{ $ref: '#/components/schemas/B' }], required: [a], \
        properties: { a: { type: integer } } }, \
        B: { allOf: [{ $ref: '#/components/schemas/A' }], properties: { b: { type: string } } } }
        """)
    // The validator refuses the loop itself (each part checked in turn never ends); the
    // sample is made once, each part merged once.
    let document = try OpenAPIDocument.parse(text, file: "loop.yaml")
    var sampler = SchemaSampler(schemas: document.schemas)
    let schema = try #require(document.operations.first?.responses.first?.schema)
    #expect(sampler.sampleResponse(schema)?.text() == #"{"a":0,"b":"string"}"#)
  }

  /// A description of one operation answering `schema`, with `components` under it.
  static func answering(_ schema: String, components: String = "{}") -> String {
    """
    openapi: 3.1.0
    info: { title: One, version: '1' }
    paths:
      /a:
        get:
          responses:
            '200':
              description: ok
              content: { application/json: { schema: \(schema) } }
    components: { schemas: \(components) }
    """
  }

  @Test(
    "a schema's own example that breaks it (a required field left out, null for text) is replaced by a made value"
  )
  func brokenExamples() throws {
    // OpenAI's ChatSessionResource: an example without the required `state_variables`; its
    // Response: `"user": null` for a string.
    let text = Self.answering(
      "{ $ref: '#/components/schemas/Session' }",
      components: """
        { Session: { type: object, required: [id, workflow, user], \
        properties: { id: { type: string }, user: { type: string }, \
        workflow: { type: object, required: [state], \
        properties: { state: { anyOf: [{ type: object }, { type: 'null' }] } } } }, \
        example: { id: s1, user: null, workflow: {} } } }
        """)
    #expect(try Self.violations(text) == [])
    // An example that conforms is served as written.
    let kept = Self.answering(
      "{ type: object, example: { id: s1 }, properties: { id: { type: string } } }")
    let document = try OpenAPIDocument.parse(kept, file: "kept.yaml")
    var sampler = SchemaSampler(schemas: document.schemas)
    let schema = try #require(document.operations.first?.responses.first?.schema)
    #expect(sampler.sampleResponse(schema)?.text() == #"{"id":"s1"}"#)
  }

  @Test("a sample past its share of values still fills every required field")
  func requiredPastTheShare() throws {
    // Wide objects nested a few levels: the share runs out long before the end, and each
    // object's required fields must still be there.
    var properties: [String] = []
    for index in 0..<40 {
      properties.append("p\(index): { $ref: '#/components/schemas/Wide' }")
    }
    let text = Self.answering(
      "{ type: array, minItems: 3, items: { $ref: '#/components/schemas/Wide' } }",
      components: """
        { Wide: { type: object, required: [id, name], properties: { id: { type: integer }, \
        name: { type: string }, \(properties.joined(separator: ", ")) } } }
        """)
    let found = try Self.violations(text)
    #expect(found.isEmpty, "\(found.prefix(3))")
  }

  @Test(
    "JSON Schema draft 4's positional items (Slack's descriptions) read, each item checked against any"
  )
  func positionalItems() throws {
    let text = Self.answering(
      "{ type: object, properties: { ts: { type: array, items: [{ type: integer }, { type: 'null' }] } } }"
    )
    #expect(try Self.violations(text) == [])
    let document = try OpenAPIDocument.parse(text, file: "slack.yaml")
    let schema = try #require(document.operations.first?.responses.first?.schema)
    var validator = SchemaValidator(schemas: document.schemas)
    let good = try JSONReader.parse(#"{"ts":[1,null]}"#.utf8)
    let bad = try JSONReader.parse(#"{"ts":["one"]}"#.utf8)
    #expect(validator.violations(of: good, against: schema).isEmpty)
    #expect(!validator.violations(of: bad, against: schema).isEmpty)
  }
}
