import Testing
import Yaia
import YaiaTesting

// The screens of the "Using Yaia with SwiftUI" and "Using Yaia with UIKit" articles. The
// SwiftUI view and the view controller are Apple-only: compiled there, not on Linux. The
// screen below them is the same pattern with plain properties for views, compiled and tested
// here.

#if canImport(SwiftUI)
  import SwiftUI

  struct SearchView: View {
    @State private var shell: Shell<SearchState>

    init(services: SearchServices) {
      _shell = State(
        initialValue: Shell(SearchState()) { command, effects in
          SearchShell.run(command, effects, services: services)
        })
    }

    var body: some View {
      List {
        TextField(
          "Search", text: Binding(shell.binding(\.query, send: SearchState.Event.queryChanged)))
        if let error = shell.viewModel.error { Text(error) }
        ForEach(shell.viewModel.results, id: \.self) { Text($0) }
      }
      .task { shell.start() }  // SwiftUI may make the view (and its shell) more than once
    }
  }
#endif

#if canImport(UIKit)
  import UIKit

  final class SearchViewController: UITableViewController, ShellView {
    private let shell: Shell<SearchState>
    private lazy var query = shell.binding(\.query, send: SearchState.Event.queryChanged)
    private let field = UITextField()
    private var results: [String] = []

    init(services: SearchServices) {
      shell = Shell(SearchState()) { command, effects in
        SearchShell.run(command, effects, services: services)
      }
      super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      field.addTarget(self, action: #selector(queryEdited), for: .editingChanged)
      tableView.tableHeaderView = field
      shell.attach(self)
      shell.start()
    }

    @objc private func queryEdited() { query.set(field.text ?? "") }

    func render(_ viewModel: SearchState.ViewModel) {
      if field.text != viewModel.query { field.text = viewModel.query }
      results = viewModel.results
      tableView.reloadData()
    }
  }
#endif

/// The view controller's pattern with plain properties in place of views: it owns its shell
/// (no optional), renders by copying values, and reports edits through the binding.
@MainActor
final class SearchScreen: ShellView {
  let shell: Shell<SearchState>
  private(set) var fieldText = ""
  private(set) var rows: [String] = []
  private lazy var query = shell.binding(\.query, send: SearchState.Event.queryChanged)

  init(services: SearchServices) {
    shell = Shell(SearchState()) { command, effects in
      SearchShell.run(command, effects, services: services)
    }
    shell.attach(self)
    shell.start()
  }

  /// What the field's editing-changed action does.
  func userTyped(_ text: String) { query.set(text) }

  func render(_ viewModel: SearchState.ViewModel) {
    fieldText = viewModel.query
    rows = viewModel.results
  }
}

@MainActor
@Suite("The UI articles' screen, on Linux")
struct SearchScreenTests {
  @Test("the screen shows what the state says, and its edits come back as events")
  func screenPattern() async {
    let clock = TestClock()
    let screen = SearchScreen(services: SearchServices(search: { [$0.uppercased()] }, clock: clock))
    screen.userTyped("swift")
    #expect(screen.fieldText == "swift")
    await clock.sleepers(1)
    await clock.advance(by: .milliseconds(300))
    await settle(screen.shell)
    #expect(screen.rows == ["SWIFT"])
  }

  @Test("a screen released with a search waiting cancels it")
  func releaseCancels() async {
    let clock = TestClock()
    var screen: SearchScreen? = SearchScreen(
      services: SearchServices(search: failingStub("search"), clock: clock))
    screen?.userTyped("swift")
    await clock.sleepers(1)
    weak let shell = screen?.shell
    screen = nil
    #expect(shell == nil)
    for _ in 0..<1000 where clock.sleeperCount > 0 { await Task.yield() }
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
  }
}
