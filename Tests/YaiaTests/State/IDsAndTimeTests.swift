import Foundation
import Testing
import Yaia
import YaiaTesting

/// A notes screen that makes ids and stamps notes with the time, without reading a clock.
struct NotesState: TimedState, Equatable {
  struct Note: Equatable { var id: GeneratedID, text: String, at: Date }
  enum Event: Equatable, Sendable {
    case add(String)
    case removeOlder(than: TimeInterval)
  }
  enum Command: Equatable { case save(Note) }
  var now = Date.distantPast
  var ids = IDSequence()
  var notes: [Note] = []
  var viewModel: [String] {
    notes.map { "\($0.id) \($0.text) @\(Int($0.at.timeIntervalSince1970))" }
  }

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .add(let text):
      let note = Note(id: ids.next(), text: text, at: now)
      notes.append(note)
      return [.save(note)]
    case .removeOlder(let age):
      notes.removeAll { now.timeIntervalSince($0.at) > age }
      return []
    }
  }
}

@Suite("Ids and time inside handle, without leaving values")
struct IDsAndTimeTests {
  @Test("a sequence in the test namespace gives #1, #2, … every run")
  func sequentialIDs() {
    var ids = IDSequence()
    #expect([ids.next(), ids.next(), ids.next()].map(\.description) == ["#1", "#2", "#3"])
    #expect(ids.issued == 3)
    #expect(ids.next() == GeneratedID(number: 4))
    var resumed = IDSequence(issued: 4)
    #expect(resumed.next() == GeneratedID(number: 5), "a restored sequence goes on, never repeats")
  }

  @Test("an id is a version 8 UUID that Foundation reads, and apart per namespace")
  func uuidLayout() throws {
    let id = GeneratedID(number: 1)
    #expect(id.uuidString == "00000000-0000-8000-8000-000000000001")
    #expect(UUID(uuid: id.uuid).uuidString == id.uuidString)
    let other = GeneratedID(namespace: 0x0123_4567_89AB_0CDE, number: 1)
    #expect(other.uuidString == "01234567-89AB-8CDE-8000-000000000001")
    #expect(other.description == other.uuidString)
    var seen = Set<String>()
    for _ in 0..<200 {
      var random = IDSequence.random()
      #expect(random.namespace & 0xF000 == 0, "the version's bits are never part of a namespace")
      let uuid = UUID(uuid: random.next().uuid)
      #expect(uuid.uuidString.dropFirst(14).first == "8", "version 8")
      seen.insert(uuid.uuidString)
    }
    #expect(seen.count == 200)
    let ids = try JSONDecoder().decode(
      IDSequence.self, from: JSONEncoder().encode(IDSequence(namespace: 7, issued: 9)))
    #expect(ids == IDSequence(namespace: 7, issued: 9), "persisted with its state")
  }

  @Test("an id round-trips through its UUID, its UUID string and Codable")
  func roundTrip() throws {
    var random = IDSequence.random()
    for id in [
      GeneratedID(number: 1), GeneratedID(namespace: 0xFFFF_FFFF_FFFF_0FFF, number: 9),
      random.next(),
    ] {
      #expect(GeneratedID(uuid: id.uuid) == id)
      #expect(GeneratedID(uuid: UUID(uuid: id.uuid).uuid) == id)
      #expect(GeneratedID(uuidString: id.uuidString) == id)
      #expect(GeneratedID(uuidString: id.uuidString.lowercased()) == id)
      let json = try JSONEncoder().encode(id)
      #expect(String(decoding: json, as: UTF8.self) == "\"\(id.uuidString)\"", "written as a UUID")
      #expect(try JSONDecoder().decode(GeneratedID.self, from: json) == id)
      // A value that keeps the UUID and one that keeps the id write the same JSON.
      #expect(try JSONEncoder().encode(UUID(uuid: id.uuid)) == json)
    }
    #expect(GeneratedID(namespace: 0xF000, number: 1) == GeneratedID(number: 1), "version bits")
  }

