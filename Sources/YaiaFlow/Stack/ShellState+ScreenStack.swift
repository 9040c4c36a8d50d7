public import Yaia

extension ShellState {
  /// Hands `event` to the screen under `id` on the stack at `stack`, and lifts the commands it
  /// returns; an event for a screen that was popped is dropped.
  ///
  /// ```swift
  /// case .path(let id, let event): handle(event, for: id, in: \.path) { .path(id, $0) }
  /// ```
  public mutating func handle<Screen: ShellState>(
    _ event: Screen.Event, for id: ScreenID, in stack: WritableKeyPath<Self, ScreenStack<Screen>>,
    lift: (Screen.Command) -> Command
  ) -> [Command] {
    // The screens are keyed children: the same forwarding, through the stack's collection.
    handle(event, for: id, in: stack.appending(path: \.screens), lift: lift)
  }

  /// Hands `event` to the screen under `id` and lets the parent react to each command it
  /// returns, with the parent itself in hand: for a screen whose commands are results ("saved
  /// this meeting", "done") as much as work for the shell. An event for a popped screen is
  /// dropped.
  ///
  /// ```swift
  /// case .path(let id, let event):
  ///   handle(event, for: id, in: \.path) { app, command in
  ///     switch command {
  ///     case .edit(.saved(let meeting)):
  ///       app.meetings[id: meeting.id] = meeting
  ///       return [.navigate(app.path.change { $0.pop(from: id) })]
  ///     case .edit(let command): return [.path(id, .edit(command))]
  ///     }
  ///   }
  /// ```
  ///
  /// The screen's state is stored back before the parent reacts, so a reaction that pops the
  /// screen pops it for good.
  public mutating func handle<Screen: ShellState>(
    _ event: Screen.Event, for id: ScreenID, in stack: WritableKeyPath<Self, ScreenStack<Screen>>,
    react: (inout Self, Screen.Command) -> [Command]
  ) -> [Command] {
    handle(event, for: id, in: stack.appending(path: \.screens), react: react)
  }
}

extension ShellEffects {
  /// Effects for the screen under `id` on the stack at `stack`: its events are wrapped with
  /// `embed` on their way to this shell, its work ids are scoped to its id, and when the screen
  /// is popped (by the parent or by the user's Back), every piece of work it started is
  /// cancelled and nothing it sends arrives.
  ///
  /// ```swift
  /// case .path(let id, let command):
  ///   ScreenShell.run(command, effects.scope(\.path, id: id) { .path(id, $0) })
  /// ```
  public func scope<Screen: ShellState>(
    _ stack: KeyPath<State, ScreenStack<Screen>>, id: ScreenID,
    _ embed: @escaping @Sendable (Screen.Event) -> Event
  ) -> ShellEffects<Screen> where Screen.Event: Sendable {
    scope(stack.appending(path: \ScreenStack<Screen>.screens), id: id, embed)
  }
}
