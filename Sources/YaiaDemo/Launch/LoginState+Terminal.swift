import Yaia
import YaiaResources

extension LoginState {
  /// The two fields, the focused one with a cursor, and what the login is doing.
  static func draw(_ login: ViewModel, with pen: ScreenText) -> [String] {
    let (user, password) = (pen.t(.loginUserName), pen.t(.loginPassword))
    let width = max(user.count, password.count)
    var lines = [
      pen.bold(pen.t(.screenLogIn)),
      pen.field(pen.pad(user, width), pen.v(login.user), focused: login.focus == .user),
      pen.field(
        pen.pad(password, width), pen.v(login.password), focused: login.focus == .password),
    ]
    if login.isLoading { lines.append("  " + pen.t(.loginLoggingIn)) }
    if let banner = login.banner { lines.append(pen.red("  ✗ " + pen.t(banner))) }
    return lines + ["", pen.dim(pen.t(.loginHint))]
  }

  /// Tab or ↑/↓ switch fields; text, Backspace and Enter edit and submit the focused one.
  static func answer(to key: Key, on login: ViewModel) -> KeyAnswer<Event> {
    if key == .tab || key == .up || key == .down { return .event(.switchField) }
    let event = Keymap.textField(
      key, { Event.typed(Secret($0)) }, Event.deleteBackward, Event.submit)
    return event.map(KeyAnswer.event) ?? .refused(.loginHint)
  }
}
