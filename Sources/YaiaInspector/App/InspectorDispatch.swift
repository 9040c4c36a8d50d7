import Foundation

/// Whether the inspector's page may send a shell events: off unless the app asks, for a shell
/// whose events are `Codable`, as time travel is opt-in.
///
/// ```swift
/// inspector.inspect(shell, name: "app", dispatch: .on())
/// inspector.inspect(shell, name: "app", dispatch: .on(userInfo: [ScreenTypes.userInfoKey: screens]))
/// ```
///
/// The page offers to send an event the shell handled before, edited or not; the app reads it
/// with the event type's own `Decodable` and sends it to the shell as any other event.
public struct InspectorDispatch: Sendable {
  /// What the event's decoder is given; `nil` when the page may not send events.
  let userInfo: [CodingUserInfoKey: any Sendable]?

  /// The page may not send events.
  public static let off = InspectorDispatch(userInfo: nil)

  /// The page may send events, read with a decoder given `userInfo` (a stack of screens gives
  /// its `ScreenTypes` under `ScreenTypes.userInfoKey`).
  public static func on(userInfo: [CodingUserInfoKey: any Sendable] = [:]) -> InspectorDispatch {
    InspectorDispatch(userInfo: userInfo)
  }

  /// Why an event from the page was not sent: what did not decode, and where.
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  /// How the app reads events of `type` from the page, or `nil` when it may not.
  func reader<Event: Decodable & Sendable>(for type: Event.Type)
    -> (@Sendable (String) -> Result<Event, Unreadable>)?
  {
    guard let userInfo else { return nil }
    let name = String(reflecting: Event.self)
    return { json in
      guard json.utf8.count <= InspectorEventRequest.longest else {
        return .failure(
          Unreadable(description: "an event is at most \(InspectorEventRequest.longest) bytes"))
      }
      let decoder = JSONDecoder()
      decoder.userInfo = userInfo
      do {
        return .success(try decoder.decode(Event.self, from: Data(json.utf8)))
      } catch {
        return .failure(
          Unreadable(
            description: "the event does not read as \(name): \(InspectorJournal.describe(error))"))
      }
    }
  }
}

/// The events each shell that accepts them knows how to read and send, by shell id: the
/// sender hands the page's events here, on the main actor, where the shells live.
@MainActor
final class InspectorDispatches {
  private var handlers: [Int: (String) -> Void] = [:]

  nonisolated init() {}

  func register(shell: Int, _ send: @escaping (String) -> Void) {
    handlers[shell] = send
  }

  /// Sends the events asked for, in order; one for a shell that does not accept events is
  /// ignored (the inspector refuses to queue it).
  func run(_ requests: [InspectorEventRequest]) {
    for request in requests.prefix(InspectorAnswer.mostEvents) {
      handlers[request.shell]?(request.json)
    }
  }
}
