import Testing
import Yaia
import YaiaTesting

// A two-section screen: a profile section and a volume section, each a state of its own,
// embedded in one settings screen ("a presenter of presenters").

struct ProfileState: ShellState {
  enum Event: Equatable, Sendable {
    case nameChanged(String)
    case saveTapped, saved
  }
  enum Command: Equatable { case save(name: String) }
  struct ViewModel: Equatable {
    var name = ""
    var isSaving = false
  }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .nameChanged(let name):
      viewModel.name = name
      return []
    case .saveTapped:
      viewModel.isSaving = true
      return [.save(name: viewModel.name)]
    case .saved:
      viewModel.isSaving = false
      return []
    }
  }
}

struct VolumeState: ShellState {
  enum Event: Equatable, Sendable { case up, down }
  enum Command: Equatable { case setVolume(Int) }
  struct ViewModel: Equatable { var level = 5 }
  private(set) var viewModel = ViewModel()

  mutating func handle(_ event: Event) -> [Command] {
    viewModel.level = min(10, max(0, viewModel.level + (event == .up ? 1 : -1)))
    return [.setVolume(viewModel.level)]
  }
}

struct SettingsState: ShellState {
  enum Event: Equatable, Sendable {
    case profile(ProfileState.Event)
    case volume(VolumeState.Event)
  }
  enum Command: Equatable {
    case profile(ProfileState.Command)
    case volume(VolumeState.Command)
  }
  struct ViewModel: Equatable {
    var profile: ProfileState.ViewModel
    var volume: VolumeState.ViewModel
  }

  var profile = ProfileState()
  var volume = VolumeState()

  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .profile(let event): handle(event, in: \.profile, lift: Command.profile)
    case .volume(let event): handle(event, in: \.volume, lift: Command.volume)
    }
  }

  var viewModel: ViewModel { ViewModel(profile: profile.viewModel, volume: volume.viewModel) }
}

/// Each section's shell, written once and reused inside the parent's.
enum ProfileShell {
  @MainActor
  static func run(
    _ command: ProfileState.Command, _ effects: ShellEffects<ProfileState>,
    save: @escaping @Sendable (String) async -> Void
  ) {
    switch command {
    case .save(let name):
      effects.run(id: "profile.save") {
        await save(name)
        return .saved
      }
    }
  }
}

@Suite("Composition: a screen made of sections")
struct CompositionTests {
  @Test("each section gets its own events; commands come out lifted")
  func routesAndLifts() {
    Given(SettingsState())
      .when(.volume(.up), .profile(.nameChanged("Kitchen")), .profile(.saveTapped), .volume(.down))
      .then(
        [.volume(.setVolume(6)), .profile(.save(name: "Kitchen")), .volume(.setVolume(5))],
        viewModel: .init(profile: .init(name: "Kitchen", isSaving: true), volume: .init(level: 5)))
  }

  @Test("a section's shell runs unchanged inside the parent's, its results routed back")
  @MainActor
  func scopedShells() async {
    var volumes: [Int] = []
    let harness = ShellHarness(SettingsState()) { command, effects in
      switch command {
      case .profile(let command):
        ProfileShell.run(
          command, effects.scope(\.profile, SettingsState.Event.profile), save: { _ in })
      case .volume(.setVolume(let level)):
        volumes.append(level)
      }
    }
    harness.send(.profile(.nameChanged("Desk")), .profile(.saveTapped), .volume(.up))
    await harness.receive(.profile(.saved))
    harness.verify(
      rendered: [
        .init(profile: .init(), volume: .init(level: 5)),
        .init(profile: .init(name: "Desk"), volume: .init(level: 5)),
        .init(profile: .init(name: "Desk", isSaving: true), volume: .init(level: 5)),
        .init(profile: .init(name: "Desk", isSaving: true), volume: .init(level: 6)),
        .init(profile: .init(name: "Desk", isSaving: false), volume: .init(level: 6)),
      ],
      commands: [.profile(.save(name: "Desk")), .volume(.setVolume(6))])
    #expect(volumes == [6])
  }

  @Test("a parent reacts to a child's results with itself in hand; a gone child's events drop")
  func reactsToResults() {
    allowingDroppedEvents {
      /// A volume dialog that closes itself when the level reaches the top: the parent reacts to
      /// the child's command instead of lifting it.
      struct Dialog: ShellState {
        enum Event: Equatable, Sendable { case volume(VolumeState.Event) }
        enum Command: Equatable {
          case setVolume(Int)
          case closed(at: Int)
        }
        var volume: VolumeState? = VolumeState()
        var viewModel: Int? { volume?.viewModel.level }

        mutating func handle(_ event: Event) -> [Command] {
          switch event {
          case .volume(let event):
            handle(event, in: \.volume) { dialog, command in
              switch command {
              case .setVolume(let level) where level == 10:
                dialog.volume = nil
                return [.closed(at: level)]
              case .setVolume(let level):
                return [.setVolume(level)]
              }
            }
          }
        }
      }
      var levels = [Dialog.Command]()
      var dialog = Dialog()
      for _ in 0..<7 { levels += dialog.handle(.volume(.up)) }
      #expect(
        levels == [.setVolume(6), .setVolume(7), .setVolume(8), .setVolume(9), .closed(at: 10)])
      #expect(dialog.viewModel == nil)

      struct Always: ShellState {
        enum Command: Equatable { case counted(Int) }
        var volume = VolumeState()
        var viewModel: Int { volume.viewModel.level }
        mutating func handle(_ event: VolumeState.Event) -> [Command] {
          handle(event, in: \.volume) { _, command in
            guard case .setVolume(let level) = command else { return [] }
            return [.counted(level)]
          }
        }
      }
      Given(Always()).when(.down, .down).then([.counted(4), .counted(3)], viewModel: 3)
    }
  }

  @Test("a section that asks for nothing is told its events; the parent returns nothing for it")
  func sectionWithoutCommands() {
    struct Counter: ShellState {
      typealias Command = Never
      var viewModel = 0
      mutating func handle(_ event: Int) -> [Never] {
        viewModel += event
        return []
      }
    }
    struct Screen: ShellState {
      enum Command: Equatable { case none }
      var counter = Counter()
      var viewModel: Int { counter.viewModel }
      mutating func handle(_ event: Int) -> [Command] { handle(event, in: \.counter) }
    }
    Given(Screen()).when(2, 3).then([], viewModel: 5)
  }
}
