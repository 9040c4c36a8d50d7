extension ShellState {
  /// Hands `event` to the child state stored at `child` and lifts the commands it returns
  /// into this state's commands: the whole of embedding one section in a screen.
  ///
  /// A screen made of sections keeps one state per section, wraps each section's events and
  /// commands in a case of its own, and forwards them:
  ///
  /// ```swift
  /// struct SettingsState: ShellState {
  ///   var profile = ProfileState()
  ///   var volume = VolumeState()
  ///   enum Event: Sendable { case profile(ProfileState.Event), volume(VolumeState.Event) }
  ///   enum Command: Equatable { case profile(ProfileState.Command), volume(VolumeState.Command) }
  ///   struct ViewModel: Equatable { var profile: ProfileState.ViewModel; var volume: VolumeState.ViewModel }
  ///
  ///   mutating func handle(_ event: Event) -> [Command] {
  ///     switch event {
  ///     case .profile(let event): handle(event, in: \.profile, lift: Command.profile)
  ///     case .volume(let event): handle(event, in: \.volume, lift: Command.volume)
  ///     }
  ///   }
  ///   var viewModel: ViewModel { ViewModel(profile: profile.viewModel, volume: volume.viewModel) }
  /// }
  /// ```
  ///
  /// The parent stays free to look at a child's event before forwarding it, to react to a
  /// child's command instead of lifting it, or to send one child's result to another. In the
  /// shell, `effects.scope(\.child, Event.child)` lets each child's command handler run unchanged.
  @inlinable
  public mutating func handle<Child: ShellState>(
    _ event: Child.Event,
    in child: WritableKeyPath<Self, Child>,
    lift: (Child.Command) -> Command
  ) -> [Command] {
    return handleChild(event, at: child).map(lift)
  }
}

extension ShellState {
  /// Hands `event` to the child at `child` if it is there, and lifts the commands it returns;
  /// when the child is `nil` (the sheet was dismissed before a late response arrived), the
  /// event is dropped and nothing is returned.
  ///
  /// ```swift
  /// case .detail(let event): handle(event, in: \.detail, lift: Command.detail)
  /// ```
  ///
  /// In the shell, `effects.scope(\.child, Event.child)` cancels the child's
  /// work when it becomes `nil`.
  @inlinable
  public mutating func handle<Child: ShellState>(
    _ event: Child.Event,
    in child: WritableKeyPath<Self, Child?>,
    lift: (Child.Command) -> Command
  ) -> [Command] {
    guard self[keyPath: child] != nil else {
      WiringIssue.reportDropped(event, by: Self.self, "the child at \(child) is nil")
      return []
    }
    return handleChild(event, at: child).map(lift)
  }

  /// Hands `event` to the child under `id` in the keyed collection at `children`, and lifts
  /// the commands it returns; an event for a child that was removed is dropped.
  ///
  /// ```swift
  /// case .row(let id, let event):
  ///   handle(event, for: id, in: \.rows) { .row(id, $0) }
  /// ```
  ///
  /// In the shell, ``ShellEffects/scope(_:id:_:)`` scopes the child's work to its id and
  /// cancels it when the child is removed.
  @inlinable
  public mutating func handle<ID: Hashable, Child: ShellState>(
    _ event: Child.Event,
    for id: ID,
    in children: WritableKeyPath<Self, KeyedChildren<ID, Child>>,
    lift: (Child.Command) -> Command
  ) -> [Command] {
    guard var child = self[keyPath: children][id: id] else {
      WiringIssue.reportDropped(event, by: Self.self, "no child under the id \(id)")
      return []
    }
    let commands = handleChild(event, copy: &child)
    self[keyPath: children][id: id] = child
    return commands.map(lift)
  }
}

extension ShellState {
  /// Hands `event` to the child at `child` and lets the parent react to each command the
  /// child returns, with the parent itself in hand: for a child whose commands are results
  /// for the parent ("logged in", "picked this one") as much as work for the shell.
  ///
  /// ```swift
  /// case .login(let event):
  ///   handle(event, in: \.login) { app, command in
  ///     switch command {
  ///     case .logIn(let user, let password): [.logIn(user: user, password: password)]
  ///     case .finished(let session): app.loggedIn(session)  // the parent's own step
  ///     }
  ///   }
  /// ```
  ///
  /// A closure of one expression whose body does not compile (a misspelt method,
  /// `{ app, command in app.finsh(command) }`) is reported by the compiler as a `lift` closure:
  /// "expects 1 argument, but 2 were used". Look for the mistake inside the closure; a `switch`
  /// body, as above, is diagnosed at the misspelt member itself.
  @inlinable
  public mutating func handle<Child: ShellState>(
    _ event: Child.Event,
    in child: WritableKeyPath<Self, Child>,
    react: (inout Self, Child.Command) -> [Command]
  ) -> [Command] {
    let commands = handleChild(event, at: child)
    var reactions: [Command] = []
    for command in commands { reactions += react(&self, command) }
    return reactions
  }

