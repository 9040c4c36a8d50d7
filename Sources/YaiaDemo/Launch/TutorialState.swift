import Yaia

/// The tutorial: a few pages, shown on a first run or after an update.
struct TutorialState: DemoScreen {
  /// What can happen in the tutorial.
  enum Event: Equatable, Sendable {
    /// Next page, or done after the last.
    case next
    /// Skip the rest.
    case skip
  }

  /// What the tutorial asks of its parent.
  enum Command: Equatable, Sendable {
    /// The user has seen it.
    case finished
  }

  /// What the tutorial shows.
  struct ViewModel: Equatable, Sendable {
    /// The page's text.
    var page: String
    /// `2 of 3`.
    var position: String
    /// Whether this is the last page.
    var isLast: Bool
  }

  /// The pages.
  static let pages = [
    "Your speakers are on Home. Pick one with ↑/↓, rename it with r, forget it with d.",
    "Press p to pair another: the radio lists the speakers around you, strongest first.",
    "Rows marked + are new, ↕ moved, ~ changed: the same diff a table view would animate.",
  ]

  private var index = 0

  /// The tutorial at its first page.
  init() {}

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .next:
      guard index + 1 < Self.pages.count else { return [.finished] }
      index += 1
      return []
    case .skip:
      return [.finished]
    }
  }

  /// What the screen shows now.
  var viewModel: ViewModel {
    ViewModel(
      page: Self.pages[index], position: "\(index + 1) of \(Self.pages.count)",
      isLast: index + 1 == Self.pages.count)
  }
}

extension TutorialState {
  /// `Tutorial`, in the breadcrumb.
  var title: String { "Tutorial" }
}
