/// A state that can be one screen among others: on a stack of mixed screens
/// (`ScreenStack<AnyScreen>` in YaiaFlow) or in a parent's one optional destination
/// (`AnyScreen?`), with no enum of screens, and no parallel enums of their events and commands,
/// written by the app.
///
/// A screen adopts it in its own file, and its parent names it once, where it pushes or
/// presents it:
///
/// ```swift
/// struct MeetingDetail: ScreenState { … }              // its own file: nothing else to write
/// path.push(MeetingDetail(meeting: meeting))           // the parent's one line
/// ```
///
/// Its events, commands and view model stay typed: an event for it is
/// `MeetingDetail.event(.editTapped)` (a ``ScreenEvent`` that only a `MeetingDetail` takes), its
/// commands come out as ``ScreenCommand``s that `command.as(MeetingDetail.self)` reads back,
/// and a whole stack of screens compares with `==`, screen by screen. Why the requirements:
/// `Equatable` so that states compare, `Sendable` so that events and view models cross to the
/// UI and back.
public protocol ScreenState: ShellState, Equatable, Sendable
where Event: Equatable & Sendable, Command: Equatable & Sendable, ViewModel: Sendable {}

extension ScreenState {
  /// This screen's `event`, for a stack or destination of any screens: only a screen of this
  /// type takes it, so an event meant for one screen never reaches another.
  ///
  /// ```swift
  /// shell.send(.path(id, MeetingDetail.event(.editTapped)))
  /// ```
  public static func event(_ event: Event) -> ScreenEvent {
    ScreenEvent(ScreenValue(Self.self, event))
  }

  /// This screen's `command`, as a stack or destination of any screens returns it: what a test
  /// writes in the commands it expects.
  ///
  /// ```swift
  /// .then([.path(ScreenID(0), MeetingDetail.command(.loadNotes("Standup")))])
  /// ```
  public static func command(_ command: Command) -> ScreenCommand {
    ScreenCommand(ScreenValue(Self.self, command))
  }
}
