/// Any one screen: the state of whichever ``ScreenState`` it holds, written once by the library
/// in place of the enum of screens (and its enums of events, commands and kinds, and the switch
/// that dispatches between them) an app would otherwise write.
///
/// A stack of mixed screens is `ScreenStack<AnyScreen>` (YaiaFlow), a parent's one destination
/// is `AnyScreen?`, and both work with the forwarding helpers as any child does:
///
/// ```swift
/// var path = ScreenStack<AnyScreen>()
/// var destination: AnyScreen?
/// …
/// case .path(let id, let event): return handle(event, for: id, in: \.path) { .path(id, $0) }
/// case .destination(let event): return handle(event, in: \.destination) { .destination($0) }
/// ```
///
/// It hands a ``ScreenEvent`` to the screen it holds when the event is that screen's, tells the screen the time when it is a
/// ``TimedState``, and returns its commands as ``ScreenCommand``s. An event for another screen type
/// is dropped and reported (a ``WiringIssue``: a failure under an exhaustive test, logged once in
/// the app). Two `AnyScreen`s are equal
/// when they hold screens of the same type that are equal, so a test compares a whole stack
/// with `==`.
public struct AnyScreen: ShellState, Equatable, Sendable, CustomStringConvertible, CustomReflectable
{
  /// The screen's state.
  public private(set) var base: any ScreenState

  /// Holds `screen`.
  public init(_ screen: some ScreenState) {
    base = screen
  }

  /// The type of the screen it holds.
  public var screen: any ScreenState.Type { type(of: base) }

  /// Whether it holds a `Screen`: `path.top?.is(PairingState.self)`.
  public func `is`<Screen: ScreenState>(_ screen: Screen.Type) -> Bool {
    base is Screen
  }

  /// The state of the screen it holds, if it is a `Screen`.
  public func `as`<Screen: ScreenState>(_ screen: Screen.Type) -> Screen? {
    base as? Screen
  }

  /// Changes the screen it holds with `body` if it is a `Screen` (what `body` returns), or does
  /// nothing and returns `nil`: for a parent that hands a screen a value it did not ask for.
  @discardableResult
  public mutating func modify<Screen: ScreenState, Result>(
    _ screen: Screen.Type, _ body: (inout Screen) -> Result
  ) -> Result? {
    guard var state = base as? Screen else { return nil }
    let result = body(&state)
    base = state
    return result
  }

  /// Hands `event` to the screen when it is that screen's, telling a timed screen the time
  /// first; an event for another screen type changes nothing and is reported.
  public mutating func handle(_ event: ScreenEvent) -> [ScreenCommand] {
    func handleScreen<Screen: ScreenState>(_ screen: inout Screen) -> [ScreenCommand] {
      guard let event = event.as(Screen.self) else {
        WiringIssue.reportDropped(
          event, by: AnyScreen.self,
          "it is for a \(event.screen), and the screen there is a \(Screen.self)")
        return []
      }
      if Screen.self is any TimedState.Type {
        Self.stampTime(on: &screen, from: EventTime.current)
      }
      return screen.handle(event).map(Screen.command)
    }
    return handleScreen(&base)
  }

  /// The screen's view model, with its screen type.
  public var viewModel: ScreenViewModel {
    func viewModel<Screen: ScreenState>(of screen: Screen) -> ScreenViewModel {
      ScreenViewModel(ScreenValue(Screen.self, screen.viewModel))
    }
    return viewModel(of: base)
  }

  /// Whether both hold screens of the same type that are equal.
  public static func == (lhs: AnyScreen, rhs: AnyScreen) -> Bool {
    func equals<Screen: ScreenState>(_ left: Screen) -> Bool {
      (rhs.base as? Screen) == left
    }
    return equals(lhs.base)
  }

  /// The screen's state, as it prints itself.
  public var description: String { "\(base)" }

  /// The screen's state as a case named for its screen type, `AnyScreen.MeetingDetail(…)`:
  /// what a dump, a test diff and the inspector show, rather than an opaque `base`.
  public var customMirror: Mirror {
    Mirror(self, children: [String(describing: screen): base as Any], displayStyle: .enum)
  }
}
