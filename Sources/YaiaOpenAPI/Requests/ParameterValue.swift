#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import Yaia
  import YaiaToolSupport

  /// A parameter read back from a request as the JSON value its schema describes, following its
  /// ``ParameterStyle``: `?tags=a&tags=b` is the list `["a", "b"]` for a `form` list parameter,
  /// `?id[x]=1` the object `{"x": 1}` for a `deepObject` one. Numbers are read as JSON writes
  /// them (`0x10` and `1e2` are not integers); text the schema does not make a number or a
  /// boolean stays text, so the schema check names what is wrong with it.
  enum ParameterValue {
    /// What a request sent for one parameter.
    enum Outcome: Equatable {
      /// Nothing: the parameter was not sent.
      case absent
      /// The value, typed by the schema.
      case value(JSONValue)
      /// The value, typed by the one choice of the schema's `anyOf` or `oneOf` its form names
      /// (`?created=1` the integer, `?created[gte]=1` the range object), to be checked against
      /// that choice, so that a fault is named inside it.
      case chosen(JSONValue, JSONSchema)
      /// Sent in a way its style cannot be read as: the reason.
      case problem(String)
    }

    /// The most items a list parameter is read into: a query of a million commas is not.
    static let mostItems = 1_000

    /// What a list or an object past ``mostItems`` reads as.
    static let tooMany = Outcome.problem("the list has more than \(mostItems) items, the most read")

    /// `text` split at `delimiter` (an ASCII character; empty pieces kept), or `nil` when it
    /// holds more than ``mostItems`` pieces: counted first, stopping at the bound, so a query
    /// of a million commas is refused without a million strings being made.
    static func pieces(_ text: String, _ delimiter: Character) -> [String]? {
      guard let byte = delimiter.asciiValue else { return nil }
      var count = 1
      for unit in text.utf8 where unit == byte {
        count += 1
        if count > mostItems { return nil }
      }
      return text.split(separator: delimiter, omittingEmptySubsequences: false).map(String.init)
    }

    /// Outside text as a message shows it: control characters escaped, at most 80 characters,
    /// since problems reach a terminal through the server's log.
    static func shown(_ text: String) -> String { VisibleText.escaped(text, atMost: 80) }

    /// The shape a schema gives a parameter's text.
    private enum Shape {
      case scalar, list, object
    }

    /// `parameter` as `request` sends it. `pathParameters` are the path template's captures,
    /// decoded; `query` the request's items, values still percent-encoded.
    static func read(
      _ parameter: OpenAPIOperation.Parameter, pathParameters: [String: String],
      query: [(name: String, rawValue: String)], headers: HTTPHeaders,
      schemas: [String: JSONSchema]
    ) -> Outcome {
      let schema = parameter.schema.map { $0.resolved(in: schemas) }
      if let schema, let choice = choice(for: parameter, schema: schema, query: query, schemas) {
        var narrowed = parameter
        narrowed.schema = choice
        switch read(
          narrowed, pathParameters: pathParameters, query: query, headers: headers,
          schemas: schemas)
        {
        case .value(let value): return .chosen(value, choice)
        case let other: return other
        }
      }
      let shape = shape(of: schema)
      switch parameter.location {
      case .query:
        return fromQuery(parameter, shape: shape, schema: schema, items: query, schemas: schemas)
      case .path:
        guard let text = pathParameters[parameter.name] else { return .absent }
        return fromPath(parameter, text: text, shape: shape, schema: schema, schemas: schemas)
      case .header:
        let sent = headers.filter { $0.name.lowercased() == parameter.name.lowercased() }
        guard !sent.isEmpty else { return .absent }
        // Repeated header lines are one list, as HTTP joins them.
        let text = sent.map(\.value).joined(separator: ",")
        return simple(text, explode: parameter.explode, shape: shape, schema: schema, schemas)
      case .cookie:
        let cookies = headers.filter { $0.name.lowercased() == "cookie" }
          .flatMap { $0.value.split(separator: ";") }
          .map { $0.trimmingCharacters(in: .whitespaces) }
        guard
          let pair = cookies.first(where: { $0.hasPrefix(parameter.name + "=") })
        else { return .absent }
        let raw = String(pair.dropFirst(parameter.name.count + 1))
        guard let parts = pieces(raw, ",") else { return tooMany }
        return list(
          parts.map(QueryPairs.decoded), whole: QueryPairs.decoded(raw), shape: shape,
          schema: schema, schemas: schemas)
      }
    }

    /// The choice of `schema`'s `anyOf` or `oneOf` (when it has no type of its own) that the
    /// parameter's form names, when only one has that shape: the object for a query sent as
    /// `name[key]=…` (Stripe's `created[gte]=…`), else the one that is not an object
    /// (`created=1700000000`). `nil` for a schema without choices, or with several of the
    /// shape sent (then the whole schema checks the value).
    private static func choice(
      for parameter: OpenAPIOperation.Parameter, schema: JSONSchema,
      query: [(name: String, rawValue: String)], _ schemas: [String: JSONSchema]
    ) -> JSONSchema? {
      guard schema.types == nil, schema.properties.isEmpty, schema.items.isEmpty else {
        return nil
      }
      let choices = (schema.anyOf.isEmpty ? schema.oneOf : schema.anyOf).map {
        $0.resolved(in: schemas)
      }
      // A choice that itself has choices is left to the schema check.
      guard !choices.isEmpty, choices.allSatisfy({ $0.anyOf.isEmpty && $0.oneOf.isEmpty })
      else { return nil }
      let keyed =
        parameter.location == .query
        && query.contains { $0.name.hasPrefix(parameter.name + "[") }
      // Only when one choice has the shape sent: `oneOf: [integer, string]` for `/users/alice`
      // is left to the whole schema, which the string choice satisfies.
      let wanted = choices.filter { (shape(of: $0) == .object) == keyed }
      return wanted.count == 1 ? wanted[0] : nil
    }

    private static func shape(of schema: JSONSchema?) -> Shape {
      guard let schema else { return .scalar }
      if let types = schema.types {
        if types.contains(.array) { return .list }
        if types.contains(.object) { return .object }
        return .scalar
      }
      if !schema.items.isEmpty { return .list }
      if !schema.properties.isEmpty { return .object }
      return .scalar
    }

    private static func fromQuery(
      _ parameter: OpenAPIOperation.Parameter, shape: Shape, schema: JSONSchema?,
      items: [(name: String, rawValue: String)], schemas: [String: JSONSchema]
    ) -> Outcome {
      let named = items.filter { $0.name == parameter.name }.map(\.rawValue)
      let what = "the query parameter \(shown(parameter.name))"
      switch (shape, parameter.style) {
      case (.object, .deepObject):
        let prefix = parameter.name + "["
        var members: [(String, String)] = []
        for item in items where item.name.hasPrefix(prefix) && item.name.hasSuffix("]") {
          let key = String(item.name.dropFirst(prefix.count).dropLast())
          guard !key.contains("["), !key.contains("]") else {
            return .problem(
              "\(what): a deepObject takes one level of [name], not \(shown(item.name))")
          }
          members.append((key, QueryPairs.decoded(item.rawValue)))
        }
        // A key one letter or two from a described one (`created[gtx]`): a misspelt filter
        // the real server would ignore in silence, as a misspelt query item is.
        // Not when the schema takes other keys by a schema of their own (a map).
        let described =
          (schema?.additional?.isEmpty == false) ? [] : (schema?.properties.map(\.name) ?? [])
        for (key, _) in members where !described.isEmpty && !described.contains(key) {
          let near = described.min {
            EditDistance.between(Array(key.prefix(64)), Array($0))
              < EditDistance.between(Array(key.prefix(64)), Array($1))
          }
          if let near, EditDistance.between(Array(key.prefix(64)), Array(near)) <= 2 {
            return .problem(
              "\(what) has no key \(shown(key)); did you mean \(shown(parameter.name))[\(shown(near))]?"
            )
          }
        }
        return members.isEmpty ? .absent : object(members, schema: schema, schemas: schemas)
      case (.object, _) where parameter.explode:
        // Each property its own item: `?role=admin&firstName=Alex`.
        let names = Set(schema?.properties.map(\.name) ?? [])
        let members = items.filter { names.contains($0.name) }.map {
          ($0.name, QueryPairs.decoded($0.rawValue))
        }
        return members.isEmpty ? .absent : object(members, schema: schema, schemas: schemas)
      case (.list, .form) where parameter.explode, (.list, .spaceDelimited) where parameter.explode,
        (.list, .pipeDelimited) where parameter.explode:
        guard !named.isEmpty else { return .absent }
        guard named.count <= mostItems else { return tooMany }
        return list(
          named.map(QueryPairs.decoded), whole: nil, shape: shape, schema: schema,
          schemas: schemas)
      default:
        guard let raw = named.first else { return .absent }
        guard named.count == 1 else {
          let how =
            shape == .scalar
            ? "it takes one value"
            : "a \(parameter.style.rawValue) list without explode is one value, \(delimiterName(parameter.style))"
          return .problem("\(what) is sent \(named.count) times; \(how)")
        }
        let split: [String]?
        switch parameter.style {
        case .spaceDelimited: split = pieces(QueryPairs.decoded(raw), " ")
        case .pipeDelimited: split = pieces(QueryPairs.decoded(raw), "|")
        default:
          // A comma is the delimiter as sent; an encoded one (%2C) is part of a value.
          split = pieces(raw, ",")?.map(QueryPairs.decoded)
        }
        guard let parts = split else { return tooMany }
        if shape == .object { return pairs(parts, what: what, schema: schema, schemas: schemas) }
        return list(
          parts, whole: QueryPairs.decoded(raw), shape: shape, schema: schema, schemas: schemas)
      }
    }

    private static func delimiterName(_ style: ParameterStyle) -> String {
      switch style {
      case .spaceDelimited: "separated by spaces"
      case .pipeDelimited: "separated by |"
      default: "separated by commas (or a list with explode: true, one item per value)"
      }
    }

    private static func fromPath(
      _ parameter: OpenAPIOperation.Parameter, text: String, shape: Shape, schema: JSONSchema?,
      schemas: [String: JSONSchema]
    ) -> Outcome {
      let what = "the path parameter \(shown(parameter.name))"
      switch parameter.style {
      case .label:
        guard text.hasPrefix(".") else {
          return .problem("\(what) is a label: it starts with a dot (.\(shown(text)))")
        }
        let rest = String(text.dropFirst())
        let delimiter: Character = parameter.explode ? "." : ","
        if shape == .object, parameter.explode {
          guard let parts = pieces(rest, ".") else { return tooMany }
          return keyed(parts, what: what, schema, schemas)
        }
        guard let parts = pieces(rest, delimiter) else { return tooMany }
        if shape == .object { return pairs(parts, what: what, schema: schema, schemas: schemas) }
        return list(parts, whole: rest, shape: shape, schema: schema, schemas: schemas)
      case .matrix:
        let prefix = ";" + parameter.name + "="
        if shape == .list, parameter.explode {
          guard let parts = pieces(text, ";")?.filter({ !$0.isEmpty }) else { return tooMany }
          guard !parts.isEmpty, parts.allSatisfy({ $0.hasPrefix(parameter.name + "=") }) else {
            return .problem(
              "\(what) is a matrix list: ;\(shown(parameter.name))=a;\(shown(parameter.name))=b")
          }
          return list(
            parts.map { String($0.dropFirst(parameter.name.count + 1)) }, whole: nil,
            shape: shape, schema: schema, schemas: schemas)
        }
        if shape == .object, parameter.explode {
          guard let parts = pieces(text, ";") else { return tooMany }
          return keyed(parts, what: what, schema, schemas)
        }
        guard text.hasPrefix(prefix) else {
          return .problem("\(what) is a matrix parameter: it starts with \(shown(prefix))")
        }
        let rest = String(text.dropFirst(prefix.count))
        guard let parts = pieces(rest, ",") else { return tooMany }
        if shape == .object { return pairs(parts, what: what, schema: schema, schemas: schemas) }
        return list(parts, whole: rest, shape: shape, schema: schema, schemas: schemas)
      default:
        return simple(text, explode: parameter.explode, shape: shape, schema: schema, schemas)
      }
    }

    /// The `simple` style: a list or an object separated by commas (`x=1,y=2` exploded).
    private static func simple(
      _ text: String, explode: Bool, shape: Shape, schema: JSONSchema?,
      _ schemas: [String: JSONSchema]
    ) -> Outcome {
      guard let parts = pieces(text, ",")?.map({ $0.trimmingCharacters(in: .whitespaces) }) else {
        return tooMany
      }
      switch shape {
      case .object where explode:
        return keyed(parts, what: "the value \(shown(text))", schema, schemas)
      case .object:
        return pairs(parts, what: "the value \(shown(text))", schema: schema, schemas: schemas)
      default:
        return list(parts, whole: text, shape: shape, schema: schema, schemas: schemas)
      }
    }

    /// `parts` as a list typed by the schema's items, or (`whole`, for a scalar) one value.
    private static func list(
      _ parts: [String], whole: String?, shape: Shape, schema: JSONSchema?,
      schemas: [String: JSONSchema]
    ) -> Outcome {
      guard shape == .list else {
        return .value(typed(whole ?? parts.joined(separator: ","), schema: schema))
      }
      guard parts.count <= mostItems else { return tooMany }
      let itemSchema = schema?.items.first.map { $0.resolved(in: schemas) }
      return .value(JSONValue(.array(parts.map { typed($0, schema: itemSchema) })))
    }

    /// `x,1,y,2`: names and values in turn.
    private static func pairs(
      _ parts: [String], what: String, schema: JSONSchema?, schemas: [String: JSONSchema]
    ) -> Outcome {
      guard parts.count.isMultiple(of: 2) else {
        return .problem(
          "\(what) is an object written as name,value pairs; one is missing its value")
      }
      let members = stride(from: 0, to: parts.count, by: 2).map { (parts[$0], parts[$0 + 1]) }
      return object(members, schema: schema, schemas: schemas)
    }

    /// `x=1`, `y=2`: exploded members.
    private static func keyed(
      _ parts: [String], what: String, _ schema: JSONSchema?, _ schemas: [String: JSONSchema]
    ) -> Outcome {
      var members: [(String, String)] = []
      for part in parts where !part.isEmpty {
        let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2 else {
          return .problem("\(what) is an exploded object: name=value, not \(shown(part))")
        }
        members.append((String(pair[0]), String(pair[1])))
      }
      return object(members, schema: schema, schemas: schemas)
    }

    private static func object(
      _ members: [(String, String)], schema: JSONSchema?, schemas: [String: JSONSchema]
    ) -> Outcome {
      guard members.count <= mostItems else {
        return .problem("the object has \(members.count) members, more than \(mostItems) are read")
      }
      let properties = schema?.properties ?? []
      return .value(
        JSONValue(
          .object(
            members.map { name, text in
              let property = properties.first { $0.name == name }?.schema.resolved(in: schemas)
              return JSONMember(name: name, value: typed(text, schema: property))
            })))
    }

    /// One value's text as its schema's type: an integer only as JSON writes a whole number, a
    /// number only as JSON writes one, a boolean only as `true` or `false`; anything else stays
    /// text, for the schema check to name.
    static func typed(_ text: String, schema: JSONSchema?) -> JSONValue {
      let types = schema?.types ?? []
      if types.contains(.integer) || types.contains(.number), JSONText.isNumber(text),
        let number = Double(text)
      {
        // `1e2` and `1.0` are numbers, not integers as a parameter is written: an integer
        // parameter takes digits only.
        let whole = text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
        if types.contains(.number) || whole { return JSONValue(.number(JSONNumber(number))) }
      }
      if types.contains(.boolean), text == "true" || text == "false" {
        return JSONValue(.bool(text == "true"))
      }
      if types.contains(.null), text.isEmpty { return JSONValue(.null) }
      return JSONValue(.string(text))
    }
  }
#endif
