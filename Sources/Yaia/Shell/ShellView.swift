/// The screen a ``Shell`` draws on: anything that can render a view model.
///
/// This is the one seam between a shell and a UI framework. The UI owns the shell; the shell
/// holds the UI weakly (``Shell/attach(_:)``), so neither keeps the other alive by accident.
/// A view controller, a terminal renderer or a test's capturing view each conform in a few
/// lines.
@MainActor
public protocol ShellView: AnyObject {
  /// The view model this screen draws.
  associatedtype ViewModel

  /// Redraws the screen from `viewModel`. Called once on attach, then on every change.
  func render(_ viewModel: ViewModel)
}
