import Testing
import Yaia

/// A screen as an app would write it: it owns its scene and renders what the scene pushes.
@MainActor
private final class ProbeScreen: SceneView {
  var scene: Scene<Probe>?
  var renders = 0

  init(probe: Probe, handler: @escaping Scene<Probe>.CommandHandler) {
    let scene = Scene(probe, commands: handler)
    self.scene = scene
    scene.attach(self)
  }

  func render(_ viewModel: Probe.ViewModel) { renders += 1 }
}

@MainActor
@Suite("Scene lifetime: no retain cycles, release cancels work")
struct SceneLifetimeTests {
  /// A handler with work that only cancellation ends, and a subscription to a stream that
  /// never finishes; `cancelled` is set by each when it is cancelled.
  static func handler(cancelled: Flag, subscriptionEnded: Flag) -> Scene<Probe>.CommandHandler {
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

  @Test("releasing the UI releases the scene while its work is running, and cancels the work")
  func releaseCancelsWork() async throws {
    let cancelled = Flag()
    let subscriptionEnded = Flag()
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "x")]
    var screen: ProbeScreen? = ProbeScreen(
      probe: probe,
      handler: Self.handler(cancelled: cancelled, subscriptionEnded: subscriptionEnded))
    weak let weakScreen = screen
    weak let weakScene = screen?.scene
    screen?.scene?.send(.tap(1))
    #expect(screen?.scene?.runningWorkCount == 2)

    screen = nil

    #expect(weakScreen == nil)
    #expect(weakScene == nil)
    // Cancellation reaches the work once its task runs; wait for that without sleeping.
    for _ in 0..<10_000 where !(cancelled.isSet && subscriptionEnded.isSet) { await Task.yield() }
    #expect(cancelled.isSet)
    #expect(subscriptionEnded.isSet)
  }

  @Test("the scene holds its view weakly")
  func sceneHoldsViewWeakly() {
    let scene = Scene(Probe()) { _, _ in }
    var screen: ProbeScreen? = ProbeScreen(probe: Probe()) { _, _ in }
    weak let weakScreen = screen
    scene.attach(screen!)
    screen = nil
    #expect(weakScreen == nil)
    scene.send(.tap(1))  // rendering to a released view does nothing
    #expect(scene.state.log == ["tap1"])
  }

  @Test("effects kept beyond their command do not keep the scene alive, and do nothing after")
  func keptEffectsDoNotRetain() async {
    var kept: SceneEffects<Probe.Event>?
    var probe = Probe()
    probe.script[.tap(1)] = [.follow(id: "x")]
    var scene: Scene<Probe>? = Scene(probe) { _, effects in kept = effects }
    weak let weakScene = scene
    scene?.send(.tap(1))
    scene = nil
    #expect(weakScene == nil)
    kept?.send(.tap(2))
    kept?.run { .tap(3) }
    #expect(kept != nil)
  }

  @Test("ending a scene releases nothing early: the owner still decides its lifetime")
  func endKeepsState() {
    let screen = ProbeScreen(probe: Probe()) { _, _ in }
    screen.scene?.send(.tap(1))
    screen.scene?.end()
    #expect(screen.scene?.state.log == ["tap1"])
    #expect(screen.renders == 2)
  }
}
