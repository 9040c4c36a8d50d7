import Testing
import Yaia

/// A screen as an app would write it: it owns its shell and renders what the shell pushes.
@MainActor
private final class ProbeScreen: ShellView {
  var shell: Shell<Probe>?
  var renders = 0

  init(probe: Probe, handler: @escaping Shell<Probe>.CommandHandler) {
    let shell = Shell(probe, commands: handler)
    self.shell = shell
    shell.attach(self)
  }

  func render(_ viewModel: Probe.ViewModel) { renders += 1 }
}

@MainActor
@Suite("Shell lifetime: no retain cycles, release cancels work")
struct SceneLifetimeTests {
  /// A handler with work that only cancellation ends, and a subscription to a stream that
  /// never finishes; `cancelled` is set by each when it is cancelled.
  static func handler(cancelled: Flag, subscriptionEnded: Flag) -> Shell<Probe>.CommandHandler {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    return { command, effects in
      guard case .follow = command else { return }
      effects.run(id: "long") {
        await withTaskCancellationHandler {
          try? await Task.sleep(for: .seconds(3_600))
          return .result("after cancellation")
        } onCancel: {
          cancelled.set()
        }
      }
      continuation.onTermination = { _ in subscriptionEnded.set() }
      effects.subscribe(id: "radio", to: stream) { .tap($0) }
    }
  }

  @Test("releasing the UI releases the shell while its work is running, and cancels the work")
  func releaseCancelsWork() async throws {
    let cancelled = Flag()
    let subscriptionEnded = Flag()
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "x")]
    var screen: ProbeScreen? = ProbeScreen(
      probe: probe,
      handler: Self.handler(cancelled: cancelled, subscriptionEnded: subscriptionEnded))
    weak let weakScreen = screen
    weak let weakScene = screen?.shell
    screen?.shell?.send(.tap(1))
    #expect(screen?.shell?.runningWorkCount == 2)

    screen = nil

    #expect(weakScreen == nil)
    #expect(weakScene == nil)
    // Cancellation reaches the work once its task runs; wait for that without sleeping.
    for _ in 0..<10_000 where !(cancelled.isSet && subscriptionEnded.isSet) { await Task.yield() }
    #expect(cancelled.isSet)
    #expect(subscriptionEnded.isSet)
  }

  @Test("the shell holds its view weakly")
  func sceneHoldsViewWeakly() {
    let shell = Shell(Probe()) { _, _ in }
    var screen: ProbeScreen? = ProbeScreen(probe: Probe()) { _, _ in }
    weak let weakScreen = screen
    shell.attach(screen!)
    screen = nil
    #expect(weakScreen == nil)
    shell.send(.tap(1))  // rendering to a released view does nothing
    #expect(shell.state.log == ["tap1"])
  }

  @Test("effects kept beyond their command do not keep the shell alive, and do nothing after")
  func keptEffectsDoNotRetain() async {
    var kept: ShellEffects<Probe>?
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "x")]
    var shell: Shell<Probe>? = Shell(probe) { _, effects in kept = effects }
    weak let weakScene = shell
    shell?.send(.tap(1))
    shell = nil
    #expect(weakScene == nil)
    kept?.send(.tap(2))
    kept?.run { .tap(3) }
    #expect(kept != nil)
  }

  @Test("ending a shell releases nothing early: the owner still decides its lifetime")
  func endKeepsState() {
    let screen = ProbeScreen(probe: Probe()) { _, _ in }
    screen.shell?.send(.tap(1))
    screen.shell?.end()
    #expect(screen.shell?.state.log == ["tap1"])
    #expect(screen.renders == 2)
  }
}
