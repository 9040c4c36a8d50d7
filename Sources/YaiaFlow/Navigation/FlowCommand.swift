/// What a flow asks of its shell: navigate, or finish and hand a result to its parent.
///
/// A flow is a `ShellState` whose commands are these (or that lifts these into its
/// own); the ``Router`` performs the navigation, and a parent flow takes the result.
public enum FlowCommand<Route: Hashable & Sendable, Output: Hashable & Sendable>: Hashable, Sendable
{
  /// Perform these operations, in order.
  case navigate([NavigationOperation<Route>])
  /// The flow is done; `Output` is its result for the parent.
  case finish(Output)
}
