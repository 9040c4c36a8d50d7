import Foundation
import Testing
import YaiaToolSupport

/// What a tool runs for an answer ends in time, with all it started, and cannot flood it.
@Suite("A program run within bounds")
struct BoundedProcessTests {
  @Test("its status and both outputs come back; each output is kept to its limit")
  func outputs() throws {
    let said = try BoundedProcess(
      "/bin/sh", ["-c", "echo hi; echo err >&2; exit 3"], timeLimit: .seconds(60)
    ).run()
    #expect(said.status == 3 && !said.timedOut)
    #expect(String(decoding: said.output, as: UTF8.self) == "hi\n")
    #expect(String(decoding: said.errors, as: UTF8.self) == "err\n")
    let flood = try BoundedProcess(
      "/bin/sh", ["-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2"],
      timeLimit: .seconds(60), mostBytes: 1_000
    ).run()
    #expect(flood.status == 0 && flood.output.count == 1_000 && flood.errors.count == 1_000)
    #expect(throws: BoundedProcess.Failure.self) {
      try BoundedProcess("/no/such/program", [], timeLimit: .seconds(60)).run()
    }
  }

  @Test("past its time limit it is killed with the children it started")
  func timeLimit() throws {
    let folder = try scratchFolder("bounded")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pidFile = folder.appending(path: "child.pid")
    let outcome = try BoundedProcess(
      "/bin/sh", ["-c", "sleep 1000 & echo $! > \(pidFile.path); sleep 1000"],
      timeLimit: .seconds(1)
    ).run()
    #expect(outcome.timedOut && outcome.status == nil)
    let child = try writtenPID(pidFile)
    #expect(try waitUntilGone(child), "the child \(child) still runs")
  }

  @Test(
    "a child that ends leaves nothing behind, and one that escapes the group cannot hold the run")
  func leftBehind() throws {
    let folder = try scratchFolder("bounded")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A grandchild still in the group, holding the output, when the child exits 0: killed
    // with the group, and the run is a success, not a time-out.
    let inGroup = folder.appending(path: "in-group.pid")
    let stayed = try BoundedProcess(
      "/bin/sh", ["-c", "sleep 1000 & echo $! > \(inGroup.path); exit 0"], timeLimit: .seconds(600)
    ).run()
    #expect(stayed.status == 0 && !stayed.timedOut)
    let left = try writtenPID(inGroup)
    #expect(try waitUntilGone(left))
    // A grandchild in a session of its own (out of reach of the group's kill) holding the
    // output: the run still returns, the pipe let go two seconds after the child ended.
    let escaped = folder.appending(path: "escaped.pid")
    let held = try BoundedProcess(
      "/bin/sh",
      ["-c", "setsid sh -c 'echo $$ > \(escaped.path); exec sleep 60' & sleep 1; exit 0"],
      timeLimit: .seconds(600)
    ).run()
    #expect(held.status == 0 && !held.timedOut)
    if let pid = Int32(
      (try? String(contentsOf: escaped, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    {
      kill(pid, SIGKILL)
    }
  }
}
