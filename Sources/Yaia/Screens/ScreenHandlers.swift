/// The command handlers of the screens a stack or destination of any screens can show, one per
/// screen type: the shell's side of ``AnyScreen``, so that each screen's own handler runs
/// unchanged with effects of its own type.
///
/// ```swift
/// let screens = ScreenHandlers()
///   .on(MeetingDetail.self) { command, effects in
///     switch command {
///     case .loadNotes(let meeting): effects.run { .notesLoaded(await notes(meeting)) }
///     case .edit: break                          // a result: the parent reacted to it
///     }
///   }
/// let shell = Shell(Meetings()) { command, effects in
///   switch command {
///   case .path(let id, let command): screens.run(command, effects.scope(\.path, id: id) { .path(id, $0) })
///   …
///   }
/// }
/// ```
///
/// A command of a screen type that has no handler is not dropped in silence: it is reported as
/// a ``WiringIssue`` (a failed test under YaiaTesting) naming the screen and the command.
@MainActor
public struct ScreenHandlers {
  private var handlers: [ObjectIdentifier: (ScreenCommand, ShellEffects<AnyScreen>) -> Void] = [:]

  /// No handlers yet.
  public init() {}

  /// These handlers and `handler` for the commands of `Screen`, which replaces any handler
  /// `Screen` had.
  public func on<Screen: ScreenState>(
    _ screen: Screen.Type,
    _ handler: @escaping @MainActor (Screen.Command, ShellEffects<Screen>) -> Void
  ) -> ScreenHandlers {
    var next = self
    next.handlers[ObjectIdentifier(screen)] = { command, effects in
      guard let command = command.as(Screen.self) else { return }
      handler(command, effects.screen(Screen.self))
    }
    return next
  }

  /// Whether a handler is registered for `screen`: what an exploration checks for every screen
  /// command it meets.
  public func handles(_ screen: any ScreenState.Type) -> Bool {
    handlers[ObjectIdentifier(screen)] != nil
  }

  /// Runs `command` with the handler of the screen that returned it, with effects for that
  /// screen (`effects.scope(\.path, id: id) { .path(id, $0) }` for a stack's screen).
  public func run(_ command: ScreenCommand, _ effects: ShellEffects<AnyScreen>) {
    guard let handler = handlers[ObjectIdentifier(command.screen)] else {
      WiringIssue.report(.noScreenHandler(screen: "\(command.screen)", command: "\(command)"))
      return
    }
    handler(command, effects)
  }
}

extension ShellEffects where State == AnyScreen {
  /// Effects for the screen this ``AnyScreen`` holds, as a `Screen`: its events are made
  /// `Screen.event(…)` on their way, and its work lives in the same scope (a stack's screen id),
  /// so a screen's own command handler runs unchanged.
  public func screen<Screen: ScreenState>(_ screen: Screen.Type) -> ShellEffects<Screen> {
    narrowed(read: { $0.as(Screen.self) }, embed: { Screen.event($0) })
  }
}
