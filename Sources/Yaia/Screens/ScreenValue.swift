/// A value of one screen type (its event, command or view model) with the type it belongs to:
/// what ``ScreenEvent``, ``ScreenCommand`` and ``ScreenViewModel`` carry, so that each compares
/// with `==`, prints as the screen's own value, and is read back only as that screen's.
@usableFromInline
struct ScreenValue: Equatable, Sendable, CustomStringConvertible {
  /// The screen the value belongs to.
  let screen: any ScreenState.Type
  /// The value, of that screen's own type.
  let value: any Equatable & Sendable

  init<Value: Equatable & Sendable>(_ screen: any ScreenState.Type, _ value: Value) {
    self.screen = screen
    self.value = value
  }

  /// The value, if it belongs to `screen` and is of type `Value`.
  func `as`<Value>(_ screen: any ScreenState.Type, _: Value.Type) -> Value? {
    guard ObjectIdentifier(self.screen) == ObjectIdentifier(screen) else { return nil }
    return value as? Value
  }

  /// Whether both belong to the same screen type and are equal.
  @usableFromInline
  static func == (lhs: ScreenValue, rhs: ScreenValue) -> Bool {
    guard ObjectIdentifier(lhs.screen) == ObjectIdentifier(rhs.screen) else { return false }
    func equals<Value: Equatable>(_ left: Value) -> Bool {
      (rhs.value as? Value) == left
    }
    return equals(lhs.value)
  }

  /// `MeetingDetail: .editTapped`.
  @usableFromInline
  var description: String { "\(screen): \(value)" }

  /// `subject` as a dump, an inspector or a test diff reads it: an enum case named for the
  /// screen type and holding the screen's own value (`ScreenEvent.MeetingDetail(.editTapped)`),
  /// rather than the wrapper's stored fields, which say nothing of the screen's value.
  func mirror(of subject: Any) -> Mirror {
    Mirror(subject, children: [String(describing: screen): value as Any], displayStyle: .enum)
  }
}
