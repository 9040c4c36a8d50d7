import Foundation
import Testing
import Yaia
import YaiaFlow
import YaiaResources
import YaiaSequencer

@testable import YaiaDemo

/// The demo's shell in miniature, as values: what the real shell does with each command and
/// each piece of work the state declares, against a store in memory and a radio that hears a
/// fixed set of speakers. Every state it passes through is kept, so a test can jump back to any
/// of them as the inspector does: the state is put back, the store is not, and the work the
/// state declares starts again.
struct DemoRun {
  private(set) var state: DemoAppState
  /// The store: address → speaker. A jump does not undo it.
  private(set) var store: [String: PairedSpeaker]
  /// The state first, then the state after each event handled.
  private(set) var states: [DemoAppState]
  private var running: Set<DemoAppState.OngoingWork> = []
  let heard: [Broadcast]

  init(_ state: DemoAppState, store: [PairedSpeaker], heard: [Broadcast]) {
    self.state = state
    self.store = Dictionary(uniqueKeysWithValues: store.map { ($0.id, $0) })
    self.heard = heard
    states = [state]
    handle(reconcile(restart: false))
  }

  /// Sends `events` and everything they cause, in order.
  mutating func send(_ events: DemoAppState.Event...) { handle(events) }

  private mutating func handle(_ events: [DemoAppState.Event]) {
    var queue = events
    while !queue.isEmpty {
      let event = queue.removeFirst()
      let commands = state.handle(event)
      states.append(state)
      for command in commands { queue += perform(command) }
      queue += reconcile(restart: false)
    }
  }

  /// Puts back the state after step `index` (0: the first), as a jump does, and runs the work
  /// it declares.
  mutating func jump(to index: Int) {
    state = states[index]
    states.append(state)
    handle(reconcile(restart: true))
  }

  /// What the shell's command handler does, answered at once.
  private mutating func perform(_ command: DemoAppState.Command) -> [DemoAppState.Event] {
    switch command {
    case .screen(let id, let screenCommand):
      if case .save(let address, let model, let nickname)? = screenCommand.as(PairingState.self) {
        let saved = PairedSpeaker(
          id: address, model: model, nickname: nickname, pairedAt: Date(timeIntervalSince1970: 0))
        store[address] = saved
        return [
          .screen(id, PairingState.event(.saved(.success(address)))),
          .home(.speakers(.changed(saved: [saved], deleted: []))),
        ]
      }
      if case .logIn(let user, _)? = screenCommand.as(LoginState.self) {
        let session = LoginSession(user: user, token: Secret("t"), refreshToken: Secret("r"))
        return [.screen(id, LoginState.event(.response(.success(session))))]
      }
      return []
    case .home(.speakers(.rename(let address, let nickname))):
      guard var speaker = store[address] else { return [] }
      speaker.nickname = nickname
      store[address] = speaker
      return [.home(.speakers(.changed(saved: [speaker], deleted: [])))]
    case .home(.speakers(.delete(let address))):
      store[address] = nil
      return [.home(.speakers(.changed(saved: [], deleted: [address])))]
    case .home(.speakers(.pairNew)), .runLaunch, .navigate, .answer, .chooseLanguage, .quit:
      return []
    }
  }

  /// What the shell's `runOngoingWork` does: starts what the state declares and did not run
  /// (all of it after a jump). The library reads the store; the radio hears `heard`.
  private mutating func reconcile(restart: Bool) -> [DemoAppState.Event] {
    if restart { running = [] }
    let wanted = state.ongoingWork
    let started = wanted.subtracting(running)
    running = wanted
    var events: [DemoAppState.Event] = []
    for work in started.sorted(by: { "\($0)" < "\($1)" }) {
      switch work {
      case .speakerLibrary:
        events.append(.home(.speakers(.loaded(speakers))))
      case .radioScan(let id):
        events += heard.map { .screen(id, PairingState.event(.radio(.appeared($0)))) }
      }
    }
    return events
  }

  /// The store's speakers, as Home lists them.
  var speakers: [PairedSpeaker] { store.values.sorted(by: PairedSpeaker.byNickname) }

  /// Home's view model, if Home is on top.
  var home: HomeState.ViewModel? {
    guard case .home(let home) = state.topScreen else { return nil }
    return home
  }

  /// The pairing screen's view model, if it is on top.
  var pairing: PairingState.ViewModel? {
    guard case .pushed(let pushed) = state.topScreen else { return nil }
    return pushed.as(PairingState.self)
  }
}

@Suite("Time travel leaves a working app: a jump to any step, then the app driven on")
struct JumpAnywhereTests {
  static let heard = (1...8).map { Broadcast(id: "b\($0)", model: "Model \($0)", signal: -40 - $0) }
  static let alreadyPaired = [speaker("b7", "Attic"), speaker("b8", "Bath")]

  /// A session like the demo's script: a launch that asks for the login, then Home: pair three
  /// speakers, rename two, delete one, open a link to pairing and back out, pair again.
  static func session() throws -> DemoRun {
    var run = DemoRun(
      DemoAppState(scenario: .regular, plan: try DemoLaunch.plan(.regular)),
      store: alreadyPaired, heard: heard)
    run.send(.started)
    run.send(
      .launch(LaunchEvent(step: .login, kind: .waitingForUser(DemoPrompts.login.key), time: .zero)))
    for event: LoginState.Event in [
      .typed(Secret("ada")), .switchField, .typed(Secret("pw")), .submit,
    ] {
      run.send(.onTop(LoginState.event(event)))
    }
    run.send(.launchEnded(AppFlowTests.summary()))
    for nickname in ["Den", "Kitchen", "Office"] { try pair(&run, as: nickname) }
    try rename(&run, "Den", to: "Study")
    try rename(&run, "Kitchen", to: "Hall")
    let office = try #require(run.store.values.first { $0.nickname == "Office" })
    run.send(.home(.speakers(.select(office.id))), .home(.speakers(.delete)))
    run.send(.home(.speakers(.confirmDelete(true))))
    run.send(.openLink("yaia-demo://pair"), .userNavigated(.pop(count: 1)))
    try pair(&run, as: "Garage")
    return run
  }

