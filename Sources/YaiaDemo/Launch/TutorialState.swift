import Yaia
import YaiaResources

/// The tutorial: a few pages, shown on a first run or after an update.
struct TutorialState: DemoScreen {
  /// What can happen in the tutorial.
  enum Event: Codable, Equatable, Sendable {
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
    var page: LocalizedText
    /// The page's number, from 1.
    var number: Int
    /// How many pages there are.
    var count: Int
    /// Whether this is the last page.
    var isLast: Bool
  }

  /// The pages.
  static let pages: [LocalizedText] = [.tutorialPage1, .tutorialPage2, .tutorialPage3]

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
      page: Self.pages[index], number: index + 1, count: Self.pages.count,
      isLast: index + 1 == Self.pages.count)
  }
}

extension TutorialState {
  /// `Tutorial`, in the breadcrumb.
  var title: LocalizedText { .screenTutorial }
}
