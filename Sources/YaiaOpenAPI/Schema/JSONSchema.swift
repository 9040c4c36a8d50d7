#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// A schema of an OpenAPI description, as far as the mock server checks and samples it.
  ///
  /// Supported: `type` (one, or a list as in OpenAPI 3.1), `nullable`, `properties`,
  /// `required`, `additionalProperties` (true, false or a schema), `items`, `enum`, `const`,
  /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`,
  /// `minItems`, `maxItems`, `allOf`, `oneOf`, `anyOf`, `example`, `default`, `$ref` (within the
  /// document), `pattern` (the subset ``SchemaPattern`` reads), and the formats in
  /// ``SchemaFormat``, and a `oneOf`'s or `anyOf`'s `discriminator` (its property's value names
  /// the one choice a value is checked against, and the one a sample is made of). Other
  /// keywords (`not`, `uniqueItems`) are read past and not checked.
  package struct JSONSchema: Equatable, Sendable {
    /// A JSON type a schema allows.
    package enum Kind: String, CaseIterable, Sendable {
      case string, number, integer, boolean, array, object, null
    }

    /// The line the schema starts at in its document.
    var line = 0
    /// `$ref`: the pointer of the schema this one stands for (`#/components/schemas/Pet`).
    package var reference: String?
    /// The types allowed; `nil` for any.
    package var types: Set<Kind>?
    /// `properties`, in the order written.
    package var properties: [(name: String, schema: JSONSchema)] = []
    /// `required`: the properties that must be present.
    package var required: [String] = []
    /// `additionalProperties`: `nil` allows any, `[]` (false) none, one schema checks them.
    var additional: [JSONSchema]?
    /// `items`, zero or one schema.
    var items: [JSONSchema] = []
    /// `enum`, or `const` as a one-value enum.
    package var enumValues: [JSONValue]? {
      didSet { enumScalars = enumValues.map { Set($0.compactMap(Self.scalarKey)) } }
    }
    /// The scalar members of `enum`, by ``scalarKey(_:)``: a scalar is checked against them at
    /// once, however long the enum (items × members of comparisons once cost 13.5 s of CPU for
    /// one 1 MB body).
    private(set) var enumScalars: Set<String>?
    var format: String?
    /// `pattern`, when it reads; one that does not is left out and named in the description's
    /// notes.
    var pattern: SchemaPattern?
    var minimum: Double?
    var maximum: Double?
    var exclusiveMinimum = false
    var exclusiveMaximum = false
    var minLength: Int?
    var maxLength: Int?
    var minItems: Int?
    var maxItems: Int?
    var allOf: [JSONSchema] = []
    var oneOf: [JSONSchema] = []
    var anyOf: [JSONSchema] = []
    /// `example` or `default`: what a sample answers with first.
    var example: JSONValue?
    /// `discriminator` beside a `oneOf` or `anyOf`: the property whose value names the choice
    /// (`petType`), and each value's schema pointer (`dog` → `#/components/schemas/Dog`); a
    /// value the mapping does not list names the component schema of that name.
    var discriminator: Discriminator?

    /// A `discriminator`: which property tells the choices apart, and how its values map.
    struct Discriminator: Equatable, Sendable {
      var property: String
      var mapping: [String: String]
      /// The pointer of the component schemas, for a value the mapping does not list.
      var componentsPrefix: String

      /// The schema pointer `value` names.
      func pointer(for value: String) -> String { mapping[value] ?? componentsPrefix + value }

      /// The value that names `pointer`: the mapping's first key for it, else the schema's
      /// own name.
      func value(naming pointer: String) -> String {
        mapping.filter { $0.value == pointer }.keys.sorted().first
          ?? String(pointer.split(separator: "/").last ?? Substring(pointer))
      }
    }

    /// A scalar's key, equal for two scalars exactly when they are the same JSON (`0` and
    /// `-0` alike); `nil` for an array or an object.
    static func scalarKey(_ value: JSONValue) -> String? {
      switch value.kind {
      case .null: "null"
      case .bool(let flag): flag ? "true" : "false"
      case .number(let number): "n" + (number.value == 0 ? "0" : String(number.value))
      case .string(let text): "s" + text
      case .array, .object: nil
      }
    }

    /// The schema this one stands for, its `$ref`s followed (at most 32 in a chain, so a loop
    /// ends): what a parameter's text is typed by.
    package func resolved(in schemas: [String: JSONSchema]) -> JSONSchema {
      var resolved = self
      var hops = 0
      while let reference = resolved.reference, let next = schemas[reference], hops < 32 {
        resolved = next
        hops += 1
      }
      return resolved
    }

    package static func == (lhs: JSONSchema, rhs: JSONSchema) -> Bool {
      lhs.line == rhs.line && lhs.reference == rhs.reference && lhs.types == rhs.types
        && lhs.properties.map(\.name) == rhs.properties.map(\.name)
        && lhs.properties.map(\.schema) == rhs.properties.map(\.schema)
        && lhs.required == rhs.required && lhs.additional == rhs.additional
        && lhs.items == rhs.items && lhs.enumValues == rhs.enumValues && lhs.format == rhs.format
        && lhs.pattern == rhs.pattern
        && lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum
        && lhs.minLength == rhs.minLength && lhs.maxLength == rhs.maxLength
        && lhs.allOf == rhs.allOf && lhs.oneOf == rhs.oneOf && lhs.anyOf == rhs.anyOf
        && lhs.example == rhs.example && lhs.discriminator == rhs.discriminator
    }
  }

  /// The `format`s a contract check knows; any other format is accepted as its type.
  ///
  /// | Format | Checked |
  /// | --- | --- |
  /// | `date-time` | RFC 3339: `2026-01-01T12:00:00Z`, fractions and offsets allowed |
  /// | `date` | `2026-01-01` |
  /// | `uuid` | 8-4-4-4-12 hexadecimal digits |
  /// | `email` | one `@` with text on both sides and a dot after it |
  /// | `uri` | a scheme, a colon, and no spaces |
  /// | `int32`, `int64` | a whole number within the range |
  /// | `ipv4` | four numbers from 0 to 255 |
  public enum SchemaFormat {
    /// The formats a contract check validates.
    public static let checked: Set<String> = [
      "date-time", "date", "uuid", "email", "uri", "int32", "int64", "ipv4",
    ]

    /// Whether `text` is a `format` string; `true` for a format not checked.
    static func accepts(_ text: String, format: String) -> Bool {
      switch format {
      case "date-time":
        return matches(
          text, #"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#)
      case "date": return matches(text, #"^\d{4}-\d{2}-\d{2}$"#)
      case "uuid":
        return matches(
          text, #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#)
      case "email": return matches(text, #"^[^@\s]+@[^@\s]+\.[^@\s]+$"#)
      case "uri": return matches(text, #"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$"#)
      case "ipv4":
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
          && parts.allSatisfy { part in
            part.count <= 3 && Int(part).map { (0...255).contains($0) } == true
          }
      default: return true
      }
    }

    /// Whether a number fits a numeric `format`.
    static func accepts(_ number: Double, format: String) -> Bool {
      switch format {
      case "int32":
        return number.rounded() == number && number >= Double(Int32.min)
          && number <= Double(Int32.max)
      case "int64":
        return number.rounded() == number && number >= -9.2e18 && number <= 9.2e18
      default: return true
      }
    }

    private static func matches(_ text: String, _ pattern: String) -> Bool {
      // Formats are short: a longer text is none of them, and is not handed to the regex.
      text.utf8.count <= 2_048 && text.range(of: pattern, options: .regularExpression) != nil
    }
  }
#endif
