/// An inspected value as JSON: one object per value, keyed by its kind, so that the page reads
/// it without knowing Swift's types.
///
/// ```json
/// {"record": "ViewModel", "fields": [{"label": "user", "value": {"text": "ada"}}]}
/// {"enum": "Route", "case": "detail", "values": [{"label": "_0", "value": {"scalar": "3"}}]}
/// {"collection": "Array<Row>", "elements": [], "omitted": 0}
/// {"none": true}  {"redacted": true}  {"tooDeep": true}
/// ```
extension InspectedValue: Codable {
  private enum Key: String, CodingKey {
    case text, scalar, record, fields, `enum`, `case`, values, collection, elements, omitted
    case none, redacted, tooDeep
  }

  /// Decodes a value written by ``encode(to:)``; anything else is a `DecodingError` naming
  /// the path within the document.
  public init(from decoder: any Decoder) throws {
    // Checked before going a level deeper, as every reader of outside input does: a journal
    // file nesting values past the wire's own limit is refused, not followed down the stack.
    guard decoder.codingPath.count <= 3 * JSONParser.maximumDepth else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "an inspected value nested deeper than \(JSONParser.maximumDepth) levels"))
    }
    let container = try decoder.container(keyedBy: Key.self)
    if let text = try container.decodeIfPresent(String.self, forKey: .text) {
      self = .text(text)
    } else if let scalar = try container.decodeIfPresent(String.self, forKey: .scalar) {
      self = .scalar(scalar)
    } else if let type = try container.decodeIfPresent(String.self, forKey: .record) {
      self = .record(type: type, fields: try container.decode([Field].self, forKey: .fields))
    } else if let type = try container.decodeIfPresent(String.self, forKey: .enum) {
      self = .enumCase(
        type: type, name: try container.decode(String.self, forKey: .case),
        values: try container.decode([Field].self, forKey: .values))
    } else if let type = try container.decodeIfPresent(String.self, forKey: .collection) {
      let omitted = try container.decodeIfPresent(Int.self, forKey: .omitted) ?? 0
      guard omitted >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .omitted, in: container, debugDescription: "a count cannot be negative")
      }
      self = .collection(
        type: type, elements: try container.decode([InspectedValue].self, forKey: .elements),
        omitted: omitted)
    } else if container.contains(.none) {
      self = .none
    } else if container.contains(.redacted) {
      self = .redacted
    } else if container.contains(.tooDeep) {
      self = .tooDeep
    } else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "not an inspected value: expected one of text, scalar, record, enum, collection, none, redacted, tooDeep"
        ))
    }
  }

  /// Encodes the value as one JSON object keyed by its kind.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case .text(let text): try container.encode(text, forKey: .text)
    case .scalar(let scalar): try container.encode(scalar, forKey: .scalar)
    case .record(let type, let fields):
      try container.encode(type, forKey: .record)
      try container.encode(fields, forKey: .fields)
    case .enumCase(let type, let name, let values):
      try container.encode(type, forKey: .enum)
      try container.encode(name, forKey: .case)
      try container.encode(values, forKey: .values)
    case .collection(let type, let elements, let omitted):
      try container.encode(type, forKey: .collection)
      try container.encode(elements, forKey: .elements)
      try container.encode(omitted, forKey: .omitted)
    case .none: try container.encode(true, forKey: .none)
    case .redacted: try container.encode(true, forKey: .redacted)
    case .tooDeep: try container.encode(true, forKey: .tooDeep)
    }
  }
}
