import Foundation

/// What the main actor hands the inspector's sender: the raw values, not yet read. Reading a
/// value (``InspectedValue``) costs microseconds, so it is done on the sender's thread; the main
/// actor only copies references and appends.
///
/// `@unchecked Sendable`, and why that is sound: events are `Sendable` (the shell requires it);
/// commands and view models are values by the architecture's rule (`yaia lint`'s value-types
/// rule checks that they are structs or enums holding no class references), so a copy read on
/// another thread cannot race with the app. A view model that breaks that rule and holds a
/// mutable class instance would be read while the app may change it; the inspector then shows
/// whatever it reads.
struct InspectorRecord: @unchecked Sendable {
  enum Body {
    /// A shell was connected.
    case shell(id: Int, name: String, viewModel: Any)
    /// A shell handled an event.
    case step(
      shell: Int, index: Int, event: Any, encodeEvent: (@Sendable () -> String?)?,
      commands: [Any], changed: Bool, viewModel: Any?)
    /// A message already made of plain values.
    case message(InspectorMessage)
  }

  /// Seconds since the app connected to the inspector.
  var time: Double
  var body: Body

  /// The message the page receives, reading values within `limits`.
  func message(limits: InspectedValue.Limits) -> InspectorMessage {
    switch body {
    case .shell(let id, let name, let viewModel):
      return .shell(
        InspectedShell(shell: id, name: name, viewModel: InspectedValue(viewModel, limits: limits)))
    case .step(
      let shell, let index, let event, let encodeEvent, let commands, let changed, let viewModel):
      let shown = InspectedValue(event, limits: limits)
      // An event that holds a secret is not sent in its own encoding either: that encoding
      // would carry the secret.
      return .step(
        InspectedStep(
          shell: shell, index: index, time: time, event: shown,
          eventJSON: shown.holdsSecret ? nil : encodeEvent?(),
          commands: commands.map { InspectedValue($0, limits: limits) },
          changed: changed, viewModel: viewModel.map { InspectedValue($0, limits: limits) }))
    case .message(let message):
      return message
    }
  }
}
