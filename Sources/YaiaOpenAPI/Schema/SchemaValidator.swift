#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Yaia

  /// One way a value breaks its schema: where (`$.items[0].price`), on which line, and how.
  public struct SchemaViolation: Equatable, Sendable, CustomStringConvertible {
    /// The value's place in the document, as a JSON path from `$`.
    public var path: String
    /// The line of the value, from 1; 0 when unknown.
    public var line: Int
    /// What is wrong: `expected number, found string "12"`.
    public var reason: String

    public var description: String { "\(path): \(reason)" }
  }

  /// Checks values against the schemas of one document, following `$ref`s within a depth
  /// budget and doing at most a bounded amount of work per value, so a recursive schema or a
  /// combinatorial `oneOf` cannot hold the check.
  package struct SchemaValidator {
    /// The schemas `$ref` pointers name.
    let schemas: [String: JSONSchema]
    /// How many `$ref`s and nested schemas one check may follow, deepest.
    static let deepest = 64
    /// How many schema-value checks one validation may make.
    static let mostSteps = 1_000_000
    /// How many violations one validation reports.
    static let mostViolations = 50

    private var steps = 0
    /// The steps the last validation made: what a caller with a budget of its own charges.
    package var stepsTaken: Int { steps }
    /// How many schema-value checks one validation of this validator may make.
    let stepLimit: Int

    /// A validator of values against `schemas`, each validation making at most `stepLimit`
    /// checks.
    package init(schemas: [String: JSONSchema], stepLimit: Int = SchemaValidator.mostSteps) {
      self.schemas = schemas
      self.stepLimit = stepLimit
    }

    /// The violations of `value` against `schema` (empty when it conforms). A check that runs
    /// out of steps says so, wherever it ran out (inside a `oneOf` too): it never passes.
    package mutating func violations(of value: JSONValue, against schema: JSONSchema)
      -> [SchemaViolation]
    {
      steps = 0
      var found: [SchemaViolation] = []
      check(value, schema, path: "$", depth: 0, into: &found)
      if steps > stepLimit, !found.contains(where: { $0.reason.contains("too complex") }) {
        found.insert(
          SchemaViolation(
            path: "$", line: value.line,
            reason: "the schema is too complex to check (more than \(stepLimit) steps)"),
          at: 0)
      }
      return Array(found.prefix(Self.mostViolations))
    }

    private mutating func check(
      _ value: JSONValue, _ schema: JSONSchema, path: String, depth: Int,
      into found: inout [SchemaViolation]
    ) {
      func fail(_ reason: String) {
        if found.count < Self.mostViolations {
          found.append(SchemaViolation(path: path, line: value.line, reason: reason))
        }
      }
      steps += 1
      guard steps <= stepLimit else {
        if steps == stepLimit + 1 {
          fail("the schema is too complex to check (more than \(stepLimit) steps)")
        }
        return
      }
      guard depth <= Self.deepest else {
        fail("the schema nests deeper than \(Self.deepest) levels (a $ref that loops?)")
        return
      }
      if let reference = schema.reference {
        guard let target = schemas[reference] else {
          fail("the schema \(reference) is not in the document")
          return
        }
        check(value, target, path: path, depth: depth + 1, into: &found)
        return
      }
      for part in schema.allOf {
        check(value, part, path: path, depth: depth + 1, into: &found)
      }
      // A discriminator names the one choice a value is checked against, when its value
      // names one of the choices (by the mapping, or by the schema's name). A value that
      // names none is left to the choices themselves: OpenAI's, without a mapping, carry
      // `type: function` in a schema named `FunctionTool`, which only its own enum tells.
      let choices = schema.oneOf + schema.anyOf
      var discriminated = false
      var tag: String?
      if let discriminator = schema.discriminator,
        case .string(let text) = value[discriminator.property]?.kind
      {
        tag =
          "its discriminator \(discriminator.property) is \(VisibleText.escaped(text, atMost: 60))"
        let pointer = discriminator.pointer(for: text)
        if choices.contains(where: { $0.reference == pointer }) {
          discriminated = true
          var choice = JSONSchema()
          choice.reference = pointer
          check(value, choice, path: path, depth: depth + 1, into: &found)
        }
      }
      if !discriminated, !schema.oneOf.isEmpty {
        let passing = schema.oneOf.filter { conforms(value, $0, path: path, depth: depth + 1) }
          .count
        if passing != 1 {
          fail(
            (passing == 0
              ? "matches none of its oneOf schemas"
              : "matches \(passing) of its oneOf schemas, not exactly one")
              + (tag.map { " (\($0))" } ?? ""))
        }
      }
      if !discriminated, !schema.anyOf.isEmpty,
        !schema.anyOf.contains(where: { conforms(value, $0, path: path, depth: depth + 1) })
      {
        fail("matches none of its anyOf schemas" + (tag.map { " (\($0))" } ?? ""))
      }
      // `nullable: true` beside an `enum` without `null` (Twilio's `vetting_provider`): the
      // description means "one of these, or null", and its own examples send null; OpenAPI
      // 3.0.3 left the reading open, so null passes where the type allows it.
      let nullAllowed: Bool
      if case .null = value.kind {
        nullAllowed = schema.types?.contains(.null) == true
      } else {
        nullAllowed = false
      }
      if let allowed = schema.enumValues, !nullAllowed,
        !(JSONSchema.scalarKey(value).map { schema.enumScalars?.contains($0) == true }
          ?? allowed.contains(where: { Self.same($0, value) }))
      {
        let shown = allowed.prefix(10).map { $0.text() }.joined(separator: ", ")
        fail("\(value.text().prefix(60)) is not one of \(shown)\(allowed.count > 10 ? ", …" : "")")
        return
      }
      if let types = schema.types, !types.contains(where: { Self.isOf($0, value) }) {
        let names = types.map(\.rawValue).sorted().joined(separator: " or ")
        fail("expected \(names), found \(Self.describe(value))")
        return
      }
      switch value.kind {
      case .string(let text):
        let length = text.count
        if let least = schema.minLength, length < least {
          fail("\(length) characters, fewer than \(least)")
        }
        if let most = schema.maxLength, length > most {
          fail("\(length) characters, more than \(most)")
        }
        if let format = schema.format, !SchemaFormat.accepts(text, format: format) {
          fail("\(Self.describe(value)) is not a \(format)")
        }
        if let pattern = schema.pattern {
          // Matching is charged to the same meter at 16 matching steps (states visited) per
          // check; a text that would take more than is left is not judged, and says so as a
          // schema too complex to check does (an example then stands as written).
          let allowance = max(0, stepLimit - steps) * 16
          let (matched, taken) = pattern.matching(text, steps: allowance)
          steps += taken / 16
          let shown = ParameterValue.shown(String(pattern.source.prefix(120)))
          switch matched {
          case true?: break
          case false?: fail("\(Self.describe(value)) does not match the pattern \(shown)")
          case nil:
            fail(
              "the pattern \(shown) is too complex to check (more than \(stepLimit) steps) "
                + "against \(length) characters")
          }
        }
      case .number(let written):
        let number = written.value
        if let minimum = schema.minimum,
          schema.exclusiveMinimum ? number <= minimum : number < minimum
        {
          fail("\(value.text()) is below the minimum \(JSONNumber(minimum).text)")
        }
        if let maximum = schema.maximum,
          schema.exclusiveMaximum ? number >= maximum : number > maximum
        {
          fail("\(value.text()) is above the maximum \(JSONNumber(maximum).text)")
        }
        if let format = schema.format, !SchemaFormat.accepts(number, format: format) {
          fail("\(value.text()) is not an \(format)")
        }
      case .array(let items):
        if let least = schema.minItems, items.count < least {
          fail("\(items.count) items, fewer than \(least)")
        }
        if let most = schema.maxItems, items.count > most {
          fail("\(items.count) items, more than \(most)")
        }
        if let itemSchema = schema.items.first {
          for (index, item) in items.enumerated() {
            check(item, itemSchema, path: "\(path)[\(index)]", depth: depth + 1, into: &found)
          }
        }
      case .object(let members):
        for name in schema.required where !members.contains(where: { $0.name == name }) {
          fail("the required field \(name) is missing")
        }
        for member in members {
          let memberPath = path + "." + member.name
          if let property = schema.properties.first(where: { $0.name == member.name }) {
            check(member.value, property.schema, path: memberPath, depth: depth + 1, into: &found)
          } else if let additional = schema.additional {
            if let other = additional.first {
              check(member.value, other, path: memberPath, depth: depth + 1, into: &found)
            } else {
              found.append(
                SchemaViolation(
                  path: memberPath, line: member.value.line,
                  reason:
                    "the field \(VisibleText.escaped(member.name, atMost: 80)) is not in the schema, which allows no others"
                ))
            }
          }
        }
      case .bool, .null:
        break
      }
    }

    private mutating func conforms(
      _ value: JSONValue, _ schema: JSONSchema, path: String, depth: Int
    ) -> Bool {
      var found: [SchemaViolation] = []
      check(value, schema, path: path, depth: depth, into: &found)
      return found.isEmpty
    }

    static func isOf(_ kind: JSONSchema.Kind, _ value: JSONValue) -> Bool {
      switch (kind, value.kind) {
      case (.string, .string), (.boolean, .bool), (.array, .array), (.object, .object),
        (.null, .null),
        (.number, .number):
        return true
      case (.integer, .number(let number)):
        return number.value.rounded() == number.value
      default:
        return false
      }
    }

    static func describe(_ value: JSONValue) -> String {
      switch value.kind {
      case .null: "null"
      case .bool(let flag): "boolean \(flag)"
      case .number: "number \(value.text())"
      case .string(let text): "string \(JSONValue(.string(String(text.prefix(60)))).text())"
      case .array: "an array"
      case .object: "an object"
      }
    }

    /// Whether two values are the same JSON (lines aside).
    static func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
      switch (lhs.kind, rhs.kind) {
      case (.null, .null): return true
      case (.bool(let a), .bool(let b)): return a == b
      case (.number(let a), .number(let b)): return a == b
      case (.string(let a), .string(let b)): return a == b
      case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
      case (.object(let a), .object(let b)):
        return a.count == b.count
          && a.allSatisfy { member in
            b.contains { $0.name == member.name && same($0.value, member.value) }
          }
      default: return false
      }
    }
  }
#endif
