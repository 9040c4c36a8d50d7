import Testing
import Yaia
import YaiaTesting

/// A status line that names the speaker it plays on.
struct StatusLine: ShellState {
  enum Event: Sendable { case speakerChanged(String) }
  private(set) var viewModel = ""
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .speakerChanged(let name): viewModel = "Playing on \(name)"
    }
    return []
  }
}

/// A screen that shows the speaker's name and renames it: the change goes out as a command.
struct RenameScreen: ShellState {
  enum Event: Sendable {
    case speakerChanged(String)
    case renameTapped(String)
  }
  enum Command: Equatable { case rename(String) }
  private(set) var viewModel = ""
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .speakerChanged(let name):
      viewModel = name
      return []
    case .renameTapped(let name): return [.rename(name)]
    }
  }
}

/// One shell with two sections that show the same shared value.
struct TwoSections: ShellState {
  enum Event: Sendable { case speakerChanged(String) }
  var header = StatusLine()
  var footer = StatusLine()
  var viewModel: [String] { [header.viewModel, footer.viewModel] }
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .speakerChanged(let name):
      _ = handle(.speakerChanged(name), in: \.header)
      _ = handle(.speakerChanged(name), in: \.footer)
      return []
    }
  }
}

/// A persistence that fails while `failing` is set.
actor FlakyDisk {
  var failing = true
  var saved: [String] = []
  func save(_ value: String) throws {
    if failing { throw DiskFull() }
    saved.append(value)
  }
  func heal() { failing = false }
  struct DiskFull: Error {}
}

@MainActor
@Suite("Shared state: one source of truth that states hear as events")
struct SharedTests {
  @Test("two shells that share a value agree once a send returns")
  func twoShellsAgree() {
    let speaker = Shared("Kitchen")
    let status = Shell(StatusLine()) { _, _ in }
    status.follow(speaker, as: StatusLine.Event.speakerChanged)
    let screen = Shell(RenameScreen()) { command, _ in
      switch command {
      case .rename(let name): speaker.set(name)
      }
    }
    screen.follow(speaker, as: RenameScreen.Event.speakerChanged)
    #expect(status.viewModel == "Playing on Kitchen", "a follower hears the value at once")
    for name in ["Living room", "Office", "Kitchen"] {
      screen.send(.renameTapped(name))
      #expect(screen.viewModel == name)
      #expect(status.viewModel == "Playing on \(name)")
      #expect(speaker.value == name)
    }
  }

  @Test("two sections of one shell show the same value")
  func twoSections() {
    let speaker = Shared("Kitchen")
    let shell = Shell(TwoSections()) { _, _ in }
    shell.follow(speaker, as: TwoSections.Event.speakerChanged)
    speaker.update { $0 += " 2" }
    #expect(shell.viewModel == ["Playing on Kitchen 2", "Playing on Kitchen 2"])
  }

  @Test("a follower that changes the value while hearing it leaves nobody behind")
  func changeWhileNotifying() {
    let volume = Shared(5)
    var heard: [String: [Int]] = [:]
    // The first follower caps the volume at 10, from inside the notification.
    let capper = Shell(RenameScreen()) { _, _ in }
    capper.follow(volume) { value in
      heard["capper", default: []].append(value)
      if value > 10 { volume.set(10) }
      return .speakerChanged("\(value)")
    }
    let other = Shell(StatusLine()) { _, _ in }
    other.follow(volume) { value in
      heard["other", default: []].append(value)
      return .speakerChanged("\(value)")
    }
    volume.set(42)
    #expect(volume.value == 10)
    #expect(capper.viewModel == "10")
    #expect(other.viewModel == "Playing on 10")
    #expect(heard["other"] == [5, 10], "the other follower never heard the value that was capped")
  }

  @Test("setting an equal value tells nobody; an ended shell stops following")
  func endedFollowerDropped() {
    let speaker = Shared("Kitchen")
    var sends = 0
    let shell = Shell(StatusLine()) { _, _ in }
    shell.follow(speaker) { name in
      sends += 1
      return .speakerChanged(name)
    }
    speaker.set("Kitchen")
    #expect(sends == 1)
    shell.end()
    speaker.set("Office")
    #expect(sends == 1)
    #expect(shell.viewModel == "Playing on Kitchen")
  }

  @Test("writes are coalesced, and the value survives a restart")
  func persistedAndCoalesced() async throws {
    let memory = SharedMemory<Int>()
    let first = try await Shared.load(from: .memory(memory), default: 0)
    #expect(first.value == 0)
    for value in 1...100 { first.set(value) }
    await first.saved()
    #expect(await memory.saved == 100)
    #expect(await memory.writes < 100, "changes made while a write waits are written once")
    let restarted = try await Shared.load(from: .memory(memory), default: 0)
    #expect(restarted.value == 100)
  }

  @Test("a failed save is reported with where it went, kept in memory, and retried next change")
  func saveFailure() async {
    let disk = FlakyDisk()
    let persistence = SharedPersistence<String>(
      location: "disk", load: { nil }, save: { try await disk.save($0) })
    let shared = Shared("a", savingTo: persistence)
    var reported: [String] = []
    shared.onSaveError = { reported.append($0.description) }
    shared.set("b")
    await shared.saved()
    #expect(shared.value == "b")
    #expect(reported.count == 1)
    #expect(reported.first?.contains("Could not save the shared value to disk") == true)
    #expect(shared.lastSaveError != nil)
    await disk.heal()
    shared.set("c")
    await shared.saved()
    #expect(await disk.saved == ["c"])
    #expect(shared.lastSaveError == nil)
  }

  @Test("waiting for the writes is bounded: a write that hangs cannot hold the caller")
  func boundedWait() async {
    let hanging = SharedPersistence<Int>(
      location: "a disk that never answers", load: { nil },
      save: { _ in try await Task.sleep(for: .seconds(3600)) })
    let shared = Shared(0, savingTo: hanging)
    #expect(await shared.saved(within: .seconds(1)), "nothing to write")
    shared.set(1)
    #expect(await shared.saved(within: .milliseconds(50)) == false)
    #expect(shared.value == 1)
  }

  @Test("a value that cannot be read is a typed error, not the default")
  func loadFailure() async {
    struct Damaged: Error {}
    let persistence = SharedPersistence<String>(
      location: "settings.json", load: { throw Damaged() }, save: { _ in })
    await #expect(throws: SharedSaveError.self) {
      _ = try await Shared.load(from: persistence, default: "en")
    }
    do {
      _ = try await Shared.load(from: persistence, default: "en")
    } catch {
      #expect(error.description.hasPrefix("Could not read the shared value saved at settings.json"))
    }
  }
}