  /// Hands `event` to the child at `child` if it is there, and lets the parent react to each
  /// command it returns; when the child is `nil` (its screen has gone), the event is dropped.
  @inlinable
  public mutating func handle<Child: ShellState>(
    _ event: Child.Event,
    in child: WritableKeyPath<Self, Child?>,
    react: (inout Self, Child.Command) -> [Command]
  ) -> [Command] {
    guard self[keyPath: child] != nil else {
      WiringIssue.reportDropped(event, by: Self.self, "the child at \(child) is nil")
      return []
    }
    let commands = handleChild(event, at: child)
    var reactions: [Command] = []
    for command in commands { reactions += react(&self, command) }
    return reactions
  }
}

extension ShellState {
  /// Hands `event` to a child that asks for nothing (its `Command` is `Never`): a section that
  /// only shows what it is told, such as a status line or a summary.
  ///
  /// ```swift
  /// case .status(let event): handle(event, in: \.status)
  /// ```
  @inlinable
  public mutating func handle<Child: ShellState>(
    _ event: Child.Event, in child: WritableKeyPath<Self, Child>
  ) -> [Command] where Child.Command == Never {
    _ = handleChild(event, at: child)
    return []
  }
}

extension ShellState {
  /// Hands `event` to the child under `id` in the keyed collection at `children` and lets the
  /// parent react to each command it returns, with the parent itself in hand: for a row whose
  /// commands are results ("delete me", "opened") as much as work for the shell. An event for a
  /// removed child is dropped. The child is stored back before the parent reacts, so a
  /// reaction that removes it removes it for good.
  ///
  /// ```swift
  /// case .row(let id, let event):
  ///   handle(event, for: id, in: \.rows) { list, command in
  ///     switch command {
  ///     case .deleteTapped: list.rows[id: id] = nil; return []
  ///     case .fetch: return [.row(id, .fetch)]
  ///     }
  ///   }
  /// ```
  @inlinable
  public mutating func handle<ID: Hashable, Child: ShellState>(
    _ event: Child.Event,
    for id: ID,
    in children: WritableKeyPath<Self, KeyedChildren<ID, Child>>,
    react: (inout Self, Child.Command) -> [Command]
  ) -> [Command] {
    guard var child = self[keyPath: children][id: id] else {
      WiringIssue.reportDropped(event, by: Self.self, "no child under the id \(id)")
      return []
    }
    let commands = handleChild(event, copy: &child)
    self[keyPath: children][id: id] = child
    var reactions: [Command] = []
    for command in commands { reactions += react(&self, command) }
    return reactions
  }

  /// Hands `event` to an optional child that asks for nothing (its `Command` is `Never`), if it
  /// is there.
  @inlinable
  public mutating func handle<Child: ShellState>(
    _ event: Child.Event, in child: WritableKeyPath<Self, Child?>
  ) -> [Command] where Child.Command == Never {
    guard self[keyPath: child] != nil else {
      WiringIssue.reportDropped(event, by: Self.self, "the child at \(child) is nil")
      return []
    }
    _ = handleChild(event, at: child)
    return []
  }

  /// Hands `event` to the child under `id` that asks for nothing (its `Command` is `Never`),
  /// if it is there.
  @inlinable
  public mutating func handle<ID: Hashable, Child: ShellState>(
    _ event: Child.Event, for id: ID, in children: WritableKeyPath<Self, KeyedChildren<ID, Child>>
  ) -> [Command] where Child.Command == Never {
    guard var state = self[keyPath: children][id: id] else {
      WiringIssue.reportDropped(event, by: Self.self, "no child under the id \(id)")
      return []
    }
    _ = handleChild(event, copy: &state)
    self[keyPath: children][id: id] = state
    return []
  }
}
