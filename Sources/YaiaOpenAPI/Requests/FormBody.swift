#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  import YaiaHTTP
  import Yaia

  /// A form body read as the value its schema describes, so that it is checked as a JSON body
  /// is: `application/x-www-form-urlencoded` (every request body Stripe, Twilio and Slack
  /// declare) and `multipart/form-data`.
  ///
  /// Names follow the shapes APIs send (OpenAPI's `encoding` default for objects is
  /// `deepObject`-like brackets, as Stripe writes them): `name=value`; a repeated name or
  /// `name[]` is an array; `name[key]=value` a member of an object; `items[0][price]=…` nests
  /// both. Each text is typed by the schema at its place (an integer only as digits, a boolean
  /// only as `true`/`false`), so `balance=abc` for an integer is a violation that names
  /// `balance`. A multipart part is one field; a file part (`filename=`) is its bytes, never
  /// read as text.
  enum FormBody {
    /// The most fields one form body may have, and the deepest a name may nest: a body is
    /// outside input.
    static let mostFields = 10_000
    static let deepestName = 16

    /// One field's place and value: `items[0][price]=5` is `["items", "0", "price"]`, `"5"`;
    /// a multipart part's `Content-Type` beside it (`nil` when it names none, or in a
    /// URL-encoded form).
    typealias Field = (path: [String], value: String?, type: String?)

    /// The fields of a URL-encoded body, or why it does not read.
    static func urlEncodedFields(_ body: Data) -> Result<[Field], FormProblem> {
      let text = String(decoding: body, as: UTF8.self)
      var fields: [Field] = []
      for (name, raw) in QueryPairs.of(text) where !name.isEmpty {
        guard fields.count < mostFields else {
          return .failure(FormProblem("the form has more than \(mostFields) fields"))
        }
        guard let path = path(of: name) else {
          return .failure(FormProblem("the field name \(ParameterValue.shown(name)) does not read"))
        }
        fields.append((path, QueryPairs.decoded(raw), nil))
      }
      return .success(fields)
    }

    /// The fields of a multipart body sent with `contentType` (whose `boundary` separates the
    /// parts), or why it does not read. A file part's value is `nil`: present, not text.
    static func multipartFields(_ body: Data, contentType: String) -> Result<[Field], FormProblem> {
      guard
        let boundary = contentType.split(separator: ";").dropFirst()
          .map({ $0.trimmingCharacters(in: .whitespaces) })
          .first(where: { $0.lowercased().hasPrefix("boundary=") })
          .map({ String($0.dropFirst("boundary=".count)).trimmingCharacters(in: ["\""]) }),
        !boundary.isEmpty, boundary.count <= 200
      else {
        return .failure(FormProblem("the multipart body's Content-Type names no boundary"))
      }
      // RFC 2046 §5.1.1: a delimiter is `--boundary` at the start of a line (the CRLF before
      // it belongs to it, not to the part above), followed by optional spaces and a CRLF; the
      // last one is `--boundary--`, and what follows it (the epilogue), like what precedes the
      // first (the preamble), is no part.
      let dashes = Data("--\(boundary)".utf8)
      let delimiter = Data("\r\n--\(boundary)".utf8)
      guard
        var current = body.starts(with: dashes)
          ? body.startIndex..<(body.startIndex + dashes.count)
          : body.firstRange(of: delimiter)
      else {
        return .failure(
          FormProblem(
            "the multipart body holds no part (boundary \(ParameterValue.shown(boundary)))"))
      }
      var fields: [Field] = []
      while true {
        var after = current.upperBound
        if body[after...].starts(with: Data("--".utf8)) { break }  // the close delimiter
        while after < body.endIndex, body[after] == 0x20 || body[after] == 0x09 { after += 1 }
        guard body[after...].starts(with: Data("\r\n".utf8)) else {
          return .failure(
            FormProblem(
              "a multipart delimiter (--\(ParameterValue.shown(boundary))) is followed by text, "
                + "not a line break: the boundary occurs inside a part"))
        }
        let start = after + 2
        guard let next = body[start...].firstRange(of: delimiter) else {
          return .failure(
            FormProblem(
              "the multipart body ends without its closing delimiter "
                + "--\(ParameterValue.shown(boundary))--: its last part may be cut off"))
        }
        guard fields.count < mostFields else {
          return .failure(FormProblem("the form has more than \(mostFields) parts"))
        }
        let part = body[start..<next.lowerBound]
        switch field(of: part) {
        case .success(let field): fields.append(field)
        case .failure(let problem): return .failure(problem)
        }
        current = next
      }
      return .success(fields)
    }

    /// One multipart part (its headers, a blank line, its content) as a field.
    private static func field(of part: Data) -> Result<Field, FormProblem> {
      let blank = Data("\r\n\r\n".utf8)
      // A part without headers starts with its blank line.
      let split =
        part.starts(with: Data("\r\n".utf8))
        ? part.startIndex..<(part.startIndex + 2) : part.firstRange(of: blank)
      guard let split else {
        return .failure(FormProblem("a multipart part has no blank line after its headers"))
      }
      let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
      let disposition = headers.split(separator: "\r\n")
        .first { $0.lowercased().hasPrefix("content-disposition:") }
      guard let disposition, let name = parameter("name", of: String(disposition)) else {
        return .failure(FormProblem("a multipart part has no Content-Disposition name"))
      }
      guard let path = path(of: name) else {
        return .failure(FormProblem("the part name \(ParameterValue.shown(name)) does not read"))
      }
      let content = part[split.upperBound...]
      let isFile = parameter("filename", of: String(disposition)) != nil
      let type = headers.split(separator: "\r\n")
        .first { $0.lowercased().hasPrefix("content-type:") }
        .map { $0.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces) }
      return .success((path, isFile ? nil : String(decoding: content, as: UTF8.self), type))
    }

    /// `name="value"` (or unquoted) in a header's parameters.
    private static func parameter(_ key: String, of header: String) -> String? {
      for item in header.split(separator: ";").dropFirst() {
        let pair = item.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard pair.count == 2, pair[0].lowercased() == key else { continue }
        return pair[1].trimmingCharacters(in: ["\""])
      }
      return nil
    }

    /// `items[0][price]` as `["items", "0", "price"]`; `tags[]` as `["tags", ""]`; `nil` for a
    /// bracket left open or a name nested past ``deepestName``.
    static func path(of name: String) -> [String]? {
      guard let open = name.firstIndex(of: "[") else { return [name] }
      var path = [String(name[..<open])]
      var rest = name[open...]
      while !rest.isEmpty {
        guard rest.first == "[", let close = rest.firstIndex(of: "]"), path.count < deepestName
        else { return nil }
        path.append(String(rest[rest.index(after: rest.startIndex)..<close]))
        rest = rest[rest.index(after: close)...]
      }
      return path
    }

    /// The fields as the value `schema` describes, each text typed at its place, following
    /// the form's `encoding`: a top-level field sent unexploded (`tags=a,b`, or `|` and space
    /// for the delimited styles) is split into its values (an object's into name and value
    /// pairs); a multipart part whose schema is an object or an array is read as the JSON its
    /// default content type says it is.
    static func value(
      of fields: [Field], schema: JSONSchema, schemas: [String: JSONSchema],
      encodings: [String: OpenAPIOperation.FormEncoding] = [:], multipart: Bool = false
    ) -> JSONValue {
      let resolved = schema.resolved(in: schemas)
      var tree = FieldTree.branch([])
      for field in fields {
        guard !multipart, field.path.count == 1, let text = field.value,
          let encoding = encodings[field.path[0]], !encoding.explode,
          let delimiter = Self.delimiter(of: encoding.style),
          let pieces = ParameterValue.pieces(text, delimiter)
        else {
          tree.insert(field.value, at: field.path[...])
          continue
        }
        let property = resolved.properties.first { $0.name == field.path[0] }?.schema
          .resolved(in: schemas)
        if FormTypes.of(property ?? JSONSchema(), schemas: schemas).object != nil,
          pieces.count.isMultiple(of: 2)
        {
          // `point=x,1,y,2`: name, value, name, value.
          for index in stride(from: 0, to: pieces.count, by: 2) {
            tree.insert(pieces[index + 1], at: [field.path[0], pieces[index]][...])
          }
        } else {
          for piece in pieces { tree.insert(piece, at: field.path[...]) }
        }
      }
      return tree.value(resolved, schemas: schemas, jsonParts: multipart)
    }

    /// The delimiter an unexploded field of `style` is sent with; `nil` for `deepObject`,
    /// which is always sent as brackets.
    private static func delimiter(of style: ParameterStyle) -> Character? {
      switch style {
      case .spaceDelimited: " "
      case .pipeDelimited: "|"
      case .deepObject: nil
      default: ","
      }
    }

    /// Whether a multipart part sent as `sent` (`nil`: none named, which is `text/plain`) is
    /// one of the media types `declared` lists (`image/png, image/*`).
    static func partType(_ sent: String?, isOneOf declared: String) -> Bool {
      let type = OpenAPIReader.mediaType(sent ?? "text/plain")
      return declared.split(separator: ",").contains { range in
        OpenAPIDocument.mediaType(
          range.trimmingCharacters(in: .whitespaces).lowercased(), covers: type)
      }
    }
  }

  /// Why a form body does not read.
  struct FormProblem: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// A form's fields by name, before their schema types them.
  private indirect enum FieldTree {
    /// One value, or several sent under one name; `nil` for a file.
    case leaf([String?])
    /// Members by name, in the order first sent.
    case branch([(name: String, tree: FieldTree)])

    mutating func insert(_ value: String?, at path: ArraySlice<String>) {
      guard let name = path.first else {
        if case .leaf(let values) = self {
          self = .leaf(values + [value])
        } else {
          self = .leaf([value])
        }
        return
      }
      guard case .branch(var members) = self else {
        // A name sent both as a value and with brackets: the brackets win, the value is kept
        // under the empty member name.
        if case .leaf(let values) = self {
          self = .branch([("", .leaf(values))])
          insert(value, at: path)
        }
        return
      }
      // `tags[]` appends: each empty name is a new member.
      if !name.isEmpty, let index = members.firstIndex(where: { $0.name == name }) {
        members[index].tree.insert(value, at: path.dropFirst())
      } else {
        var tree = FieldTree.branch([])
        if path.count == 1 { tree = .leaf([]) }
        tree.insert(value, at: path.dropFirst())
        members.append((name, tree))
      }
      self = .branch(members)
    }

    /// The value at this place as `schema` types it; with `jsonParts`, a single value whose
    /// schema is an object or an array is read as JSON when it is JSON (a multipart part's
    /// default content type for them).
    func value(_ schema: JSONSchema, schemas: [String: JSONSchema], jsonParts: Bool = false)
      -> JSONValue
    {
      let types = FormTypes.of(schema, schemas: schemas)
      switch self {
      case .leaf(let values):
        if jsonParts, values.count == 1, let text = values[0],
          types.object != nil || types.array != nil,
          let json = Self.json(text)
        {
          return json
        }
        if types.array != nil || values.count > 1 {
          let items = types.array?.items.first?.resolved(in: schemas) ?? JSONSchema()
          return JSONValue(.array(values.map { Self.typed($0, items, schemas) }))
        }
        return Self.typed(values.first ?? "", schema, schemas)
      case .branch(let members):
        if let array = types.array {
          let items = array.items.first?.resolved(in: schemas) ?? JSONSchema()
          // `[0]`, `[1]` or `[]`: the items in index order, else in the order sent.
          let ordered = members.enumerated().sorted {
            (Int($0.element.name) ?? $0.offset, $0.offset) < (
              Int($1.element.name) ?? $1.offset, $1.offset
            )
          }
          return JSONValue(
            .array(
              ordered.map { $0.element.tree.value(items, schemas: schemas, jsonParts: jsonParts) }))
        }
        return JSONValue(
          .object(
            members.map { name, tree in
              let object = types.object ?? schema
              let property =
                object.properties.first { $0.name == name }?.schema.resolved(in: schemas)
                ?? object.additional?.first?.resolved(in: schemas) ?? JSONSchema()
              return JSONMember(
                name: name, value: tree.value(property, schemas: schemas, jsonParts: jsonParts))
            }))
      }
    }

    /// `text` as JSON, within the reader's limits; `nil` when it is not JSON.
    static func json(_ text: String) -> JSONValue? {
      try? JSONReader.parse(text.utf8, limits: OpenAPIReader.limits)
    }

    /// One text as the schema types it: a file is any value the schema takes (its bytes are
    /// not read).
    static func typed(_ text: String?, _ schema: JSONSchema, _ schemas: [String: JSONSchema])
      -> JSONValue
    {
      guard let text else { return JSONValue(.string("")) }
      let alternatives = [schema] + (schema.anyOf + schema.oneOf).map { $0.resolved(in: schemas) }
      for alternative in alternatives where alternative.types != nil {
        let value = ParameterValue.typed(text, schema: alternative)
        if case .string = value.kind { continue }
        return value
      }
      return JSONValue(.string(text))
    }
  }

  /// The array and object a form value's schema allows, looking through `anyOf` and `oneOf`
  /// (Stripe's `created` is an integer or an object of bounds).
  private struct FormTypes {
    var array: JSONSchema?
    var object: JSONSchema?

    static func of(_ schema: JSONSchema, schemas: [String: JSONSchema]) -> FormTypes {
      let all = [schema] + (schema.anyOf + schema.oneOf).map { $0.resolved(in: schemas) }
      return FormTypes(
        array: all.first { $0.types?.contains(.array) == true },
        object: all.first { $0.types?.contains(.object) == true || !$0.properties.isEmpty })
    }
  }
#endif