  @Test("a UUID that is not one of ours is refused, and ids saved before 0.2 still read")
  func foreignAndLegacy() throws {
    #expect(GeneratedID(uuidString: UUID().uuidString) == nil, "a version 4 UUID")
    #expect(GeneratedID(uuidString: "00000000-0000-8000-C000-000000000001") == nil, "variant")
    for bad in [
      "", "00000000-0000-8000-8000-00000000000", "00000000x0000-8000-8000-000000000001",
      "0000000g-0000-8000-8000-000000000001", "00000000-0000-8000-8000-0000000000011",
    ] {
      #expect(GeneratedID(uuidString: bad) == nil, "\(bad)")
    }
    let legacy = Data(#"{"namespace":7,"number":3}"#.utf8)
    #expect(
      try JSONDecoder().decode(GeneratedID.self, from: legacy)
        == GeneratedID(namespace: 7, number: 3))
    #expect(throws: DecodingError.self, "a number beyond what a UUID holds") {
      try JSONDecoder().decode(
        GeneratedID.self, from: Data(#"{"namespace":7,"number":17925591875783779273}"#.utf8))
    }
    #expect(GeneratedID(number: (1 << 62) + 5) == GeneratedID(number: 5), "a UUID holds 62 bits")
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(GeneratedID.self, from: Data(#""\u001b[31m not an id""#.utf8))
    }
    #expect(String(describing: error).contains(#"\u{1B}"#), "the bad text is shown escaped")
  }

  @Test("a split sequence is a sequence of its own: two splits and the parent never collide")
  func splitSequences() {
    var parent = IDSequence()
    var first = parent.split()
    var second = parent.split()
    #expect(first.namespace != second.namespace)
    #expect(first.namespace != 0 && second.namespace != 0)
    #expect(parent.next() == GeneratedID(number: 3), "each split uses up one number")
    var seen = Set<GeneratedID>()
    for _ in 0..<100 {
      seen.insert(first.next())
      seen.insert(second.next())
      seen.insert(parent.next())
    }
    #expect(seen.count == 300)
    var again = IDSequence()
    #expect(again.split().namespace == first.namespace, "pure: the same every run")
    var namespaces = Set<UInt64>()
    var random = IDSequence.random()
    for _ in 0..<1_000 {
      let child = random.split()
      #expect(child.namespace & 0xF000 == 0)
      namespaces.insert(child.namespace)
      var grandchild = child
      namespaces.insert(grandchild.split().namespace)
    }
    #expect(namespaces.count == 2_000)
  }

  @Test("the article's examples: an id read back, and two splits apart")
  func articleExamples() {
    do {
      var sequence = IDSequence(namespace: 0x0123_4567_89AB_0CDE)
      let id = sequence.next()
      #expect(GeneratedID(uuid: id.uuid) == id)
      #expect(GeneratedID(uuidString: id.uuidString.lowercased()) == id)
    }
    do {
      var ids = IDSequence()
      var firstEdit = ids.split()
      var secondEdit = ids.split()
      #expect(firstEdit.next() != secondEdit.next())
      #expect(ids.next() == GeneratedID(number: 3), "each split used one number")
    }
  }

  @Test("a plain test sets the time by hand")
  func timeByHand() {
    var state = NotesState()
    state.now = Date(timeIntervalSince1970: 100)
    #expect(
      state.handle(.add("a")) == [
        .save(.init(id: GeneratedID(number: 1), text: "a", at: state.now))
      ])
    state.now = Date(timeIntervalSince1970: 200)
    _ = state.handle(.add("b"))
    _ = state.handle(.removeOlder(than: 60))
    #expect(state.viewModel == ["#2 b @200"])
  }

  @MainActor
  @Test("a shell tells a timed state the time before each event; other states read no clock")
  func shellTellsTime() {
    let time = SteppedTime(from: Date(timeIntervalSince1970: 1_000), by: 60)
    var saved: [NotesState.Note] = []
    let shell = Shell(NotesState(), now: time.next) { command, _ in
      if case .save(let note) = command { saved.append(note) }
    }
    shell.send(.add("first"))
    shell.send(.add("second"))
    shell.send(.add("third"))
    #expect(shell.viewModel == ["#1 first @1000", "#2 second @1060", "#3 third @1120"])
    shell.send(.removeOlder(than: 150))  // at 1180
    #expect(shell.viewModel == ["#2 second @1060", "#3 third @1120"])
    #expect(saved.map(\.id) == [1, 2, 3].map { GeneratedID(number: $0) })
    #expect(time.upcoming == Date(timeIntervalSince1970: 1_240))
  }

  @MainActor
  @Test("a harness gives a timed state a stepped time")
  func harnessTime() async {
    let time = SteppedTime(from: Date(timeIntervalSince1970: 0), by: 1)
    let harness = ShellHarness(NotesState(), now: time.next) { _, _ in }
    harness.send(.add("a"))
    harness.send(.add("b"))
    #expect(harness.shell.viewModel == ["#1 a @0", "#2 b @1"])
    await harness.finish()
  }
}
