/// The screen a ``Scene`` draws on: anything that can render a view model.
///
/// This is the one seam between a scene and a UI framework. The UI owns the scene; the scene
/// holds the UI weakly (``Scene/attach(_:)``), so neither keeps the other alive by accident.
/// A view controller, a terminal renderer or a test's recording view each conform in a few
/// lines.
@MainActor
public protocol SceneView: AnyObject {
  /// The view model this screen draws.
  associatedtype ViewModel

  /// Redraws the screen from `viewModel`. Called once on attach, then on every change.
  func render(_ viewModel: ViewModel)
}