  /// Pairs the first speaker in range that is not paired yet, as `nickname`, from Home.
  static func pair(_ run: inout DemoRun, as nickname: String) throws {
    run.send(.home(.speakers(.pairNew)))
    let rows = try #require(run.pairing?.rows, "pairing did not open")
    let target = try #require(rows.firstIndex { $0.pairedAs == nil }, "nothing left to pair")
    let selected = rows.firstIndex { $0.isSelected } ?? 0
    run.send(.onTop(PairingState.event(.moveSelection(by: target - selected))))
    run.send(.onTop(PairingState.event(.pick)))
    for letter in nickname { run.send(.onTop(PairingState.event(.typed(String(letter))))) }
    run.send(.onTop(PairingState.event(.submit)))
  }

  /// Renames the speaker called `old` on Home.
  static func rename(_ run: inout DemoRun, _ old: String, to new: String) throws {
    let address = try #require(run.store.values.first { $0.nickname == old }?.id)
    run.send(.home(.speakers(.select(address))), .home(.speakers(.rename)))
    for _ in old { run.send(.home(.speakers(.deleteBackward))) }
    for letter in new { run.send(.home(.speakers(.typed(String(letter))))) }
    run.send(.home(.speakers(.submit)))
  }

  /// From wherever the app is, as a user would: close what is open, go back to Home, pair a
  /// speaker, rename it.
  static func driveOn(_ run: inout DemoRun) throws {
    if !run.state.navigation.modals.isEmpty { run.send(.userNavigated(.dismiss(count: 1))) }
    let pushed = run.state.navigation.stack.count - 1
    if pushed > 0 { run.send(.userNavigated(.pop(count: pushed))) }
    run.send(.home(.speakers(.cancel)))
    try #require(run.home != nil, "not back on Home: \(String(describing: run.state.topScreen))")
    try pair(&run, as: "Porch")
    try rename(&run, "Porch", to: "Veranda")
  }

  @Test("every step of a session is a jump target the app runs on from, or says why not")
  func everyStep() throws {
    let session = try Self.session()
    let states = session.states
    #expect(states.count >= 100, "a session of \(states.count) steps")
    var refused = 0
    for index in states.indices {
      if let reason = states[index].cannotJump {
        // Only the launch's states and screens awaiting an answer are refused.
        refused += 1
        #expect(!reason.isEmpty)
        continue
      }
      var run = session
      run.jump(to: index)
      try Self.driveOn(&run)
      // Home shows exactly what the store holds, the new speaker renamed among them.
      let home = try #require(run.home, "step \(index): not on Home")
      #expect(
        home.speakers.rows.map(\.nickname) == run.speakers.map(\.nickname),
        "step \(index): Home shows \(home.speakers.rows.map(\.nickname)), the store holds \(run.speakers.map(\.nickname))"
      )
      #expect(run.speakers.contains { $0.nickname == "Veranda" }, "step \(index)")
      #expect(run.state.cannotJump == nil)
    }
    #expect(refused > 0 && refused < states.count / 2, "\(refused) of \(states.count) refused")
  }

  @Test("a jump into pairing scans again; one to before the speakers were read reads them")
  func declaredWorkAfterAJump() throws {
    var run = try Self.session()
    let pairingStep = try #require(run.states.firstIndex { $0.ongoingWork.count == 2 })
    run.jump(to: pairingStep)
    #expect(run.pairing?.rows.count == Self.heard.count, "no scan after the jump")
    // The first Home after the launch listed two speakers; the store holds more now. After
    // the jump Home reads the store again and lists what it holds, not what it held.
    let firstHome = try #require(
      run.states.firstIndex { $0.cannotJump == nil && $0.topScreen.map(Self.isHome) == true })
    let then = try #require(
      { () -> HomeState.ViewModel? in
        guard case .home(let home) = run.states[firstHome].topScreen else { return nil }
        return home
      }())
    #expect(then.speakers.rows.count == Self.alreadyPaired.count)
    run.jump(to: firstHome)
    #expect(run.speakers.count > Self.alreadyPaired.count)
    #expect(run.home?.speakers.rows.map(\.nickname) == run.speakers.map(\.nickname))
  }

  static func isHome(_ screen: DemoAppState.Screen) -> Bool {
    if case .home = screen { true } else { false }
  }

  @Test("the launch and screens awaiting an answer say why they cannot be jumped to")
  func refusals() throws {
    var app = DemoAppState(scenario: .regular, plan: try DemoLaunch.plan(.regular))
    #expect(app.cannotJump?.contains("the launch runs in the app's shell") == true)
    _ = app.handle(.launchEnded(AppFlowTests.summary()))
    #expect(app.cannotJump == nil)
    _ = app.handle(.openLink("yaia-demo://pair"))  // not logged in: the login screen first
    for event: LoginState.Event in [.typed(Secret("ada")), .switchField, .typed(Secret("pw"))] {
      _ = app.handle(.onTop(LoginState.event(event)))
    }
    #expect(app.cannotJump == nil)
    _ = app.handle(.onTop(LoginState.event(.submit)))
    #expect(app.cannotJump?.contains("awaits the server's answer") == true)
  }
}
