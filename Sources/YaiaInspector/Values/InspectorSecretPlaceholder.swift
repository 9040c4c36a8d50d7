import Foundation
import Yaia

/// How a secret is written when the inspector encodes an event in the app's own `Codable`
/// encoding (for a journal that replays, and a session exported as a test): as a placeholder
/// the secret's type chooses, never as itself.
///
/// An event that holds an ``InspectorSecret`` is sent in its own encoding only when every
/// secret the inspector saw in it wrote a placeholder: a secret type that does not take part
/// keeps its events unencoded (the journal then does not replay past them), so nothing leaks
/// by default. A type takes part in one line at the top of its `encode(to:)`:
///
/// ```swift
/// func encode(to encoder: any Encoder) throws {
///   if try InspectorSecretPlaceholder.write("•••", to: encoder) { return }
///   var container = encoder.singleValueContainer()
///   try container.encode(value)                  // the login file, a request body
/// }
/// ```
///
/// Choose a placeholder the app can run on: a test replays it in the secret's place (a
/// password of the same length, say, when the screen shows its dots).
public enum InspectorSecretPlaceholder {
  /// When the encoder is the inspector's, writes `placeholder` in the secret's place and
  /// returns `true`; otherwise writes nothing and returns `false`, and the type writes itself.
  public static func write(_ placeholder: some Encodable, to encoder: any Encoder) throws -> Bool {
    guard let count = encoder.userInfo[userInfoKey] as? Count else { return false }
    var container = encoder.singleValueContainer()
    try container.encode(placeholder)
    count.written.withLock { $0 += 1 }
    return true
  }

  /// Where the inspector's encoder counts the placeholders written.
  static let userInfoKey = CodingUserInfoKey(rawValue: "yaia.inspectorSecretPlaceholders")!

  /// The placeholders one encoding wrote.
  final class Count: Sendable {
    let written = Locked(0)
  }

  /// `event` in its own encoding when each of its `secrets` wrote a placeholder (none is
  /// fine when it holds none), else `nil`. Keys are sorted, so that an exported test reads the
  /// same for the same event.
  static func encode(_ event: some Encodable, secrets: Int) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let count = Count()
    encoder.userInfo[userInfoKey] = count
    guard let data = try? encoder.encode(event), count.written.withLock({ $0 }) == secrets
    else { return nil }
    return String(data: data, encoding: .utf8)
  }
}

extension InspectedValue {
  /// How many secrets the value holds: the parts shown as ``redacted``.
  var secretCount: Int {
    switch self {
    case .redacted: 1
    case .record(_, let fields), .enumCase(_, _, let fields):
      fields.reduce(0) { $0 + $1.value.secretCount }
    case .collection(_, let elements, _): elements.reduce(0) { $0 + $1.secretCount }
    case .text, .scalar, .none, .tooDeep: 0
    }
  }
}
