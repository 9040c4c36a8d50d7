import Foundation

/// What the main actor hands the inspector's sender: the raw values, not yet read. Reading a
/// value (``InspectedValue``) costs microseconds, so it is done on the sender's thread; the main
/// actor only copies references and appends.
///
/// `@unchecked Sendable`, proven sound as far as the app keeps the architecture's rules: events are `Sendable` (the shell requires it);
/// commands and view models are values by the architecture's rule (`yaia lint`'s value-types
/// rule checks that they are structs or enums holding no class references), so a copy read on
/// another thread cannot race with the app. A view model that breaks that rule and holds a
/// mutable class instance would be read while the app may change it; the inspector then shows
/// whatever it reads.
struct InspectorRecord: @unchecked Sendable {
  enum Body {
    /// A shell was connected.
    case shell(
      id: Int, name: String, viewModel: Any, history: Int?, cannotJump: String? = nil,
      acceptsEvents: Bool = false)
    /// A shell handled an event, or (with `jumpedTo`) jumped back in time.
    case step(
      shell: Int, index: Int, event: Any, encodeEvent: (@Sendable (_ secrets: Int) -> String?)?,
      commands: Any?, changed: Bool, viewModel: Any?, jumpedTo: Int? = nil,
      cannotJump: String? = nil)
    /// A message already made of plain values.
    case message(InspectorMessage)
  }

  /// Seconds since the app connected to the inspector.
  var time: Double
  var body: Body

  /// The last view model of each shell as read, so that the next one is read and sent as
  /// changes: unchanged parts are neither read again nor sent.
  typealias Memory = [Int: InspectedValue.Reader.Remembered]

  /// The message the page receives, values read by `reader`.
  func message(reader: inout InspectedValue.Reader, memory: inout Memory) -> InspectorMessage {
    switch body {
    case .shell(let id, let name, let viewModel, let history, let cannotJump, let acceptsEvents):
      let remembered = reader.remember(viewModel)
      memory[id] = remembered
      return .shell(
        InspectedShell(
          shell: id, name: name, viewModel: remembered.shown, history: history,
          cannotJump: cannotJump, acceptsEvents: acceptsEvents))
    case .step(
      let shell, let index, let event, let encodeEvent, let commands, let changed, let viewModel,
      let jumpedTo, let cannotJump):
      let shown = reader.read(event)
      var whole: InspectedValue?
      var changes: [InspectedChange]?
      if let viewModel {
        if let last = memory[shell] {
          let next = reader.read(viewModel, after: last)
          changes = InspectedChange.between(last.shown, next.shown)
          memory[shell] = next
        } else {
          let first = reader.remember(viewModel)
          whole = first.shown
          memory[shell] = first
        }
      }
      // An event that holds a secret is sent in its own encoding only when each secret wrote a
      // placeholder there (InspectorSecretPlaceholder): otherwise the encoding would carry it.
      return .step(
        InspectedStep(
          shell: shell, index: index, time: time, event: shown,
          eventJSON: encodeEvent?(shown.secretCount),
          commands: commands.map { Mirror(reflecting: $0).children.map { reader.read($0.value) } }
            ?? [],
          changed: changed, viewModel: whole, viewModelChanges: changes, jumpedTo: jumpedTo,
          cannotJump: cannotJump))
    case .message(let message):
      return message
    }
  }
}
