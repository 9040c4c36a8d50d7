public import Yaia

/// The screens pushed over a root, each holding its own state: the navigation stack as the one
/// place its screens live.
///
/// `Screen` is usually an enum of the app's screen states (`case detail(DetailState)`,
/// `case edit(EditState)`). Pushing a screen adds its state; popping removes it, and in a shell
/// whose command handler scopes the screen's work with `effects.scope(\.path, id: id) { … }`,
/// its work is cancelled and its late events are dropped. Each screen has a ``ScreenID`` that
/// is never reused, so events find their screen by id (`handle(event, for: id, in: \.path)`,
/// with `lift:` or `react:`).
///
/// The stack is also what the platform shows: ``change(_:)`` returns the
/// ``NavigationOperation``s for a ``Router``, whose routes are the screens' ids, and
/// ``apply(_:)`` records the user's own Back (the back button, a swipe, Escape) so that the
/// stack stays the only copy of the path.
///
/// ```swift
/// var path = ScreenStack<Screen>()
/// let detail = path.push(.detail(DetailState(meeting)))   // #0
/// path.push(.edit(EditState(meeting)))                     // #1
/// path.pop()                                               // the edit screen is gone
/// #expect(path.ids == [detail])
/// ```
public struct ScreenStack<Screen> {
  /// The screens, bottom first, each under its id: what a list of views is drawn from.
  public internal(set) var screens = KeyedChildren<ScreenID, Screen>()
  /// The number the next pushed screen gets.
  private var nextNumber = 0

  /// An empty stack: only the root shows.
  public init() {}

  /// A stack of `screens`, bottom first, numbered from `#0`: a deep link's screens, or a
  /// test's starting point.
  public init(_ screens: some Sequence<Screen>) {
    for screen in screens { push(screen) }
  }

  /// The screens' ids, bottom first: the path a platform navigator shows.
  public var ids: [ScreenID] { screens.ids }

  /// The id of the top screen, or `nil` when only the root shows.
  public var topID: ScreenID? { screens.ids.last }

  /// The top screen, or `nil` when only the root shows.
  public var top: Screen? { topID.flatMap { screens[id: $0] } }

  /// The screen under `id`, or `nil` if it is not on the stack (popped, or never pushed).
  /// Setting a screen replaces the one under `id` in place, and does nothing for an id not on
  /// the stack (a stack only grows by `push(_:)`); setting `nil` pops that screen and every
  /// screen above it.
  public subscript(id id: ScreenID) -> Screen? {
    get { screens[id: id] }
    set {
      guard screens[id: id] != nil else { return }
      if let newValue {
        screens[id: id] = newValue
      } else {
        pop(from: id)
      }
    }
  }

  /// Pushes `screen` on top and returns its new id.
  @discardableResult
  public mutating func push(_ screen: Screen) -> ScreenID {
    let id = ScreenID(nextNumber)
    nextNumber += 1
    screens.append(screen, id: id)
    return id
  }

  /// Pops `count` screens off the top (at most all of them); the root stays.
  public mutating func pop(count: Int = 1) {
    for _ in 0..<Swift.max(0, Swift.min(count, screens.count)) {
      guard let id = screens.ids.last else { return }
      screens.remove(id: id)
    }
  }

  /// Pops every screen above `id`, leaving it on top; does nothing if `id` is not on the stack.
  public mutating func pop(to id: ScreenID) {
    guard let index = screens.ids.firstIndex(of: id) else { return }
    pop(count: screens.count - index - 1)
  }

  /// Pops `id` and every screen above it ("this screen is done"); does nothing if `id` is not
  /// on the stack.
  public mutating func pop(from id: ScreenID) {
    guard let index = screens.ids.firstIndex(of: id) else { return }
    pop(count: screens.count - index)
  }

  /// Pops every screen: only the root shows.
  public mutating func popAll() {
    pop(count: screens.count)
  }

  /// Records navigation the user did on the platform: a `.pop` (the back button, a swipe,
  /// Escape) or a `.setStack` to ids already on the stack (a long press on Back in SwiftUI)
  /// removes the screens that went away. Returns the ids removed, bottom first, so the parent
  /// can react to a screen the user left.
  ///
  /// The platform cannot create a screen's state, so pushes, presents, dismissals and ids not
  /// on the stack change nothing.
  @discardableResult
  public mutating func apply(_ operation: NavigationOperation<ScreenID>) -> [ScreenID] {
    let before = ids
    switch operation {
    case .pop(let count):
      pop(count: count)
    case .setStack(let kept):
      // The path the platform shows is a prefix of ours; keep up to its last screen we know.
      let prefix = zip(before, kept).prefix { $0 == $1 }.count
      pop(count: before.count - prefix)
    case .push, .present, .dismiss:
      break
    }
    return Array(before[ids.count...])
  }

  /// The operations that turn `old`'s screens into this stack's: pop the screens that went
  /// away, then push the new ones. Ids are never reused, so a screen replaced by another of
  /// the same kind is popped and pushed, as it is on the screen.
  public func operations(from old: ScreenStack) -> [NavigationOperation<ScreenID>] {
    let prefix = zip(old.ids, ids).prefix { $0 == $1 }.count
    var operations: [NavigationOperation<ScreenID>] = []
    if old.ids.count > prefix { operations.append(.pop(count: old.ids.count - prefix)) }
    for id in ids[prefix...] { operations.append(.push(id)) }
    return operations
  }

  /// Changes the stack with `body` and returns the operations that show the change: how a
  /// parent navigates in one line.
  ///
  /// ```swift
  /// case .meetingTapped(let meeting):
  ///   return [.navigate(path.change { $0.push(.detail(DetailState(meeting))) })]
  /// ```
  public mutating func change(_ body: (inout ScreenStack) -> Void) -> [NavigationOperation<
    ScreenID
  >] {
    let old = self
    body(&self)
    return operations(from: old)
  }
}

extension ScreenStack: RandomAccessCollection {
  /// The position of the bottom screen.
  public var startIndex: Int { 0 }
  /// The position after the top screen.
  public var endIndex: Int { screens.count }
  /// The screen at `position` (0 is the bottom), with its id.
  public subscript(position: Int) -> (id: ScreenID, state: Screen) { screens[position] }
}

extension ScreenStack: Equatable where Screen: Equatable {
  /// Whether both show the same screens under the same ids, in the same order. How many
  /// screens were pushed before does not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.screens == rhs.screens
  }
}

extension ScreenStack: Sendable where Screen: Sendable {}

extension ScreenStack where Screen: ShellState {
  /// The screens' view models, bottom first, each with its screen's id: what a platform's
  /// stack of views is drawn from.
  public var viewModels: [ChildViewModel<ScreenID, Screen.ViewModel>] {
    screens.viewModels
  }
}

extension ScreenStack where Screen == AnyScreen {
  /// Pushes `screen`, any `ScreenState`, on top and returns its new id: a stack of mixed
  /// screens, each named once, where it is pushed.
  ///
  /// ```swift
  /// path.push(MeetingDetail(meeting: meeting))
  /// ```
  @discardableResult
  public mutating func push(_ screen: some ScreenState) -> ScreenID {
    push(AnyScreen(screen))
  }

  /// The ids of the screens that are `Screen`s, bottom first: every pairing screen on the stack.
  public func ids<State: ScreenState>(of screen: State.Type) -> [ScreenID] {
    screens.compactMap { $0.state.is(screen) ? $0.id : nil }
  }
}
