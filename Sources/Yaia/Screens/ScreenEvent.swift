/// An event for one screen of a stack or destination of any screens (``AnyScreen``): made with
/// `MeetingDetail.event(.editTapped)`, taken only by a screen of that type.
///
/// A parent's event for its screens is one case, `case path(ScreenID, ScreenEvent)`, whatever
/// screens it shows: adding a screen adds no case. An event that finds a screen of another type
/// under its id changes nothing, as an event for a popped screen does, and both are reported as a
/// ``WiringIssue``: a failure under an exhaustive test (TCA's test store reports both too),
/// logged once in the app.
public struct ScreenEvent: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
  let content: ScreenValue

  init(_ content: ScreenValue) {
    self.content = content
  }

  /// The screen type the event is for.
  public var screen: any ScreenState.Type { content.screen }

  /// The event, if it is for a `Screen`: `event.as(MeetingDetail.self)`.
  public func `as`<Screen: ScreenState>(_ screen: Screen.Type) -> Screen.Event? {
    content.as(screen, Screen.Event.self)
  }

  /// `MeetingDetail: editTapped`.
  public var description: String { content.description }

  /// The screen's own event as a case named for its screen type,
  /// `ScreenEvent.MeetingDetail(…)`: what a dump, a test diff and the inspector show.
  public var customMirror: Mirror { content.mirror(of: self) }
}
