public import Yaia

/// A `ShellView` that remembers every view model it was asked to render.
///
/// It stands in for the screen in tests: attach it to a shell, act, then compare
/// ``rendered`` with the view models you expect. It is a real conformer of the UI seam,
/// not a mock: it records, it does not pretend.
@MainActor
public final class RecordingView<ViewModel>: ShellView {
  /// Every view model rendered, in order, starting with the one rendered on attach.
  public private(set) var rendered: [ViewModel] = []

  /// Creates an empty recording view.
  public init() {}

  /// Records `viewModel`.
  public func render(_ viewModel: ViewModel) {
    rendered.append(viewModel)
  }

  /// Forgets what was rendered so far.
  public func clear() {
    rendered.removeAll()
  }
}
