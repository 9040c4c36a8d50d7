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
  /// either way, and also if this process is interrupted (Ctrl-C, a CI's cancel) meanwhile.
  package func run() throws(Failure) -> Outcome {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else {
      throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    guard pipe(&errorPipe) == 0 else {
      close(outputPipe[0])
      close(outputPipe[1])
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
    // No terminal input: a child in a background group that read it would be stopped.
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    for descriptor in outputPipe + errorPipe {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    // A group of its own (its id the child's pid), so that one kill reaches all it starts.
    posix_spawnattr_setpgroup(&attributes, 0)
    let argv = ([program] + arguments).map { strdup($0) }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + environment { free(pointer) }
    }
    // The interrupts are held back from the spawn until the group is recorded for their
    // handlers (else one that came between would find no group to kill); the child starts
    // with none held back.
    var interrupts = sigset_t()
    sigemptyset(&interrupts)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, signalNumber) }
    var previousMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &interrupts, &previousMask)
    var childMask = sigset_t()
    sigemptyset(&childMask)
    posix_spawnattr_setsigmask(&attributes, &childMask)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP) | Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let interrupted = BoundedProcess.forwardingInterrupts()
    defer { BoundedProcess.restore(interrupted) }
    let spawned = posix_spawnp(
      &pid, program, &actions, &attributes, argv + [nil], environment + [nil])
    if spawned == 0 {
      let started = pid
      runningGroup.withLock { $0 = started }
    }
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    close(outputPipe[1])
    close(errorPipe[1])
    guard spawned == 0 else {
      close(outputPipe[0])
      close(errorPipe[0])
      throw Failure(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
    }
    let child = pid
    // The outputs, each drained on its own thread until its end, or until abandoned: a
    // descendant that left the group could hold a pipe open for ever.
    let abandon = Locked(false)
    let outputs = Locked<[[UInt8]]>([[], []])
    let drained = DispatchSemaphore(value: 0)
    for (slot, descriptor) in [outputPipe[0], errorPipe[0]].enumerated() {
      let most = mostBytes
      Thread {
        let bytes = Self.drain(descriptor, keeping: most, until: abandon)
        outputs.withLock { $0[slot] = bytes }
        drained.signal()
      }.start()
    }
    // The clock: when the time runs out, the whole group is killed.
    let finished = DispatchSemaphore(value: 0)
    let watchdogDone = DispatchSemaphore(value: 0)
    let timedOut = Locked(false)
    let limit = timeLimit
    Thread {
      let seconds =
        Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
      if finished.wait(timeout: .now() + seconds) == .timedOut {
        timedOut.withLock { $0 = true }
        kill(-child, SIGKILL)
      }
      watchdogDone.signal()
    }.start()
    // Waited for without reaping, so its pid (the group's id) cannot be reused while the
    // group is killed; then reaped.
    var info = siginfo_t()
    while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) != 0 {
      guard errno == EINTR else { break }
    }
    finished.signal()
    watchdogDone.wait()
    kill(-child, SIGKILL)  // whatever it left running in its group ends with it
    var status: Int32 = 0
    var reaped: pid_t = -1
    repeat { reaped = waitpid(child, &status, 0) } while reaped < 0 && errno == EINTR
    runningGroup.withLock { $0 = 0 }
    // The outputs end with the group; a pipe still held after two seconds is let go.
    for _ in 0..<2 where drained.wait(timeout: .now() + 2) == .timedOut {
      abandon.withLock { $0 = true }
      drained.wait()
    }
    close(outputPipe[0])
    close(errorPipe[0])
    guard reaped == child else {
      throw Failure(description: "lost \(program): \(String(cString: strerror(errno)))")
    }
    let exited = status & 0x7F == 0
    let (output, errors) = outputs.withLock { ($0[0], $0[1]) }
    return Outcome(
      status: exited ? (status >> 8) & 0xFF : nil, timedOut: timedOut.withLock { $0 },
      output: output, errors: errors)
  }

  /// Installs handlers that kill the running group on SIGINT, SIGTERM and SIGHUP before this
  /// process ends as it would have; returns the handlers they replaced.
  private static func forwardingInterrupts() -> [(Int32, sig_t?)] {
    [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
      let previous = signal(signalNumber) { received in
        // Only async-signal-safe calls: read the group, kill it, end as the signal would.
        let group = runningGroup.unsafeValue
        if group > 0 { kill(-group, SIGKILL) }
        signal(received, SIG_DFL)
        raise(received)
      }
      return (signalNumber, previous)
    }
  }

  /// Puts back the handlers ``forwardingInterrupts()`` replaced.
  private static func restore(_ handlers: [(Int32, sig_t?)]) {
    for (signalNumber, handler) in handlers { signal(signalNumber, handler) }
  }

  /// Everything readable from `descriptor` until its end, or until `abandon` is set (checked
  /// every tenth of a second), the first `keeping` bytes kept.
  private static func drain(_ descriptor: Int32, keeping limit: Int, until abandon: Locked<Bool>)
    -> [UInt8]
  {
    var kept: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 100)
      if polled == 0 {
        if abandon.withLock({ $0 }) { return kept }
        continue
      }
      if polled < 0 {
        if errno == EINTR { continue }
        return kept
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return kept }
      if kept.count < limit { kept += chunk[0..<min(count, limit - kept.count)] }
    }
  }
}

/// The process group ``BoundedProcess`` is running, read by its interrupt handlers.
private let runningGroup = GroupCell()

/// One `pid_t` shared with a signal handler: written under a lock by the runner, read without
/// one by the handler (a lock is not async-signal-safe; an aligned 32-bit read is atomic on
/// every platform Swift runs on, and a stale read at worst kills a group already gone).
private final class GroupCell: @unchecked Sendable {
  // @unchecked: `value` is written only inside `lock`, and read without it only by a signal
  // handler, where a torn read is impossible for an aligned Int32 (see above).
  private let lock = NSLock()
  private var value: pid_t = 0

  func withLock(_ body: (inout pid_t) -> Void) {
    lock.lock()
    body(&value)
    lock.unlock()
  }

  /// The value without the lock: for the signal handler only.
  var unsafeValue: pid_t { value }
}
