import Yaia

/// Lets a command handler reach the scene it belongs to, for tests that end a scene from
/// inside one of its commands.
@MainActor
final class SceneBox<State: SceneState> where State.Event: Sendable {
  weak var scene: Scene<State>?
}
