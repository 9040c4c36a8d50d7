/// A two-way connection between one field of a view model and the event that reports an
/// edit of it: the pattern behind every text field, toggle and slider.
///
/// The value shown always comes from the view model, so the state stays the one source of
/// truth; an edit is sent as an event, and an edit that changes nothing (a UI re-setting the
/// value it was just given) sends nothing.
///
/// ```swift
/// let query = shell.binding(\.query, send: SearchState.Event.queryChanged)
/// query.value            // what the field shows
/// query.set("swift")     // what the field reports when the user types
/// ```
///
/// On Apple platforms `Binding(query)` makes a SwiftUI `Binding` of it; in UIKit, read
/// `value` in `render` and call `set` from the field's editing-changed action.
@MainActor
public struct ShellBinding<Value: Equatable> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void

  /// A binding that reads with `get` and reports edits with `set`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.read = get
    self.write = set
  }

  /// The value to show: the field of the current view model.
  public var value: Value { read() }

  /// Reports an edit: sends its event, unless `newValue` is what is shown already.
  public func set(_ newValue: Value) {
    guard newValue != read() else { return }
    write(newValue)
  }
}

extension Shell {
  /// A binding of the view-model field at `field` to the event `send` makes of an edit.
  ///
  /// ```swift
  /// TextField("Search", text: Binding(shell.binding(\.query, send: Event.queryChanged)))
  /// ```
  public func binding<Value: Equatable>(
    _ field: KeyPath<State.ViewModel, Value>,
    send event: @escaping (Value) -> State.Event
  ) -> ShellBinding<Value> {
    ShellBinding(
      get: { self.viewModel[keyPath: field] },
      set: { self.send(event($0)) })
  }
}
