/// One handled event as the shell saw it: the event, the commands it produced, the view model
/// after it and whether it changed.
///
/// A shell reports one entry per event to ``Shell/trace``. Its description is one line, fit
/// for a log: `#3 loginTapped -> [sendLoginRequest(...)] (view model changed)`.
public struct ShellTraceEntry<State: ShellState> {
  /// The position of the event among all events the shell handled, starting at 1.
  public let index: Int
  /// The event handled.
  public let event: State.Event
  /// The commands the state returned, in order.
  public let commands: [State.Command]
  /// The view model after the event (the one published, when it changed).
  public let viewModel: State.ViewModel
  /// Whether the event changed the view model (and so caused a render).
  public let viewModelChanged: Bool

  /// Creates an entry; shells make these, tests may too.
  public init(
    index: Int, event: State.Event, commands: [State.Command], viewModel: State.ViewModel,
    viewModelChanged: Bool
  ) {
    self.index = index
    self.event = event
    self.commands = commands
    self.viewModel = viewModel
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

extension ShellTraceEntry: Sendable
where State.Event: Sendable, State.Command: Sendable, State.ViewModel: Sendable {}
