#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB

  /// A table's columns in statement order, with each name's index: what lets a value be encoded
  /// into, or decoded from, a row by index instead of by name lookups in a dictionary.
  final class ColumnLayout: Sendable {
    /// The column names, in order.
    let names: [String]
    /// Each name's index in ``names``.
    let index: [String: Int]

    init(_ names: [String]) {
      self.names = names
      var index: [String: Int] = [:]
      index.reserveCapacity(names.count)
      for (position, name) in names.enumerated() where index[name] == nil {
        index[name] = position
      }
      self.index = index
    }

    /// The JSON coders for nested values, set up as GRDB's records set them up, so that rows
    /// written before and after YaiaStore had its own coders read the same.
    static func jsonEncoder() -> JSONEncoder {
      let encoder = JSONEncoder()
      encoder.dataEncodingStrategy = .base64
      encoder.dateEncodingStrategy = .millisecondsSince1970
      encoder.nonConformingFloatEncodingStrategy = .throw
      encoder.outputFormatting = .sortedKeys
      return encoder
    }

    /// See ``jsonEncoder()``.
    static func jsonDecoder() -> JSONDecoder {
      let decoder = JSONDecoder()
      decoder.dataDecodingStrategy = .base64
      decoder.dateDecodingStrategy = .millisecondsSince1970
      decoder.nonConformingFloatDecodingStrategy = .throw
      return decoder
    }
  }

  /// Thrown by a column coder when a value wants a keyed or unkeyed container: the value is
  /// nested, and goes to or comes from the column as JSON text.
  struct NestedValue: Error {}
#endif
