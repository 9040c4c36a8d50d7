/// A command one screen of a stack or destination of any screens (``AnyScreen``) returned, with
/// the screen type it came from: the parent reads its results with `command.as(EditForm.self)`,
/// and the shell runs the rest with the screen's own handler (``ScreenHandlers``).
///
/// ```swift
/// handle(event, for: id, in: \.path) { app, command in
///   if case .saved(let meeting)? = command.as(MeetingEdit.self) {
///     return app.saved(meeting, from: id)         // a result: the parent's own step
///   }
///   return [.path(id, command)]                    // work: for the shell, as the screen wrote it
/// }
/// ```
public struct ScreenCommand: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
  let content: ScreenValue

  init(_ content: ScreenValue) {
    self.content = content
  }

  /// The screen type that returned the command.
  public var screen: any ScreenState.Type { content.screen }

  /// The command, if a `Screen` returned it: `command.as(MeetingEdit.self)`.
  public func `as`<Screen: ScreenState>(_ screen: Screen.Type) -> Screen.Command? {
    content.as(screen, Screen.Command.self)
  }

  /// `MeetingEdit: saved(…)`.
  public var description: String { content.description }

  /// The screen's own command as a case named for its screen type,
  /// `ScreenCommand.MeetingDetail(…)`: what a dump, a test diff and the inspector show.
  public var customMirror: Mirror { content.mirror(of: self) }
}
