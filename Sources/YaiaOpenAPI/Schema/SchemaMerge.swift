#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// An `allOf` as the one schema it means, for sampling: every part (through `$ref`s and
  /// nested `allOf`s, at any depth) merged with the schema's own keywords, so that a field
  /// `required` in one part and defined in another is both defined and required in the sample.
  ///
  /// Properties are united (one defined in two parts is the `allOf` of both), `required` is
  /// united, types are intersected, and any other keyword is taken from the first part that
  /// has it. Validation does not use this: it checks each part, as JSON Schema says.
  enum SchemaMerge {
    /// The most parts one merge visits: a description of parts that name each other many
    /// times over is not walked without end.
    static let mostParts = 256

    /// `schema` with its `allOf` merged in; the schema itself when it has none.
    static func merged(_ schema: JSONSchema, schemas: [String: JSONSchema]) -> JSONSchema {
      guard !schema.allOf.isEmpty else { return schema }
      var result = JSONSchema()
      result.line = schema.line
      var examples: [JSONValue] = []
      var visited = 0
      var seen: Set<String> = []
      add(
        schema, into: &result, examples: &examples, schemas: schemas, visited: &visited, seen: &seen
      )
      // A part's example stands for the whole only when nothing else shapes an object.
      if result.properties.isEmpty, result.types?.contains(.object) != true {
        result.example = examples.first
      }
      return result
    }

    private static func add(
      _ part: JSONSchema, into result: inout JSONSchema, examples: inout [JSONValue],
      schemas: [String: JSONSchema], visited: inout Int, seen: inout Set<String>
    ) {
      visited += 1
      guard visited <= mostParts else { return }
      if let reference = part.reference {
        // A part named twice (or a loop of parts) adds nothing the second time.
        guard seen.insert(reference).inserted, let target = schemas[reference] else { return }
        add(
          target, into: &result, examples: &examples, schemas: schemas, visited: &visited,
          seen: &seen)
        return
      }
      if let example = part.example { examples.append(example) }
      if let types = part.types {
        // Parts that share no type cannot all hold; the first part's types are kept then.
        let shared = result.types.map { $0.intersection(types) } ?? types
        if !shared.isEmpty { result.types = shared }
      }
      for property in part.properties {
        if let index = result.properties.firstIndex(where: { $0.name == property.name }) {
          var both = JSONSchema()
          both.line = result.properties[index].schema.line
          both.allOf = [result.properties[index].schema, property.schema]
          result.properties[index].schema = both
        } else {
          result.properties.append(property)
        }
      }
      for name in part.required where !result.required.contains(name) {
        result.required.append(name)
      }
      if result.additional == nil { result.additional = part.additional }
      if result.items.isEmpty { result.items = part.items }
      if result.enumValues == nil, let values = part.enumValues { result.enumValues = values }
      if result.format == nil { result.format = part.format }
      if result.minimum == nil {
        result.minimum = part.minimum
        result.exclusiveMinimum = part.exclusiveMinimum
      }
      if result.maximum == nil {
        result.maximum = part.maximum
        result.exclusiveMaximum = part.exclusiveMaximum
      }
      if result.minLength == nil { result.minLength = part.minLength }
      if result.maxLength == nil { result.maxLength = part.maxLength }
      if result.minItems == nil { result.minItems = part.minItems }
      if result.maxItems == nil { result.maxItems = part.maxItems }
      if result.oneOf.isEmpty { result.oneOf = part.oneOf }
      if result.anyOf.isEmpty { result.anyOf = part.anyOf }
      for nested in part.allOf {
        add(
          nested, into: &result, examples: &examples, schemas: schemas, visited: &visited,
          seen: &seen)
      }
    }
  }
#endif
