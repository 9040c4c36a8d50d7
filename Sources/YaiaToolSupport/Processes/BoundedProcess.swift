import Foundation
import YaiaSupport

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A program a tool runs for an answer (`swift package dump-package`), bounded in time and in
/// what it prints, and ended with everything it started.
///
/// Why not `Process` alone: a manifest that never finishes held `yaia lint --package-layers`
/// for ever, and killing the tool left `swift-package` and the compiled manifest running.
/// `Process` cannot start a child in a process group of its own, so this spawns one with
/// `posix_spawn` in a new group, and when the time runs out (or when the child ends, for
/// whatever it left behind) kills the whole group.
package struct BoundedProcess {
  /// How a run ended.
  package struct Outcome: Sendable {
    /// The exit status; `nil` when it was killed (by the time limit or a signal).
    package var status: Int32?
    /// Whether the time ran out.
    package var timedOut: Bool
    /// What it printed on standard output, at most ``mostBytes``.
    package var output: [UInt8]
    /// What it printed on standard error, at most ``mostBytes``.
    package var errors: [UInt8]
  }

  /// Why it could not be started.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// What was wrong.
    package var description: String
  }

  /// The program (looked up in `PATH` when it has no `/`) and its arguments.
  package var program: String
  package var arguments: [String]
  /// How long it may run.
  package var timeLimit: Duration
  /// The most bytes kept of each output; more is read and dropped, so the child never blocks.
  package var mostBytes: Int

  /// A run of `program` with `arguments`, within `timeLimit`, keeping at most `mostBytes` of
  /// each output.
  package init(
    _ program: String, _ arguments: [String], timeLimit: Duration, mostBytes: Int = 64 << 20
  ) {
    self.program = program
    self.arguments = arguments
    self.timeLimit = timeLimit
    self.mostBytes = mostBytes
  }

  /// Runs it to its end or its time limit, whichever comes first; its process group is killed
  /// either way.
  package func run() throws(Failure) -> Outcome {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
      throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    for descriptor in outputPipe + errorPipe {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    // A group of its own (its id the child's pid), so that one kill reaches all it starts.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let argv = ([program] + arguments).map { strdup($0) }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + environment { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(
      &pid, program, &actions, &attributes, argv + [nil], environment + [nil])
    close(outputPipe[1])
    close(errorPipe[1])
    guard spawned == 0 else {
      close(outputPipe[0])
      close(errorPipe[0])
      throw Failure(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
    }
    let child = pid
    // The clock: when the time runs out, the whole group is killed, which closes the pipes.
    let finished = DispatchSemaphore(value: 0)
    let timedOut = Locked(false)
    let watchdog = Thread {
      let seconds =
        Double(timeLimit.components.seconds)
        + Double(timeLimit.components.attoseconds) / 1e18
      if finished.wait(timeout: .now() + seconds) == .timedOut {
        timedOut.withLock { $0 = true }
        kill(-child, SIGKILL)
      }
    }
    watchdog.start()
    // Both outputs read at once, each on its own thread: either can fill a pipe's buffer.
    let errors = Locked<[UInt8]>([])
    let errorsRead = DispatchSemaphore(value: 0)
    let errorReader = errorPipe[0]
    let most = mostBytes
    Thread {
      errors.withLock { $0 = Self.drain(errorReader, keeping: most) }
      errorsRead.signal()
    }.start()
    let output = Self.drain(outputPipe[0], keeping: mostBytes)
    errorsRead.wait()
    close(outputPipe[0])
    close(errorPipe[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    finished.signal()
    // Whatever it left running in its group ends with it.
    kill(-child, SIGKILL)
    let exited = status & 0x7F == 0
    return Outcome(
      status: exited ? (status >> 8) & 0xFF : nil, timedOut: timedOut.withLock { $0 },
      output: output, errors: errors.withLock { $0 })
  }

  /// Everything readable from `descriptor` until its end, the first `keeping` bytes kept.
  private static func drain(_ descriptor: Int32, keeping limit: Int) -> [UInt8] {
    var kept: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return kept }
      if kept.count < limit { kept += chunk[0..<min(count, limit - kept.count)] }
    }
  }
}
