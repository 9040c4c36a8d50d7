import Foundation

/// Turns a `DecodingError` into a key path (`rates.EUR`, `items[2].name`) and a sentence
/// (`expected Double, found String`), reading the body to name what was really there.
enum DecodingProblem {
  static func describe(_ error: any Error, body: Data) -> (path: String, problem: String) {
    guard let error = error as? DecodingError else { return ("", "\(error)") }
    switch error {
    case .typeMismatch(let type, let context):
      let found = foundType(at: context.codingPath, in: body)
      return (path(context.codingPath), "expected \(type), found \(found)")
    case .valueNotFound(let type, let context):
      return (path(context.codingPath), "expected \(type), found null")
    case .keyNotFound(let key, let context):
      return (path(context.codingPath + [key]), "key is missing")
    case .dataCorrupted(let context):
      let detail =
        (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return (
        path(context.codingPath),
        "not valid JSON or not a valid value (\(detail ?? context.debugDescription))"
      )
    @unknown default:
      return ("", "\(error)")
    }
  }

  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// The JSON type found at `codingPath` in `body`: String, Number, Bool, null, Object, Array.
  static func foundType(at codingPath: [any CodingKey], in body: Data) -> String {
    let steps = codingPath.map { key in
      key.intValue.map { JSONPath.Step(index: $0) } ?? JSONPath.Step(key.stringValue)
    }
    guard
      let document = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
      let value = JSONPath.value(at: steps, in: document)
    else {
      return "something else"
    }
    switch value {
    case is String: return "String"
    case is NSNull: return "null"
    case is [Any]: return "Array"
    case is [String: Any]: return "Object"
    case let number as NSNumber:
      return JSONPath.isBool(number) ? "Bool" : "Number"
    default: return "\(type(of: value))"
    }
  }

}
