/// One handled event as the shell saw it: the event, the commands it produced, and whether
/// the view model changed.
///
/// A shell reports one entry per event to ``Shell/trace``. Its description is one line, fit
/// for a log: `#3 loginTapped -> [sendLoginRequest(...)] (view model changed)`.
public struct ShellTraceEntry<State: SceneState> {
  /// The position of the event among all events the shell handled, starting at 1.
  public let index: Int
  /// The event handled.
  public let event: State.Event
  /// The commands the state returned, in order.
  public let commands: [State.Command]
  /// Whether the event changed the view model (and so caused a render).
  public let viewModelChanged: Bool

  /// Creates an entry; shells make these, tests may too.
  public init(index: Int, event: State.Event, commands: [State.Command], viewModelChanged: Bool) {
    self.index = index
    self.event = event
    self.commands = commands
    self.viewModelChanged = viewModelChanged
  }
}

extension ShellTraceEntry: CustomStringConvertible {
  public var description: String {
    let commandList = commands.map { String(describing: $0) }.joined(separator: ", ")
    let change = viewModelChanged ? " (view model changed)" : ""
    return "#\(index) \(event) -> [\(commandList)]\(change)"
  }
}

extension ShellTraceEntry: Sendable where State.Event: Sendable, State.Command: Sendable {}
