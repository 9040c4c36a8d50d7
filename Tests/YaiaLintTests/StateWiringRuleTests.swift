import Foundation
import Testing
import YaiaLint

@Suite("state-wiring")
struct StateWiringRuleTests {
  @Test("an event handed to a child state by hand is found, however the child is reached")
  func handDispatch() async throws {
    let source =
      statePrelude + """
        struct Recording: ShellState {
          var now = Date.distantPast
          mutating func handle(_ event: Int) -> [Int] { [] }
        }
        struct Meeting: ShellState {
          var recording = Recording()
          var sheet: Recording?
          var rows: KeyedChildren<Int, Recording>
          var formatter: Formatter
          mutating func handle(_ event: Int) -> [Int] {
            _ = recording.handle(event)
            guard var child = sheet else { return [] }
            _ = child.handle(event)
            _ = rows[id: 1]?.handle(event)
            _ = self.recording.handle(event)
            _ = formatter.handle(event)
            _ = handle(event, in: \\.recording, lift: { $0 })
            return []
          }
        }
        """
    // The stored child, a copy of the optional one, a row, and `self.`: not the formatter
    // (no state), nor the helper.
    let found = try await lines(of: "state-wiring", in: source)
    #expect(found == [12, 14, 15, 16], "\(found)")
  }

  @Test("a library-style dispatch on a parameter, and a state's own handle, are left alone")
  func parametersAndSelf() async throws {
    let source =
      statePrelude + """
        struct Holder: ShellState {
          var screen: Screen
          mutating func handle(_ event: Int) -> [Int] {
            func forward<S: ShellState>(_ screen: inout S) -> [Int] { screen.handle(event) }
            return forward(&screen) + handle(event, twice: true)
          }
          mutating func handle(_ event: Int, twice: Bool) -> [Int] { [] }
        }
        """
    let found = try await lines(of: "state-wiring", in: source)
    #expect(found == [], "\(found)")
  }

  @Test("a state made from a reader's value or one of its elements is a snapshot; a key is not")
  func sharedSnapshots() async throws {
    let source =
      statePrelude + """
        struct Detail: ShellState {}
        struct Speakers: ShellState {
          enum Screen { case edit([String]), detail(String) }
          enum Command { case save([String]) }
          var names: SharedReader<[String]>
          var path: [Screen] = []
          var shown: Detail?
          mutating func handle(_ event: Int) -> [Int] {
            path.append(.edit(names.value))
            shown = Detail(name: names.value[event])
            path.append(.detail(names.value.first { $0.hasPrefix("A") }!))
            if names.value.isEmpty { return [] }
            shown = Detail(name: names.value[0].uppercased(), reader: names)
            let count = names.value.count
            _ = String(describing: names.value)
            let commands: [Command] = [.save(names.value)]
            _ = commands
            return [count]
          }
        }
        """
    // The whole value, an element, a found element: not a decision, a part, or a count.
    let found = try await lines(of: "state-wiring", in: source)
    #expect(found == [10, 11, 12], "\(found)")
  }

  @Test("outside a state nothing is reported")
  func notAState() async throws {
    let source = """
      struct Recording { mutating func handle(_ event: Int) -> [Int] { [] } }
      struct Driver {
        var recording = Recording()
        mutating func handle(_ event: Int) -> [Int] { recording.handle(event) }
      }
      """
    let found = try await lines(of: "state-wiring", in: source)
    #expect(found == [], "\(found)")
  }
}
