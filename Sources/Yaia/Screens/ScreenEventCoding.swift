/// The screen types whose events a decoder may meet inside a ``ScreenEvent``: a screen event
/// is written with its screen's name, and reading it back needs the type that name stands for.
///
/// An app whose events are `Codable` (so that the inspector can export a session as a test,
/// or a page can send an event) lists its screens once and hands them to its decoder:
///
/// ```swift
/// let decoder = JSONDecoder()
/// decoder.userInfo[ScreenTypes.userInfoKey] = ScreenTypes([LoginState.self, PairingState.self])
/// ```
///
/// Writing needs no list: each screen event knows its type.
public struct ScreenTypes: Sendable {
  /// Where a decoder keeps the list, in its `userInfo`.
  public static let userInfoKey = CodingUserInfoKey(rawValue: "yaia.screenTypes")!

  /// The types by the name an encoded event carries.
  let byName: [String: any ScreenState.Type]

  /// The screens `types`; a name given twice keeps the first.
  public init(_ types: [any ScreenState.Type]) {
    var byName: [String: any ScreenState.Type] = [:]
    for type in types where byName[ScreenEvent.name(of: type)] == nil {
      byName[ScreenEvent.name(of: type)] = type
    }
    self.byName = byName
  }

  /// The names, sorted, for errors that say which are known.
  var names: [String] { byName.keys.sorted() }
}

extension ScreenEvent: Codable {
  private enum CodingKeys: String, CodingKey {
    case screen, event
  }

  /// The name a screen event of `type` is written with: the type's name, as the inspector and
  /// dumps show it.
  static func name(of type: any ScreenState.Type) -> String { String(describing: type) }

  /// Writes `{"screen": "PairingState", "event": …}`, the event in its screen's own encoding.
  ///
  /// - Throws: `EncodingError.invalidValue` when the screen's `Event` is not `Encodable`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.name(of: content.screen), forKey: .screen)
    guard let event = content.value as? any Encodable else {
      throw EncodingError.invalidValue(
        content.value,
        EncodingError.Context(
          codingPath: encoder.codingPath + [CodingKeys.event],
          debugDescription:
            "\(Self.name(of: content.screen)).Event is not Encodable: make it Codable to write its screen events"
        ))
    }
    try container.encode(event, forKey: .event)
  }

  /// Reads what ``encode(to:)`` writes, finding the screen by name among the decoder's
  /// ``ScreenTypes``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the decoder has no ``ScreenTypes``, the
  ///   screen is not among them (the error lists those that are), or its `Event` is not
  ///   `Decodable`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .screen)
    guard let types = decoder.userInfo[ScreenTypes.userInfoKey] as? ScreenTypes else {
      throw DecodingError.dataCorruptedError(
        forKey: .screen, in: container,
        debugDescription:
          "a screen event for \(name), but the decoder has no ScreenTypes: set decoder.userInfo[ScreenTypes.userInfoKey] to the app's screens"
      )
    }
    guard let type = types.byName[name] else {
      throw DecodingError.dataCorruptedError(
        forKey: .screen, in: container,
        debugDescription:
          "a screen event for \(name), which is not among the decoder's ScreenTypes (\(types.names.joined(separator: ", ")))"
      )
    }
    func read<Screen: ScreenState>(_ screen: Screen.Type) throws -> ScreenEvent {
      guard let decodable = Screen.Event.self as? any Decodable.Type else {
        throw DecodingError.dataCorruptedError(
          forKey: .event, in: container,
          debugDescription:
            "\(name).Event is not Decodable: make it Codable to read its screen events")
      }
      guard let event = try container.decode(decodable, forKey: .event) as? Screen.Event else {
        throw DecodingError.dataCorruptedError(
          forKey: .event, in: container, debugDescription: "not a \(name).Event")
      }
      return Screen.event(event)
    }
    self = try read(type)
  }
}
