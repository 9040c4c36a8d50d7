import Yaia

/// Lets a command handler reach the shell it belongs to, for tests that end a shell from
/// inside one of its commands.
@MainActor
final class ShellBox<State: ShellState> where State.Event: Sendable {
  weak var shell: Shell<State>?
}
