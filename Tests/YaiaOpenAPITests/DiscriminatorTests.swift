import Foundation
import Testing

@testable import YaiaOpenAPI

/// A `oneOf` with a `discriminator`, as OpenAI's and Stripe's polymorphic objects are written:
/// the property's value names the one choice a value is checked against, and a sample carries
/// the value of the choice it was made of.
@Suite("Discriminators")
struct DiscriminatorTests {
  static let pets = """
    openapi: 3.0.3
    info: { title: Pets, version: '1' }
    paths:
      /pets:
        post:
          requestBody:
            required: true
            content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
          responses: { '201': { description: made } }
      /pets/{id}:
        get:
          parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
          responses:
            '200':
              description: ok
              content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
    components:
      schemas:
        Pet:
          oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }]
          discriminator:
            propertyName: petType
            mapping: { dog: '#/components/schemas/Dog', cat: Cat }
        Dog:
          type: object
          required: [petType, bark]
          properties: { petType: { type: string }, bark: { type: boolean } }
        Cat:
          type: object
          required: [petType, lives]
          properties: { petType: { type: string }, lives: { type: integer } }
    """

  /// How a body sent to `POST /pets` breaks the description.
  static func violations(_ json: String) throws -> [String] {
    let document = try OpenAPIDocument.parse(pets, file: "pets.yaml")
    return try #require(
      document.problems(
        with: HTTPRequest(
          method: .post, path: "/pets", headers: ["Content-Type": "application/json"],
          body: Data(json.utf8))))
  }

  @Test("the property names the choice: its faults are named inside it, an unknown value named")
  func validation() throws {
    #expect(try Self.violations(#"{"petType": "dog", "bark": true}"#) == [])
    // Both choices would take it; the discriminator says which one it is.
    #expect(try Self.violations(#"{"petType": "cat", "bark": true, "lives": 9}"#) == [])
    #expect(
      try Self.violations(#"{"petType": "cat", "lives": "nine"}"#)
        == [#"the body at $.lives: expected integer, found string "nine""#])
    #expect(
      try Self.violations(#"{"petType": "bird"}"#)
        == ["the body at $: matches none of its oneOf schemas (its discriminator petType is bird)"])
    #expect(
      try Self.violations(#"{"bark": true}"#)
        == ["the body at $: matches none of its oneOf schemas"])
  }

  @Test("a sample carries the value that names the choice it was made of")
  func sample() throws {
    let document = try OpenAPIDocument.parse(Self.pets, file: "pets.yaml")
    let get = try #require(document.operations.first { $0.method == .get })
    let schema = try #require(get.responses.first?.schema)
    var sampler = SchemaSampler(schemas: document.schemas)
    let sampled = sampler.sampleResponse(schema)
    let sample = try #require(sampled)
    #expect(sample.text() == #"{"petType":"dog","bark":true}"#)
    var validator = SchemaValidator(schemas: document.schemas)
    #expect(validator.violations(of: sample, against: schema).isEmpty)
  }

  /// OpenAI's shape: a discriminator without a mapping, whose values are each choice's own
  /// enum (`type: function` in a schema named `FunctionTool`), not the schemas' names.
  static let tools = """
    openapi: 3.0.3
    info: { title: Tools, version: '1' }
    paths:
      /tool:
        get:
          responses:
            '200':
              description: ok
              content: { application/json: { schema: { $ref: '#/components/schemas/Tool' } } }
    components:
      schemas:
        Tool:
          oneOf: [{ $ref: '#/components/schemas/FunctionTool' }, { $ref: '#/components/schemas/FileSearchTool' }]
          discriminator: { propertyName: type }
        FunctionTool:
          type: object
          required: [type, name]
          properties: { type: { type: string, enum: [function] }, name: { type: string } }
        FileSearchTool:
          type: object
          required: [type]
          properties: { type: { type: string, enum: [file_search] } }
    """

  @Test("without a mapping, the choices' own enums tell them apart, as OpenAI writes them")
  func withoutMapping() throws {
    let document = try OpenAPIDocument.parse(Self.tools, file: "tools.yaml")
    let schema = try #require(document.operations.first?.responses.first?.schema)
    var sampler = SchemaSampler(schemas: document.schemas)
    let sampled = sampler.sampleResponse(schema)
    let sample = try #require(sampled)
    #expect(sample.text() == #"{"type":"function","name":"string"}"#)
    var validator = SchemaValidator(schemas: document.schemas)
    #expect(validator.violations(of: sample, against: schema).isEmpty)
  }
}
