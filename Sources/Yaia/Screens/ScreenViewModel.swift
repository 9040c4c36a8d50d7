/// The view model of one screen of a stack or destination of any screens (``AnyScreen``), with
/// its screen type: the UI reads it typed, one screen type at a time.
///
/// ```swift
/// if let detail = screen.viewModel.as(MeetingDetail.self) { DetailView(detail) }
/// ```
public struct ScreenViewModel: Equatable, Sendable, CustomStringConvertible, CustomReflectable {
  let content: ScreenValue

  init(_ content: ScreenValue) {
    self.content = content
  }

  /// The view model itself, untyped: for a UI that draws every screen's view model through a
  /// protocol of its own (`viewModel.base as? TerminalDrawable`).
  public var base: any Equatable & Sendable { content.value }

  /// The screen type it shows.
  public var screen: any ScreenState.Type { content.screen }

  /// The view model, if it is a `Screen`'s: `viewModel.as(MeetingDetail.self)`.
  public func `as`<Screen: ScreenState>(_ screen: Screen.Type) -> Screen.ViewModel? {
    content.as(screen, Screen.ViewModel.self)
  }

  /// `MeetingDetail: …`.
  public var description: String { content.description }

  /// The screen's own view model as a case named for its screen type,
  /// `ScreenViewModel.MeetingDetail(…)`: what a dump, a test diff and the inspector show.
  public var customMirror: Mirror { content.mirror(of: self) }
}
