#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// A value that conforms to a schema, for an operation that documents no example: the
  /// schema's own example or default when it has one, its first `enum` value, else a plain
  /// value of its type, format and pattern, with every property filled. A schema met again
  /// inside itself (a recursive one), and everything past ``fullDepth`` or the cost meter,
  /// holds only what is required, arrays at their least.
  package struct SchemaSampler {
    let schemas: [String: JSONSchema]
    /// Below this depth, only what is required is filled. (Six once left 20 of Spotify's 69
    /// answers with `items: [{}]`: its references alone go that deep.)
    static let fullDepth = 16
    /// Below this depth, nothing more is filled.
    static let deepest = 24
    /// The most values one sample holds: a schema of many wide objects nested a few levels
    /// deep would otherwise multiply out to billions.
    static let mostValues = 10_000
    /// The most values all the samples of one description hold together: a description of
    /// thousands of responses, each at the limit above, would otherwise serve gigabytes.
    static let mostValuesPerDocument = 1_000_000

    /// What the sample being made may still hold: values actually produced are charged, a
    /// repeated array item once per copy, an example by its size, a long string by its bytes.
    private var remaining = SchemaSampler.mostValues
    /// What the description's samples may still hold together.
    private(set) var documentRemaining = SchemaSampler.mostValuesPerDocument
    /// What the sample being made could hold when it began.
    private var sampleStart = SchemaSampler.mostValues

    /// Checks a schema's own example before it is used: one that breaks its schema (a
    /// required field left out, a `null` where text is due) is replaced by a value made from
    /// the schema, as a real answer would conform. Each check makes at most
    /// ``exampleCheckSteps`` steps, and all of a description's checks together at most
    /// ``exampleCheckStepsPerDocument``; past either, the example is used as written.
    private var exampleChecker: SchemaValidator
    private var exampleCheckSteps = 0
    /// The most steps one example's check makes.
    static let exampleCheckSteps = 20_000
    /// The most steps all of a description's example checks make.
    static let exampleCheckStepsPerDocument = 2_000_000

    package init(schemas: [String: JSONSchema]) {
      self.schemas = schemas
      self.exampleChecker = SchemaValidator(schemas: schemas, stepLimit: Self.exampleCheckSteps)
    }

    /// Whether `example` may stand for `schema`: it conforms, or checking it would cost more
    /// than is left (then the author's example is trusted).
    private mutating func mayUse(_ example: JSONValue, for schema: JSONSchema) -> Bool {
      guard exampleCheckSteps < Self.exampleCheckStepsPerDocument else { return true }
      var own = schema
      own.example = nil
      let violations = exampleChecker.violations(of: example, against: own)
      exampleCheckSteps += exampleChecker.stepsTaken
      return violations.isEmpty || violations.contains { $0.reason.contains("too complex") }
    }

    /// A sample of `schema` for one response, charged to the description's meter; `nil` when
    /// the meter has run out (the response then serves an empty object, and says nothing
    /// worse).
    package mutating func sampleResponse(_ schema: JSONSchema) -> JSONValue? {
      guard documentRemaining > 0 else { return nil }
      remaining = min(Self.mostValues, documentRemaining)
      sampleStart = remaining
      let value = sample(schema)
      documentRemaining = max(0, documentRemaining - (sampleStart - remaining))
      return value
    }

    /// A sample of `schema` holding only what it requires, at every depth: the least answer
    /// the API may send. A model that reads the full sample but not this one has a property
    /// the description leaves optional, wherever in the answer it sits.
    package mutating func sampleRequiredOnly(_ schema: JSONSchema) -> JSONValue? {
      let wasFrugal = forcedFrugal
      forcedFrugal = true
      oneItemAtLeast = true
      defer {
        forcedFrugal = wasFrugal
        oneItemAtLeast = false
      }
      return sampleResponse(schema)
    }

    /// Whether a frugal array still holds one item (the least answer's), so that what its
    /// items require is read too.
    private var oneItemAtLeast = false

    /// Whether `value` is a JSON object.
    private static func isObject(_ value: JSONValue) -> Bool {
      if case .object = value.kind { return true }
      return false
    }

    /// The number of values in `value`, counting no further than `limit`.
    static func size(of value: JSONValue, upTo limit: Int) -> Int {
      var count = 0
      var pending = [value]
      while let next = pending.popLast(), count <= limit {
        count += 1
        switch next.kind {
        case .array(let items): pending.append(contentsOf: items)
        case .object(let members): pending.append(contentsOf: members.map(\.value))
        case .string(let text): count += text.utf8.count / 64
        default: break
        }
      }
      return count
    }

    /// `value`, an example or enum value the description writes out, charged by its size.
    ///
    /// An example larger than one sample's share is still served whole while the description's
    /// meter holds it: the author wrote it, and its size was already paid for when the
    /// document was read. The sample then has nothing left, so it is never copied (an array's
    /// repeated item) and nothing is added after it. `null` when even the description's meter
    /// cannot hold it.
    private mutating func charged(_ value: JSONValue) -> JSONValue {
      let documentLeft = documentRemaining - (sampleStart - remaining)
      let limit = max(remaining, documentLeft)
      let size = Self.size(of: value, upTo: limit)
      guard size <= limit else {
        remaining = 0
        return JSONValue(.null)
      }
      remaining -= size
      return value
    }

    /// Past the sample's share, values still made to complete what is required: an object
    /// whose required fields were left out (or `null`) would break its own schema, and an app
    /// decoding it would fail on the mock and not on the real API.
    static let overdraft = 2_000
    /// The most items an array's `minItems` makes.
    static let mostItems = 1_000
    /// Whether only what is required is being made, whatever is left (the items an array's
    /// `minItems` asks for beyond its full copies).
    private var forcedFrugal = false
    /// The references being sampled, outermost first: one met again is a recursion, whose
    /// inner copy holds only what it requires.
    private var referencesOpen: [String] = []

    mutating func sample(_ schema: JSONSchema, depth: Int = 0) -> JSONValue {
      // The least answer keeps no example of an object: its optional fields are the author's.
      if let example = schema.example, !(oneItemAtLeast && Self.isObject(example)),
        mayUse(example, for: schema)
      {
        return charged(example)
      }
      remaining -= 1
      guard depth <= Self.deepest, remaining > -Self.overdraft else { return JSONValue(.null) }
      // Out of its share: only what the schema requires, arrays at their least.
      let frugal = forcedFrugal || remaining <= 0 || depth >= Self.fullDepth
      if let reference = schema.reference {
        guard let target = schemas[reference] else { return JSONValue(.null) }
        let recursive = referencesOpen.contains(reference)
        let wasFrugal = forcedFrugal
        let wasOneItem = oneItemAtLeast
        forcedFrugal = forcedFrugal || recursive
        // Inside a recursion an array holds what it requires only, or a tree of required
        // children would grow to the deepest level and end in nulls.
        oneItemAtLeast = oneItemAtLeast && !recursive
        referencesOpen.append(reference)
        defer {
          referencesOpen.removeLast()
          forcedFrugal = wasFrugal
          oneItemAtLeast = wasOneItem
        }
        return sample(target, depth: depth + 1)
      }
      if let first = schema.enumValues?.first { return charged(first) }
      if !schema.allOf.isEmpty {
        // One schema, its parts merged first: a field required in one part and defined in
        // another (a few levels down) is filled, as the parts together demand.
        return sample(SchemaMerge.merged(schema, schemas: schemas), depth: depth + 1)
      }
      if let choice = schema.oneOf.first ?? schema.anyOf.first {
        // The choice with the schema's own keywords beside it (`properties` next to `oneOf`).
        var combined = JSONSchema()
        combined.allOf = [choice, Self.withoutChoices(schema)]
        let made = sample(combined, depth: depth + 1)
        // The discriminator's property names the choice made (`petType: dog`), when the
        // mapping says which value does; without one, the choice's own schema (an enum) has
        // already written it.
        guard let discriminator = schema.discriminator, let pointer = choice.reference,
          discriminator.mapping.values.contains(pointer), case .object(var members) = made.kind
        else { return made }
        let tag = JSONValue(.string(discriminator.value(naming: pointer)))
        if let index = members.firstIndex(where: { $0.name == discriminator.property }) {
          members[index].value = tag
        } else {
          members.append(.init(name: discriminator.property, value: tag))
        }
        return JSONValue(.object(members))
      }
      let types = schema.types ?? (schema.properties.isEmpty ? [.string] : [.object])
      let kind =
        JSONSchema.Kind.allCases.first { $0 != .null && types.contains($0) } ?? .null
      switch kind {
      case .string:
        let text = self.text(for: schema)
        remaining -= text.utf8.count / 64
        return JSONValue(.string(text))
      case .integer:
        return JSONValue(.number(JSONNumber(Self.number(for: schema, whole: true))))
      case .number:
        return JSONValue(.number(JSONNumber(Self.number(for: schema, whole: false))))
      case .boolean:
        return JSONValue(.bool(true))
      case .array:
        let least = min(schema.minItems ?? 0, Self.mostItems)
        // One item when none is asked for, unless `maxItems: 0` allows none.
        let count =
          (frugal && !oneItemAtLeast) || schema.maxItems == 0 ? least : max(1, least)
        guard let item = schema.items.first, count > 0 else { return JSONValue(.array([])) }
        // The item once, then its copies charged as what they are: values served (three
        // copies per level of nested arrays multiply out to 3^depth).
        let before = remaining
        let one = sample(item, depth: depth + 1)
        let cost = max(1, before - remaining)
        let allowance = { (remaining: Int) in max(0, remaining + (frugal ? Self.overdraft : 0)) }
        let copies = min(min(count, 3) - 1, allowance(remaining) / cost)
        remaining -= copies * cost
        var items = Array(repeating: one, count: 1 + copies)
        if items.count < count, remaining > -Self.overdraft {
          // `minItems` asks for more than full copies afford: the rest hold only what an item
          // requires, within the overdraft.
          let wasFrugal = forcedFrugal
          forcedFrugal = true
          let start = remaining
          let least = sample(item, depth: depth + 1)
          forcedFrugal = wasFrugal
          let leastCost = max(1, start - remaining)
          let more = min(count - items.count - 1, max(0, remaining + Self.overdraft) / leastCost)
          remaining -= more * leastCost
          items += Array(repeating: least, count: 1 + more)
        }
        return JSONValue(.array(items))
      case .object:
        var members: [JSONMember] = []
        for property in schema.properties
        where schema.required.contains(property.name) || (!frugal && remaining > 0) {
          // Past the overdraft: no more members, not one `null` each (they added up).
          guard remaining > -Self.overdraft else { break }
          members.append(
            .init(name: property.name, value: sample(property.schema, depth: depth + 1)))
        }
        return JSONValue(.object(members))
      case .null:
        return JSONValue(.null)
      }
    }

    /// `schema` without its `oneOf` and `anyOf`: its own keywords, merged with a choice.
    private static func withoutChoices(_ schema: JSONSchema) -> JSONSchema {
      var own = schema
      own.oneOf = []
      own.anyOf = []
      own.discriminator = nil
      own.example = nil
      return own
    }

    /// Samples of patterns found so far, by lengths and pattern: a pattern is sampled once
    /// per description, however many values it types.
    private var patternSamples: [String: String] = [:]

    /// A text of `schema`'s format and lengths that its pattern matches, when one is found
    /// (the reader notes a pattern with none).
    private mutating func text(for schema: JSONSchema) -> String {
      let plain = Self.plainText(for: schema)
      guard let pattern = schema.pattern, pattern.matches(plain, steps: 100_000) != true else {
        return plain
      }
      let key =
        "\(schema.minLength ?? 0) \(schema.maxLength ?? -1) \(schema.format ?? "") "
        + pattern.source
      if let known = patternSamples[key] { return known }
      // Sampling a pattern costs up to a few million steps: a description samples at most
      // as many distinct ones as its reader checks at load, the rest answer plain text.
      guard patternSamples.count < OpenAPIReader.mostSampledPatterns else { return plain }
      // A sample of the pattern that is also of the schema's format, when it has one.
      let format = schema.format
      let made =
        pattern.sample(
          least: schema.minLength ?? 0, most: schema.maxLength,
          where: { text in format.map { SchemaFormat.accepts(text, format: $0) } ?? true })
        ?? plain
      patternSamples[key] = made
      return made
    }

    /// The text a string schema is sampled with before its pattern: its format's example
    /// (`user@example.com`), else `string`, fitted to its lengths.
    static func plainText(for schema: JSONSchema) -> String {
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
      // Zero when the bounds allow it: what a reader expects of an id or a count, and far
      // from an `int64` bound that a double cannot write exactly.
      let aboveMinimum = schema.minimum.map { schema.exclusiveMinimum ? 0 > $0 : 0 >= $0 } ?? true
      let belowMaximum = schema.maximum.map { schema.exclusiveMaximum ? 0 < $0 : 0 <= $0 } ?? true
      if aboveMinimum, belowMaximum { return 0 }
      var value = schema.minimum.map { schema.exclusiveMinimum ? $0 + 1 : $0 } ?? 0
      if let maximum = schema.maximum,
        schema.exclusiveMaximum ? value >= maximum : value > maximum
      {
        // Below an exclusive maximum: halfway from the minimum, or one below.
        value =
          schema.exclusiveMaximum
          ? schema.minimum.map { ($0 + maximum) / 2 } ?? maximum - 1 : maximum
      }
      // `minimum: 1e999` reads as infinity, which JSON cannot write: such a bound is ignored.
      guard value.isFinite else { return 0 }
      return whole ? value.rounded(.up) : value
    }
  }
#endif
