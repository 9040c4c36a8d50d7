#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// A value that conforms to a schema, for an operation that documents no example: the
  /// schema's own example or default when it has one, its first `enum` value, else a plain
  /// value of its type and format, with every property filled. Recursive schemas stop at a
  /// depth, leaving optional properties out and arrays empty.
  struct SchemaSampler {
    let schemas: [String: JSONSchema]
    /// Below this depth, only what is required is filled.
    static let fullDepth = 6
    /// Below this depth, nothing more is filled.
    static let deepest = 24
    /// The most values one sample holds: a schema of many wide objects nested a few levels
    /// deep would otherwise multiply out to billions.
    static let mostValues = 10_000

    private var remaining = SchemaSampler.mostValues

    init(schemas: [String: JSONSchema]) { self.schemas = schemas }

    mutating func sample(_ schema: JSONSchema, depth: Int = 0) -> LocatedJSON {
      if let example = schema.example { return example }
      remaining -= 1
      guard depth <= Self.deepest, remaining > 0 else { return LocatedJSON(.null) }
      if let reference = schema.reference {
        guard let target = schemas[reference] else { return LocatedJSON(.null) }
        return sample(target, depth: depth + 1)
      }
      if let first = schema.enumValues?.first { return first }
      if let choice = schema.oneOf.first ?? schema.anyOf.first {
        return sample(choice, depth: depth + 1)
      }
      if !schema.allOf.isEmpty {
        // Objects merge; a part of another type (`allOf: [$ref: Id]`) is the sample itself.
        var members: [LocatedJSON.Member] = []
        var other: LocatedJSON?
        for part in schema.allOf {
          let value = sample(part, depth: depth + 1)
          if case .object(let more) = value.kind {
            for member in more where !members.contains(where: { $0.name == member.name }) {
              members.append(member)
            }
          } else if other == nil {
            other = value
          }
        }
        if members.isEmpty, let other { return other }
        return LocatedJSON(.object(members))
      }
      let types = schema.types ?? (schema.properties.isEmpty ? [.string] : [.object])
      let kind =
        JSONSchema.Kind.allCases.first { $0 != .null && types.contains($0) } ?? .null
      switch kind {
      case .string:
        return LocatedJSON(.string(Self.text(for: schema)))
      case .integer:
        return LocatedJSON(.number(Self.number(for: schema, whole: true)))
      case .number:
        return LocatedJSON(.number(Self.number(for: schema, whole: false)))
      case .boolean:
        return LocatedJSON(.bool(true))
      case .array:
        let count = depth < Self.fullDepth ? max(1, schema.minItems ?? 1) : (schema.minItems ?? 0)
        guard let item = schema.items.first, count > 0 else { return LocatedJSON(.array([])) }
        let one = sample(item, depth: depth + 1)
        return LocatedJSON(.array(Array(repeating: one, count: min(count, 3))))
      case .object:
        var members: [LocatedJSON.Member] = []
        for property in schema.properties
        where depth < Self.fullDepth || schema.required.contains(property.name) {
          members.append(
            .init(name: property.name, value: sample(property.schema, depth: depth + 1)))
        }
        return LocatedJSON(.object(members))
      case .null:
        return LocatedJSON(.null)
      }
    }

    private static func text(for schema: JSONSchema) -> String {
      var text: String
      switch schema.format {
      case "date-time": text = "2026-01-01T00:00:00Z"
      case "date": text = "2026-01-01"
      case "uuid": text = "00000000-0000-4000-8000-000000000000"
      case "email": text = "user@example.com"
      case "uri": text = "https://example.com/"
      case "ipv4": text = "192.0.2.1"
      default: text = "string"
      }
      if let least = schema.minLength, text.count < least {
        text += String(repeating: "x", count: min(least, 4_096) - text.count)
      }
      if let most = schema.maxLength, text.count > most { text = String(text.prefix(most)) }
      return text
    }

    private static func number(for schema: JSONSchema, whole: Bool) -> Double {
      var value = schema.minimum.map { schema.exclusiveMinimum ? $0 + 1 : $0 } ?? 0
      if let maximum = schema.maximum,
        schema.exclusiveMaximum ? value >= maximum : value > maximum
      {
        // Below an exclusive maximum: halfway from the minimum, or one below.
        value =
          schema.exclusiveMaximum
          ? schema.minimum.map { ($0 + maximum) / 2 } ?? maximum - 1 : maximum
      }
      return whole ? value.rounded(.up) : value
    }
  }
#endif
