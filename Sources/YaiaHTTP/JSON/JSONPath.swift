package import Foundation

/// Walks a JSON document (as `JSONSerialization` reads it) along a path of object keys and
/// array indexes: the one walker behind the mock server's body matching (`user.name`,
/// `items.0.id`) and the client's decoding messages (what was found at `rates.EUR`).
///
/// Package-internal: it works on `Any`, which an app's API should never see.
package enum JSONPath {
  /// One step: an object's key, or an array's index (a key that reads as a number is an index
  /// in an array, as in `items.0.id`).
  package struct Step: Sendable {
    /// The key, or the index as text.
    package var key: String
    /// The index, if the step is one.
    package var index: Int?

    /// A step by key (an index if it reads as one).
    package init(_ key: String) {
      self.key = key
      self.index = Int(key)
    }

    /// A step by index.
    package init(index: Int) {
      self.key = String(index)
      self.index = index
    }
  }

  /// The steps of a dotted path: `items.0.id`.
  package static func steps(_ dotted: String) -> [Step] {
    dotted.split(separator: ".", omittingEmptySubsequences: false).map { Step(String($0)) }
  }

  /// The value at `path` in `json`, or `nil` if a step finds nothing.
  package static func value(at path: [Step], in json: Any) -> Any? {
    var current = json
    for step in path {
      if let object = current as? [String: Any], let next = object[step.key] {
        current = next
      } else if let array = current as? [Any], let index = step.index,
        array.indices.contains(index)
      {
        current = array[index]
      } else {
        return nil
      }
    }
    return current
  }

  /// Whether a number read from JSON was `true` or `false` (Foundation reads both as numbers).
  package static func isBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
