import Yaia
import YaiaSequencer

/// The home screen, made of three sections, each a state of its own: the status, the speaker
/// list, and the summary of the launch. It forwards each section's events with the library's
/// composition helpers and tells the status which speakers the list holds (the list is fed by
/// the store's exact changes: one source for every name Home shows).
struct HomeState: ShellState {
  /// What can happen on Home, by section.
  enum Event: Codable, Equatable, Sendable {
    /// The speaker list's events.
    case speakers(SpeakerListState.Event)
    /// The status's events.
    case status(StatusState.Event)
    /// The launch summary's events.
    case launch(LaunchSummaryState.Event)
  }

  /// What Home asks of its shell and its parent: only the speaker list asks for anything.
  enum Command: Equatable, Sendable {
    /// The speaker list's commands.
    case speakers(SpeakerListState.Command)
  }

  /// What Home shows, by section.
  struct ViewModel: Equatable, Sendable {
    /// The speaker list.
    var speakers: SpeakerListState.ViewModel
    /// The status.
    var status: StatusState.ViewModel
    /// The launch summary.
    var launch: LaunchSummaryState.ViewModel
  }

  private(set) var speakers = SpeakerListState()
  private(set) var status = StatusState()
  private var launch = LaunchSummaryState()

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .speakers(let event):
      let commands = handle(event, in: \.speakers, lift: Command.speakers)
      let paired = Dictionary(
        speakers.speakers.map { ($0.id, $0.nickname) }, uniquingKeysWith: { first, _ in first })
      return commands + handle(.paired(paired), in: \.status)
    case .status(let event):
      return handle(event, in: \.status)
    case .launch(let event):
      return handle(event, in: \.launch)
    }
  }

  /// What Home shows now.
  var viewModel: ViewModel {
    ViewModel(speakers: speakers.viewModel, status: status.viewModel, launch: launch.viewModel)
  }
}

/// Home's launch summary section: the report of the launch that led here.
struct LaunchSummaryState: ShellState {
  /// What the summary learns.
  enum Event: Codable, Equatable, Sendable {
    /// The launch ended with this report.
    case ended(LaunchReport<DemoStep>)
  }

  /// The summary asks for nothing.
  typealias Command = Never

  /// What the summary shows: the report, once there is one.
  struct ViewModel: Equatable, Sendable {
    /// The launch's report.
    var report: LaunchReport<DemoStep>?
  }

  private var report: LaunchReport<DemoStep>?

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .ended(let report): self.report = report
    }
    return []
  }

  /// What the summary shows now.
  var viewModel: ViewModel { ViewModel(report: report) }
}
