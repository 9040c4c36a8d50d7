import Foundation
import Testing
import YaiaLint

@Suite("state-purity and value-types")
struct StateRuleTests {
  @Test("handle and viewModel (and what they call) do no I/O, await nothing, read no clock")
  func impureStates() async throws {
    let source =
      statePrelude + """
        struct Search: ShellState {
          mutating func handle(_ event: Int) -> [Int] {
            let now = Date()
            Task { }
            helper()
            return []
          }
          var viewModel: String { UserDefaults.standard.string(forKey: "k") ?? "" }
          func helper() { _ = Int.random(in: 0..<3) }
          func unreached() async { await Task.yield() }
        }
        """
    // Date(), Task, .random via helper, UserDefaults (type and its .standard once each).
    #expect(try await lines(of: "state-purity", in: source) == [4, 5, 9, 10])
  }

  @Test(
    "every clock read and a fresh IDSequence() in handle are found: .now alone, Date(timeIntervalSinceNow:), clocks' now"
  )
  func clocksAndIDs() async throws {
    let source =
      statePrelude + """
        struct Notes: ShellState {
          var ids: IDSequence
          mutating func handle(_ event: Int) -> [Int] {
            let at: Date = .now
            let soon = Date(timeIntervalSinceNow: 60)
            let tick = ContinuousClock.now
            let since = Date.timeIntervalSinceReferenceDate
            let wall = DispatchTime.now()
            var fresh = IDSequence()
            let kept = ids.next()
            let made = Date(timeIntervalSinceReferenceDate: 0)
            _ = (at, soon, tick, since, wall, fresh.next(), kept, made)
            return []
          }
          var viewModel: String { "" }
        }
        """
    // One finding a read: the split sequence, `ids.next()` and a fixed date are pure.
    let found = try await findings(in: ["Sources/App/Notes.swift": source]).filter {
      $0.ruleID == "state-purity"
    }
    #expect(
      found.map(\.location.line) == [5, 6, 7, 8, 9, 10],
      "\(found.map { "\($0.location.line) \($0.message)" })")
  }

  @Test("a state by extension or through a refining protocol is checked too")
  func indirectStates() async throws {
    let files = [
      "Sources/App/Protocols.swift": statePrelude + "protocol Screen: ShellState {}\n",
      "Sources/App/A.swift": """
      struct A: Screen {
        func handle(_ e: Int) -> [Int] { _ = UUID(); return [] }
      }
      """,
      "Sources/App/B.swift": """
      struct B {
        func handle(_ e: Int) -> [Int] { _ = Date.now; return [] }
      }
      extension B: ShellState {}
      """,
    ]
    #expect(try await lines(of: "state-purity", in: files) == [2, 2])
  }

  @Test("a TimedState that is only imported from Yaia is a state, as in an adopter's app")
  func importedTimedState() async throws {
    // No prelude: the app declares no state protocol, it imports Yaia's.
    let files = [
      "Sources/Notes/NotesState.swift": """
      import Foundation
      import Yaia

      struct NotesState: TimedState {
        var now = Date.distantPast
        var notes: [String] = []
        mutating func handle(_ event: String) -> [Never] {
          notes.append("\\(Date()) \\(UUID()) \\(event)")
          return []
        }
        var viewModel: [String] { notes }
      }
      """,
      "Sources/Notes/Timer.swift": """
      import Yaia

      protocol RecordingScreen: TimedState {}
      struct Recording: RecordingScreen {
        var now = 0
        mutating func handle(_ event: Int) -> [Int] { [Int.random(in: 0..<9)] }
      }
      """,
    ]
    let found = try await findings(in: files).filter { $0.ruleID == "state-purity" }
    #expect(
      found.map(\.location.line) == [8, 8, 6],
      "\(found.map { "\($0.location.line) \($0.message)" })")
  }

  @Test("every protocol Yaia declares that refines ShellState is known to the linter")
  func everyYaiaStateProtocolIsKnown() throws {
    let yaia = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Sources/Yaia")
    let files = try #require(FileManager.default.enumerator(atPath: yaia.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    var refines: [String: [String]] = [:]
    let declaration = try Regex(#"(?m)^\s*public\s+protocol\s+(\w+)\s*:\s*([^{]+)\{"#)
    for file in files {
      let text = try String(contentsOf: yaia.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: declaration) {
        let name = String(match.output[1].substring ?? "")
        let parents = (match.output[2].substring ?? "").split(separator: ",").map {
          String($0.split(separator: " ").first ?? "").split(separator: ".").last.map(String.init)
            ?? ""
        }
        refines[name] = parents
      }
    }
    var states: Set<String> = ["ShellState"]
    var grew = true
    while grew {
      grew = false
      for (name, parents) in refines
      where !states.contains(name) && parents.contains(where: states.contains) {
        states.insert(name)
        grew = true
      }
    }
    #expect(states.contains("TimedState"), "the scan finds Yaia's protocols")
    #expect(states.isSubset(of: LintIndex.yaiaStateProtocols))
  }

  @Test("look-alikes: a non-state doing I/O, a state's shell-side helper, a date passed in")
  func pureLookAlikes() async throws {
    let source =
      statePrelude + """
        struct Loader {
          func handle(_ e: Int) async -> [Int] { _ = Date(); await Task.yield(); return [] }
        }
        struct Clock: ShellState {
          var now: Date
          mutating func handle(_ event: Date) -> [Int] {
            now = event
            let later = Date(timeIntervalSince1970: 0)
            return [Int(later.timeIntervalSince1970)]
          }
          var viewModel: Date { now }
          func shellSide() async { await Task.yield() }
        }
        """
    #expect(try await lines(of: "state-purity", in: source).isEmpty)
  }

  @Test("stored class properties are findings unless allowed")
  func classProperties() async throws {
    let source =
      statePrelude + """
        final class Cache {}
        final class Logger {}
        struct S: ShellState {
          var cache: Cache
          let logger = Logger()
          var count: Int
          var computed: Cache { Cache() }
        }
        """
    #expect(try await lines(of: "state-purity", in: source) == [5, 6])
    let allowed = "rules:\n  state-purity: { allowed-classes: [Logger] }\n"
    #expect(try await lines(of: "state-purity", in: source, yaml: allowed) == [5])
  }

  @Test("Command and ViewModel are values: no class, closure, Any or reference inside")
  func valueTypes() async throws {
    let source =
      statePrelude + """
        final class Box {}
        struct S: ShellState {
          enum Command { case run(() -> Void), log(Any), keep(Box), fine(Int) }
          final class ViewModel {}
        }
        struct T: ShellState {
          struct ViewModel { var title: String; var onTap: (@Sendable () -> Void)? }
          enum Command: Equatable { case save(String) }
        }
        """
    #expect(try await lines(of: "value-types", in: source) == [4, 4, 4, 5, 8])
  }

  @Test("look-alikes: commands of a non-state, value commands, a static closure")
  func valueLookAlikes() async throws {
    let source =
      statePrelude + """
        struct Router { enum Command { case go(() -> Void) } }
        struct S: ShellState {
          enum Command: Equatable { case save(String), delete(id: Int) }
          struct ViewModel: Equatable {
            var rows: [String]
            static let format: (Int) -> String = { "\\($0)" }
            var count: Int { rows.count }
          }
        }
        """
    #expect(try await lines(of: "value-types", in: source).isEmpty)
  }
}
