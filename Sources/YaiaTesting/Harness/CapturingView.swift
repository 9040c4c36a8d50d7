public import Yaia

/// A `ShellView` that remembers every view model it was asked to render.
///
/// It stands in for the screen in tests: attach it to a shell, act, then compare
/// ``rendered`` with the view models you expect. It is a real conformer of the UI seam,
/// not a mock: it records, it does not pretend.
@MainActor
public final class CapturingView<ViewModel>: ShellView {
  /// Every view model rendered, in order, starting with the one rendered on attach.
  public private(set) var rendered: [ViewModel] = []

  /// Creates an empty capturing view.
  public init() {}

  /// Keeps `viewModel`.
  public func render(_ viewModel: ViewModel) {
    rendered.append(viewModel)
  }

  /// Forgets what was rendered so far.
  public func clear() {
    rendered.removeAll()
  }
}

/// The old name of ``CapturingView``: "recording" is the mock server's word for what it keeps
/// from a real backend (CONTRIBUTING, "One word per idea").
@available(*, deprecated, renamed: "CapturingView")
public typealias RecordingView<ViewModel> = CapturingView<ViewModel>
