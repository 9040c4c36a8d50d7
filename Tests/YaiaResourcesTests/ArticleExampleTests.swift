import Testing
import YaiaResources

/// The examples of the YaiaResources article, as a reader copies them: public API only.
@Suite("YaiaResources article examples")
struct ArticleExampleTests {
  @Test("a view model says which text it shows, compared by key and arguments")
  func viewModelText() {
    struct HomeViewModel: Equatable {
      var title: LocalizedText
    }

    let viewModel = HomeViewModel(title: LocalizedText("home.speakers", .int(3)))
    #expect(viewModel.title == LocalizedText("home.speakers", .int(3)))
  }
}
