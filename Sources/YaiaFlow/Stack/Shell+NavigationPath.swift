public import Yaia

extension Shell {
  /// A binding of the stack's ids, read from the view model at `ids`, that reports the user's
  /// own navigation (the back button, a swipe, a long press on Back) as `userNavigated`: what
  /// SwiftUI's `NavigationStack(path:)` takes, so the state's ``ScreenStack`` stays the only
  /// copy of the path.
  ///
  /// ```swift
  /// NavigationStack(path: Binding(shell.navigationPath(\.ids, userNavigated: Event.userNavigated))) {
  ///   MeetingList(shell)
  ///     .navigationDestination(for: ScreenID.self) { id in MeetingScreenView(shell, id: id) }
  /// }
  /// ```
  ///
  /// The platform can only take screens away, so a new path is sent as
  /// `.setStack(newPath)`, which ``ScreenStack/apply(_:)`` reads as "keep the screens up to
  /// the last one the platform still shows". A path equal to the one shown sends nothing (a
  /// view re-setting what it was given).
  public func navigationPath(
    _ ids: KeyPath<State.ViewModel, [ScreenID]>,
    userNavigated: @escaping (NavigationOperation<ScreenID>) -> State.Event
  ) -> ShellBinding<[ScreenID]> {
    binding(ids) { userNavigated(.setStack($0)) }
  }
}
